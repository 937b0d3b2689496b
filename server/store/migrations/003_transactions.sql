-- Transactions, their history, batches, orders, tokens and per-profile settlement settings
-- (docs/interface.md › States and transitions, Transaction detail response). Money is integer minor units.
-- Every state change is one database transaction; the CHECK constraints below are the invariants a
-- row must hold after any commit, so a half-applied change cannot be written.

-- A batch of captured transactions of one profile; numbered per profile from 1, one open at a time.
CREATE TABLE batches (
  id          {{ID}},
  profile_id  {{INT}} NOT NULL REFERENCES profiles(id),
  number      {{INT}} NOT NULL CHECK (number > 0),
  status      TEXT NOT NULL CHECK (status IN ('open', 'settled')),
  item_count  {{INT}} NOT NULL DEFAULT 0 CHECK (item_count >= 0),
  opened_ts   {{INT}} NOT NULL,
  settled_ts  {{INT}},
  CHECK ((status = 'settled') = (settled_ts IS NOT NULL)),
  UNIQUE (profile_id, number)
);
CREATE UNIQUE INDEX batches_one_open ON batches (profile_id) WHERE status = 'open';

-- An order (docs/interface.md › order_id): created with its first transaction, in the same commit.
CREATE TABLE orders (
  id           {{ID}},
  merchant_id  {{INT}} NOT NULL REFERENCES merchants(id),
  order_id     TEXT NOT NULL,
  created_ts   {{INT}} NOT NULL,
  UNIQUE (merchant_id, order_id)
);

-- One transaction (sale, preauth or refund) and its current state. ttid is the row id, never
-- reused. card_sealed holds the encrypted account while later moves may need it (SENSITIVEDATA).
CREATE TABLE transactions (
  ttid              {{ID_NEVER_REUSED}},
  merchant_id       {{INT}} NOT NULL REFERENCES merchants(id),
  profile_id        {{INT}} NOT NULL REFERENCES profiles(id),
  user_id           {{INT}} NOT NULL REFERENCES users(id),
  username          TEXT NOT NULL,
  kind              TEXT NOT NULL CHECK (kind IN ('sale', 'preauth', 'refund')),
  state             TEXT NOT NULL
                    CHECK (state IN ('declined', 'authorized', 'captured', 'settled', 'voided', 'reversed')),
  parent_ttid       {{INT}} REFERENCES transactions(ttid),
  order_ref         {{INT}} REFERENCES orders(id),
  payment_id        TEXT,
  req_amount        {{INT}} NOT NULL CHECK (req_amount > 0),
  amount            {{INT}} NOT NULL CHECK (amount >= 0),
  refunded_amount   {{INT}} NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  batch_id          {{INT}} REFERENCES batches(id),
  item              {{INT}} CHECK (item > 0),
  code              TEXT NOT NULL,
  msoft_code        TEXT NOT NULL,
  phard_code        TEXT,
  verbiage          TEXT NOT NULL,
  auth              TEXT,
  stan              TEXT,
  avs               TEXT,
  cv                TEXT,
  account_masked    TEXT NOT NULL,
  last4             TEXT NOT NULL CHECK (length(last4) <= 4),
  cardtype          TEXT NOT NULL,
  cardholdername    TEXT,
  entry_mode        TEXT NOT NULL,
  token             TEXT,
  card_sealed       {{BYTES}},
  online            {{INT}} NOT NULL CHECK (online IN (0, 1)),
  status_flags      TEXT NOT NULL DEFAULT '',
  reversal_reason   TEXT,
  echo_json         TEXT NOT NULL CHECK ({{JSON(echo_json)}}),
  custom_json       TEXT NOT NULL CHECK ({{JSON(custom_json)}}),
  created_ts        {{INT}} NOT NULL,
  last_modified_ts  {{INT}} NOT NULL CHECK (last_modified_ts >= created_ts),
  CHECK ((state = 'declined') = (code <> 'AUTH')),
  CHECK (state NOT IN ('captured', 'settled') OR (batch_id IS NOT NULL AND item IS NOT NULL)),
  CHECK ((batch_id IS NULL) = (item IS NULL)),
  CHECK (card_sealed IS NULL OR state IN ('authorized', 'captured')),
  CHECK (kind <> 'refund' OR state IN ('declined', 'captured', 'settled', 'voided')),
  CHECK (refunded_amount <= amount),
  CHECK ((payment_id IS NULL) OR (order_ref IS NOT NULL)),
  UNIQUE (batch_id, item)
);
CREATE INDEX transactions_profile_state ON transactions (profile_id, state);
CREATE INDEX transactions_order ON transactions (order_ref, payment_id);
CREATE INDEX transactions_parent ON transactions (parent_ttid);
CREATE INDEX transactions_created ON transactions (profile_id, created_ts);

-- The history of every request that touched a transaction, its creation first (audit trail).
CREATE TABLE transaction_events (
  id          {{ID}},
  ttid        {{INT}} NOT NULL REFERENCES transactions(ttid),
  action      TEXT NOT NULL,
  amount      {{INT}},
  code        TEXT NOT NULL,
  msoft_code  TEXT NOT NULL,
  phard_code  TEXT,
  verbiage    TEXT NOT NULL,
  stan        TEXT,
  username    TEXT NOT NULL,
  ts          {{INT}} NOT NULL
);
CREATE INDEX transaction_events_ttid ON transaction_events (ttid);

-- The last system trace audit number sequence value used per profile (ISO 8583 field 11).
CREATE TABLE profile_counters (
  profile_id  {{INT}} PRIMARY KEY REFERENCES profiles(id),
  stan_seq    {{INT}} NOT NULL CHECK (stan_seq >= 0)
);

-- The daily automatic settlement time of a profile, HH:MM in the merchant's time zone.
CREATE TABLE auto_settle (
  profile_id   {{INT}} PRIMARY KEY REFERENCES profiles(id),
  settle_time  TEXT NOT NULL CHECK ({{sqlite:settle_time GLOB '[0-2][0-9]:[0-5][0-9]'}}{{postgres:settle_time ~ '^[0-2][0-9]:[0-5][0-9]$'}}),
  last_run_ts  {{INT}}
);

-- A token standing for an account (docs/interface.md › tokenize, matching_token). fingerprint is a keyed hash of
-- the account number, so a matching token is found without keeping the number in the clear.
CREATE TABLE tokens (
  id              {{ID}},
  merchant_id     {{INT}} NOT NULL REFERENCES merchants(id),
  token           TEXT NOT NULL UNIQUE,
  fingerprint     TEXT NOT NULL,
  card_sealed     {{BYTES}} NOT NULL,
  account_masked  TEXT NOT NULL,
  last4           TEXT NOT NULL,
  cardtype        TEXT NOT NULL,
  created_ts      {{INT}} NOT NULL,
  last_used_ts    {{INT}} NOT NULL
);
CREATE INDEX tokens_fingerprint ON tokens (merchant_id, fingerprint);
