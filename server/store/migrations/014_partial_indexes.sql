-- Indexes on transaction columns that most transactions leave empty hold only the rows that fill
-- them (docs/architecture.md › CPU per sale): a new transaction, or its in-flight record, writes
-- no entry for a parent it does not have, a gift account it does not move, an order it is not
-- part of or a card it was not paid with. Every lookup by these columns asks for a value (col = …), which implies
-- col IS NOT NULL, so each still uses its index (test/server/store/transaction-index-plans.test.ts).
DROP INDEX transactions_parent;
CREATE INDEX transactions_parent ON transactions (parent_ttid) WHERE parent_ttid IS NOT NULL;
DROP INDEX transactions_gift_account;
CREATE INDEX transactions_gift_account ON transactions (gift_account_id)
  WHERE gift_account_id IS NOT NULL;
DROP INDEX transactions_order;
CREATE INDEX transactions_order ON transactions (order_ref, payment_id) WHERE order_ref IS NOT NULL;
DROP INDEX transactions_card;
CREATE INDEX transactions_card ON transactions (profile_id, card_fingerprint, created_ts)
  WHERE card_fingerprint IS NOT NULL;
DROP INDEX in_flight_order;
CREATE INDEX in_flight_order ON in_flight (merchant_id, order_id) WHERE order_id IS NOT NULL;
