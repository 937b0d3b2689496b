-- New transactions in flight (docs/test-cards.md, In flight): each is recorded here before its
-- message goes online and removed in the commit that records its outcome, so an order lookup
-- meanwhile answers "in progress", and a restart finds what a crash left in flight.
CREATE TABLE in_flight (
  id           INTEGER PRIMARY KEY,
  merchant_id  INTEGER NOT NULL REFERENCES merchants(id),
  profile_id   INTEGER NOT NULL REFERENCES profiles(id),
  -- The order the transaction belongs to (order_id as sent), if any.
  order_id     TEXT,
  -- What it will be recorded as if it never completes: JSON of everything but its outcome.
  draft_json   TEXT NOT NULL CHECK (json_valid(draft_json)),
  -- The account, sealed (AES-256-GCM), when the processor checks the card itself.
  card_sealed  BLOB,
  created_ts   INTEGER NOT NULL
);
CREATE INDEX in_flight_order ON in_flight (merchant_id, order_id);
