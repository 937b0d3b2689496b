-- On SQLite, the transactions table's checks of a column against a list of more than two words are
-- written as comparisons joined by OR (docs/architecture.md › CPU per sale): SQLite evaluates
-- `x IN (a, b, c, …)` by building a temporary b-tree of the list each time a statement runs, four
-- of them for every transaction inserted. The rows, the ttid sequence and the indexes are kept;
-- the table is rebuilt because SQLite cannot change a check in place (SQLite, ALTER TABLE,
-- "Making Other Kinds Of Table Schema Changes"). The rows referring to transactions find theirs
-- again by the commit (foreign keys deferred); the new table's indexes, and two kept only for the
-- rebuild, exist before the rows go back, so each row's lookup of the rows referring to it uses an
-- index (without them the step takes time growing with the square of the rows). PostgreSQL keeps
-- its IN lists.
{{sqlite:PRAGMA defer_foreign_keys = ON;
CREATE INDEX gift_ledger_ttid_rebuild ON gift_ledger (ttid);
CREATE INDEX card_deny_list_ttid_rebuild ON card_deny_list (ttid);
CREATE TABLE transactions_rows AS SELECT * FROM transactions ORDER BY ttid;
CREATE TABLE transactions_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'transactions';
DROP TABLE transactions;
CREATE TABLE transactions (
  ttid              INTEGER PRIMARY KEY AUTOINCREMENT,
  merchant_id       INTEGER NOT NULL REFERENCES merchants(id),
  profile_id        INTEGER NOT NULL REFERENCES profiles(id),
  user_id           INTEGER NOT NULL REFERENCES users(id),
  username          TEXT NOT NULL,
  kind              TEXT NOT NULL CHECK (kind = 'sale' OR kind = 'preauth' OR kind = 'refund'),
  state             TEXT NOT NULL
                    CHECK (state = 'declined' OR state = 'authorized' OR state = 'captured'
                      OR state = 'settled' OR state = 'voided' OR state = 'reversed'),
  parent_ttid       INTEGER REFERENCES transactions(ttid),
  order_ref         INTEGER REFERENCES orders(id),
  payment_id        TEXT,
  req_amount        INTEGER NOT NULL CHECK (req_amount > 0),
  amount            INTEGER NOT NULL CHECK (amount >= 0),
  refunded_amount   INTEGER NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  batch_id          INTEGER REFERENCES batches(id),
  item              INTEGER CHECK (item > 0),
  code              TEXT NOT NULL,
  msoft_code        TEXT NOT NULL,
  phard_code        TEXT,
  verbiage          TEXT NOT NULL,
  auth              TEXT,
  stan              TEXT,
  avs               TEXT,
  cv                TEXT,
  account_masked    TEXT NOT NULL,
  last4             TEXT NOT NULL CHECK (length(last4) <= 4),
  cardtype          TEXT NOT NULL,
  cardholdername    TEXT,
  entry_mode        TEXT NOT NULL,
  token             TEXT,
  card_sealed       BLOB,
  online            INTEGER NOT NULL CHECK (online IN (0, 1)),
  status_flags      TEXT NOT NULL DEFAULT '',
  reversal_reason   TEXT,
  echo_json         TEXT NOT NULL CHECK (json_valid(echo_json)),
  custom_json       TEXT NOT NULL CHECK (json_valid(custom_json)),
  created_ts        INTEGER NOT NULL,
  last_modified_ts  INTEGER NOT NULL CHECK (last_modified_ts >= created_ts),
  operation         TEXT NOT NULL DEFAULT 'sale'
                    CHECK (operation = 'sale' OR operation = 'preauth' OR operation = 'refund'
                      OR operation = 'activate' OR operation = 'issue' OR operation = 'cashout'
                      OR operation = 'merchreturn'),
  gift_account_id   INTEGER REFERENCES gift_accounts(id),
  card_fingerprint  TEXT,
  CHECK ((state = 'declined') = (code <> 'AUTH')),
  CHECK (state NOT IN ('captured', 'settled') OR (batch_id IS NOT NULL AND item IS NOT NULL)),
  CHECK ((batch_id IS NULL) = (item IS NULL)),
  CHECK (card_sealed IS NULL OR state IN ('authorized', 'captured')),
  CHECK (kind <> 'refund' OR state = 'declined' OR state = 'captured' OR state = 'settled'
    OR state = 'voided'),
  CHECK (refunded_amount <= amount),
  CHECK ((payment_id IS NULL) OR (order_ref IS NOT NULL)),
  UNIQUE (batch_id, item)
);
CREATE INDEX transactions_profile_state ON transactions (profile_id, state);
CREATE INDEX transactions_created ON transactions (profile_id, created_ts);
CREATE INDEX transactions_parent ON transactions (parent_ttid) WHERE parent_ttid IS NOT NULL;
CREATE INDEX transactions_gift_account ON transactions (gift_account_id)
  WHERE gift_account_id IS NOT NULL;
CREATE INDEX transactions_order ON transactions (order_ref, payment_id) WHERE order_ref IS NOT NULL;
CREATE INDEX transactions_card ON transactions (profile_id, card_fingerprint, created_ts)
  WHERE card_fingerprint IS NOT NULL;
INSERT INTO transactions SELECT * FROM transactions_rows ORDER BY ttid;
INSERT INTO sqlite_sequence (name, seq) SELECT 'transactions', seq FROM transactions_sequence
  WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'transactions');
UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM transactions_sequence))
  WHERE name = 'transactions' AND EXISTS (SELECT 1 FROM transactions_sequence);
DROP TABLE transactions_rows;
DROP TABLE transactions_sequence;
DROP INDEX gift_ledger_ttid_rebuild;
DROP INDEX card_deny_list_ttid_rebuild;}}
