-- Merchants, their users and sub-users, and their profiles (docs/interface.md › Authentication §2, profile_id).
CREATE TABLE merchants (
  id            {{ID}},
  name          TEXT NOT NULL UNIQUE,
  time_zone     TEXT NOT NULL DEFAULT 'UTC',
  created_at    {{INT}} NOT NULL
);

-- A login: the merchant itself (sub = '') or a sub-user "merchant:sub".
CREATE TABLE users (
  id                 {{ID}},
  merchant_id        {{INT}} NOT NULL REFERENCES merchants(id),
  sub                TEXT NOT NULL DEFAULT '',
  password_hash      TEXT NOT NULL,
  default_profile_id {{INT}}{{sqlite: REFERENCES profiles(id)}},
  disabled           {{INT}} NOT NULL DEFAULT 0,
  created_at         {{INT}} NOT NULL,
  UNIQUE (merchant_id, sub)
);

-- A merchant profile: the processor and settings a transaction runs under (docs/interface.md › profile_id).
CREATE TABLE profiles (
  id            {{ID}},
  merchant_id   {{INT}} NOT NULL REFERENCES merchants(id),
  name          TEXT NOT NULL,
  processor     TEXT NOT NULL DEFAULT 'loopback',
  created_at    {{INT}} NOT NULL,
  UNIQUE (merchant_id, name)
);

-- PostgreSQL takes a reference only to a table that exists: users' to profiles is added last.
{{postgres:ALTER TABLE users ADD FOREIGN KEY (default_profile_id) REFERENCES profiles(id);}}
