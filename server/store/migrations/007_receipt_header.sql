-- The header a merchant's receipts print (docs/interface.md › Transaction detail response, merch_name,
-- merch_addr1..3, merch_phone, merch_email; docs/api.md, Receipts): the name customers know the
-- merchant by, and its address and contact lines. Set with admin set-receipt-header; a merchant
-- without a row prints its account name. Empty columns are not printed.
CREATE TABLE receipt_headers (
  merchant_id  {{INT}} PRIMARY KEY REFERENCES merchants(id),
  name         TEXT NOT NULL DEFAULT '',
  addr1        TEXT NOT NULL DEFAULT '',
  addr2        TEXT NOT NULL DEFAULT '',
  addr3        TEXT NOT NULL DEFAULT '',
  phone        TEXT NOT NULL DEFAULT '',
  email        TEXT NOT NULL DEFAULT '',
  updated_ts   {{INT}} NOT NULL
);
