-- Hosted card entry (docs/interface.md › account_data cardshieldticket; docs/api.md, Hosted card entry): the
-- sessions a merchant opens for one entry on the card-entry page, and the single-use tickets the
-- page hands back. Sessions and tickets are known by the SHA-256 digest of their secret, never by
-- the secret itself. A ticket's card data is sealed by the card vault and dropped when the ticket
-- is used or expires; the rows stay a day longer so a late use is answered "used" or "expired".
CREATE TABLE card_entry_sessions (
  session_hash    TEXT PRIMARY KEY,
  merchant_id     {{INT}} NOT NULL REFERENCES merchants(id),
  profile_id      {{INT}} NOT NULL REFERENCES profiles(id),
  allowed_origin  TEXT NOT NULL,
  -- The API key and nonce of a session opened by signed parameters; a nonce is taken once.
  key_id          TEXT,
  nonce           TEXT,
  created_ts      {{INT}} NOT NULL,
  expires_ts      {{INT}} NOT NULL CHECK (expires_ts > created_ts),
  used_ts         {{INT}},
  CHECK ((key_id IS NULL) = (nonce IS NULL)),
  UNIQUE (key_id, nonce)
);

CREATE TABLE card_tickets (
  ticket_hash   TEXT PRIMARY KEY,
  merchant_id   {{INT}} NOT NULL REFERENCES merchants(id),
  card_sealed   {{BYTES}},
  created_ts    {{INT}} NOT NULL,
  expires_ts    {{INT}} NOT NULL CHECK (expires_ts > created_ts),
  used_ts       {{INT}},
  CHECK (used_ts IS NULL OR card_sealed IS NULL)
);
CREATE INDEX card_tickets_expiry ON card_tickets (expires_ts);
CREATE INDEX card_entry_sessions_expiry ON card_entry_sessions (expires_ts);
