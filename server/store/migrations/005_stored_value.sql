-- Stored value and card screening (docs/interface.md › activate, issue, cashout, merchreturn, balanceinq, Gift
-- custom BIN range formula, carddenylist_*, duplcheck): gift BIN ranges per merchant, gift
-- accounts and their ledger, the card deny list, and what a transaction needs to take part.
-- Card numbers appear only as keyed HMAC-SHA256 fingerprints, masked text and last four digits.

-- A merchant's custom gift BIN ranges, as the formula text; absent: the provider default applies.
CREATE TABLE gift_ranges (
  merchant_id  {{INT}} PRIMARY KEY REFERENCES merchants(id),
  ranges       TEXT NOT NULL CHECK (ranges <> ''),
  updated_ts   {{INT}} NOT NULL
);

-- A gift card of a merchant: known once registered as stock (with its denomination) or first
-- activated or issued. balance is the sum of its ledger rows; an inactive card holds nothing.
-- pin_digest and cv_digest are keyed digests of the card's PIN and security code, when it has them.
CREATE TABLE gift_accounts (
  id              {{ID}},
  merchant_id     {{INT}} NOT NULL REFERENCES merchants(id),
  fingerprint     TEXT NOT NULL,
  account_masked  TEXT NOT NULL,
  last4           TEXT NOT NULL CHECK (length(last4) <= 4),
  status          TEXT NOT NULL CHECK (status IN ('inactive', 'active')),
  denomination    {{INT}} CHECK (denomination > 0),
  balance         {{INT}} NOT NULL DEFAULT 0 CHECK (balance >= 0),
  pin_digest      TEXT,
  cv_digest       TEXT,
  created_ts      {{INT}} NOT NULL,
  last_modified_ts {{INT}} NOT NULL,
  CHECK (status = 'active' OR balance = 0),
  UNIQUE (merchant_id, fingerprint)
);

-- One balance change of a gift account, committed with the transaction change that caused it:
-- amount is signed (+ loaded, - spent) and balance_after the account's balance after it.
CREATE TABLE gift_ledger (
  id             {{ID}},
  account_id     {{INT}} NOT NULL REFERENCES gift_accounts(id),
  ttid           {{INT}} NOT NULL REFERENCES transactions(ttid),
  action         TEXT NOT NULL,
  amount         {{INT}} NOT NULL CHECK (amount <> 0),
  balance_after  {{INT}} NOT NULL CHECK (balance_after >= 0),
  ts             {{INT}} NOT NULL
);
CREATE INDEX gift_ledger_account ON gift_ledger (account_id, id);

-- A card a merchant refuses before going online (carddenylist_check): by the keyed fingerprint of
-- its account number; ttid is the declined transaction that added it (carddenylist_decline).
CREATE TABLE card_deny_list (
  id              {{ID}},
  merchant_id     {{INT}} NOT NULL REFERENCES merchants(id),
  fingerprint     TEXT NOT NULL,
  account_masked  TEXT NOT NULL,
  last4           TEXT NOT NULL CHECK (length(last4) <= 4),
  ttid            {{INT}} REFERENCES transactions(ttid),
  note            TEXT NOT NULL DEFAULT '',
  created_ts      {{INT}} NOT NULL,
  UNIQUE (merchant_id, fingerprint)
);

-- operation: the operation that created the transaction (a gift load is kind refund, a cashout
-- kind sale); gift_account_id: the gift account it moves; card_fingerprint: the keyed fingerprint
-- of its account number, for the duplicate check.
ALTER TABLE transactions ADD COLUMN operation TEXT NOT NULL DEFAULT 'sale'
  CHECK (operation IN ('sale', 'preauth', 'refund', 'activate', 'issue', 'cashout', 'merchreturn'));
UPDATE transactions SET operation = kind;
ALTER TABLE transactions ADD COLUMN gift_account_id {{INT}} REFERENCES gift_accounts(id);
ALTER TABLE transactions ADD COLUMN card_fingerprint TEXT;
CREATE INDEX transactions_card ON transactions (profile_id, card_fingerprint, created_ts);
CREATE INDEX transactions_gift_account ON transactions (gift_account_id);
