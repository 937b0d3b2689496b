-- Credentials only the running service can use (docs/security.md, Credentials, throttling and
-- lockout; docs/api.md, Hosted card entry): what they are kept as opens nothing without the card
-- vault's key-encrypting key.

-- A profile API key's key for signing hosted card-entry addresses, sealed by the card vault
-- (AES-256-GCM, the key id bound in). NULL for a key issued before this version until the first
-- request it authenticates.
ALTER TABLE api_keys ADD COLUMN signing_key_sealed {{BYTES}};

-- A password's remembered check: HMAC-SHA256 under a key derived inside the card vault over the
-- user id, the stored password hash and the password; when the full check was made and when the
-- remembered one was last used (Unix milliseconds), for its absolute and its idle limit.
CREATE TABLE password_checks (
  user_id      {{INT}} PRIMARY KEY REFERENCES users(id),
  digest       {{BYTES}} NOT NULL,
  verified_at  {{INT}} NOT NULL,
  used_at      {{INT}} NOT NULL
);

-- The last TOTP time step whose replay was counted as a failure, so replays of one code, however
-- many arrive at once, count once.
ALTER TABLE user_mfa ADD COLUMN replay_step {{INT}} NOT NULL DEFAULT 0;
