-- Check payments (docs/interface.md › account_data abaroute, checknum, accounttype; docs/test-cards.md, Checks):
-- the bank account of each approved check sale or refund, sealed by the card vault, held until
-- the entry's return time has come after settlement, and the ACH return it came back with, if any.
-- A voided check loses its account in the commit that voids it.
CREATE TABLE check_entries (
  ttid            {{INT}} PRIMARY KEY REFERENCES transactions(ttid),
  abaroute        TEXT NOT NULL CHECK (length(abaroute) = 9),
  accounttype     TEXT NOT NULL,
  account_sealed  {{BYTES}},
  -- When the return of a settled entry is due (Unix seconds); null until its batch settles.
  return_due_ts   {{INT}},
  return_code     TEXT,
  return_reason   TEXT,
  return_ts       {{INT}},
  CHECK ((return_code IS NULL) = (return_ts IS NULL)),
  CHECK ((return_code IS NULL) = (return_reason IS NULL)),
  CHECK (return_code IS NULL OR account_sealed IS NULL)
);
CREATE INDEX check_entries_due ON check_entries (return_due_ts) WHERE account_sealed IS NOT NULL;
