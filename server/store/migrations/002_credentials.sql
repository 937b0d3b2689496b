-- Credentials beyond the password (docs/interface.md › Authentication §5–7): sub-user permissions, API keys,
-- MFA secrets and cookies, and the operations a merchant wants dual-authorized.

-- Operations a sub-user may run ('*' = every operation). The merchant user may run every operation.
CREATE TABLE user_permissions (
  user_id    {{INT}} NOT NULL REFERENCES users(id),
  operation  TEXT NOT NULL,
  PRIMARY KEY (user_id, operation)
);

-- An API key: a public id and a secret stored as its SHA-256 digest. It acts as its user; a
-- profile key (profile_id set) is also bound to that one profile.
CREATE TABLE api_keys (
  id           {{ID}},
  key_id       TEXT NOT NULL UNIQUE,
  user_id      {{INT}} NOT NULL REFERENCES users(id),
  profile_id   {{INT}} REFERENCES profiles(id),
  name         TEXT NOT NULL DEFAULT '',
  secret_hash  TEXT NOT NULL,
  created_at   {{INT}} NOT NULL,
  revoked_at   {{INT}}
);

-- A user's TOTP secret, sealed (AES-256-GCM) under the data directory's secret key, and the last
-- time step accepted, so a code is never accepted twice (RFC 6238 §5.2).
CREATE TABLE user_mfa (
  user_id        {{INT}} PRIMARY KEY REFERENCES users(id),
  secret_sealed  TEXT NOT NULL,
  last_step      {{INT}} NOT NULL DEFAULT 0,
  enabled_at     {{INT}} NOT NULL
);

-- A long-lived MFA cookie, stored as its SHA-256 digest, usable instead of a code until expires_at.
CREATE TABLE mfa_cookies (
  id           {{ID}},
  user_id      {{INT}} NOT NULL REFERENCES users(id),
  cookie_hash  TEXT NOT NULL UNIQUE,
  created_at   {{INT}} NOT NULL,
  expires_at   {{INT}} NOT NULL
);

-- Operations a merchant has marked as needing a second user's authorization.
CREATE TABLE dual_auth_operations (
  merchant_id  {{INT}} NOT NULL REFERENCES merchants(id),
  operation    TEXT NOT NULL,
  PRIMARY KEY (merchant_id, operation)
);
