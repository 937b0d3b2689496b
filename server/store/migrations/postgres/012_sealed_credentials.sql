-- Credentials only the running service can use (docs/security.md, Credentials, throttling and
-- lockout; docs/api.md, Hosted card entry): what they are kept as opens nothing without the card
-- vault's key-encrypting key.

-- The last TOTP time step whose replay was counted as a failure, so replays of one code, however
-- many arrive at once, count once.
ALTER TABLE user_mfa ADD COLUMN replay_step BIGINT NOT NULL DEFAULT 0;
