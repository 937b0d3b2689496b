-- New transactions in flight (docs/test-cards.md, In flight): each is recorded here before its
-- message goes online and removed in the commit that records its outcome, so an order lookup
-- meanwhile answers "in progress", and a start finds what a crashed instance left in flight.
CREATE TABLE in_flight (
  id           {{ID}},
  merchant_id  {{INT}} NOT NULL REFERENCES merchants(id),
  profile_id   {{INT}} NOT NULL REFERENCES profiles(id),
  -- The order the transaction belongs to (order_id as sent), if any.
  order_id     TEXT,
  -- What it will be recorded as if it never completes: JSON of everything but its outcome.
  draft_json   TEXT NOT NULL CHECK ({{JSON(draft_json)}}),
  -- The account, sealed (AES-256-GCM), when the processor checks the card itself.
  card_sealed  {{BYTES}},
  created_ts   {{INT}} NOT NULL{{postgres:,
  -- The service instance working on it: the key of the advisory lock that instance holds for as
  -- long as it runs, so a record whose owner holds no lock is an orphan (one instance owns a
  -- SQLite file, so its records need no owner).
  owner        BIGINT NOT NULL}}
);
CREATE INDEX in_flight_order ON in_flight (merchant_id, order_id);
{{postgres:
-- The service instances running over the database: each renews its lease (lease_until, the
-- database's clock in Unix milliseconds) while it runs and deletes its row when it stops. After a
-- failover the new primary holds none of the instances' advisory locks until each takes its own
-- again; a live lease meanwhile keeps its records from being taken over.
CREATE TABLE instances (
  owner        BIGINT PRIMARY KEY,
  lease_until  BIGINT NOT NULL
);}}
