-- Merchants, their users and sub-users, and their profiles (seed: Authentication §2, profile_id).
CREATE TABLE merchants (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE,
  time_zone     TEXT NOT NULL DEFAULT 'UTC',
  created_at    INTEGER NOT NULL
);

-- A login: the merchant itself (sub = '') or a sub-user "merchant:sub".
CREATE TABLE users (
  id                 INTEGER PRIMARY KEY,
  merchant_id        INTEGER NOT NULL REFERENCES merchants(id),
  sub                TEXT NOT NULL DEFAULT '',
  password_hash      TEXT NOT NULL,
  default_profile_id INTEGER REFERENCES profiles(id),
  disabled           INTEGER NOT NULL DEFAULT 0,
  created_at         INTEGER NOT NULL,
  UNIQUE (merchant_id, sub)
);

-- A merchant profile: the processor and settings a transaction runs under (seed: profile_id).
CREATE TABLE profiles (
  id            INTEGER PRIMARY KEY,
  merchant_id   INTEGER NOT NULL REFERENCES merchants(id),
  name          TEXT NOT NULL,
  processor     TEXT NOT NULL DEFAULT 'loopback',
  created_at    INTEGER NOT NULL,
  UNIQUE (merchant_id, name)
);
