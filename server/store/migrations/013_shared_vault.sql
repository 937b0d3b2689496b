-- The card vault of a store shared by several instances (docs/security.md, Key custody; docs/scaling.md):
-- its data key, wrapped by one key-encrypting key or by two while a rotation is under way, and the
-- service's own keys sealed under that data key. A store used by one instance on SQLite keeps its
-- vault in the data directory instead, and these tables stay empty.

-- The vault's wrapped data key (the JSON of card-vault.json): one row at most.
CREATE TABLE vault_key (
  id            {{INT}} PRIMARY KEY CHECK (id = 1),
  vault         TEXT NOT NULL,
  wrapped_json  TEXT NOT NULL CHECK ({{JSON(wrapped_json)}}),
  updated_ts    {{INT}} NOT NULL
);

-- A key of the service's own (the key sealing TOTP secrets), sealed by the card vault with its name
-- bound in (AES-256-GCM).
CREATE TABLE service_keys (
  name        TEXT PRIMARY KEY,
  sealed      {{BYTES}} NOT NULL,
  created_ts  {{INT}} NOT NULL
);
