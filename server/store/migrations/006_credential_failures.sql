-- Failed authentications, counted per credential (a user, an API key id) and, for names that match
-- no credential, per source address: the state of throttling and account lockout (PCI DSS v4.0
-- 8.3.4; docs/security.md). Kept in the store so a lockout survives a restart and every instance
-- over one database sees the same counts. Times are Unix milliseconds.
CREATE TABLE credential_failures (
  kind           TEXT NOT NULL CHECK (kind IN ('user', 'api_key', 'address')),
  -- users.id for a user, the public key id for an API key, the address (IPv6: its /64) otherwise.
  subject        TEXT NOT NULL,
  failures       {{INT}} NOT NULL CHECK (failures > 0),
  -- Failures count toward the limit until then (the first failure plus the window).
  counted_until  {{INT}} NOT NULL,
  -- Refused without checking until then (never before counted_until); NULL below the limit.
  locked_until   {{INT}},
  PRIMARY KEY (kind, subject)
);
-- Rows past both times mean nothing; they are deleted as new failures are written.
CREATE INDEX credential_failures_counted ON credential_failures (counted_until);
