-- Card-present data: the base derivation keys DUKPT devices are injected from, and the EMV data
-- a receipt of a chip or contactless transaction prints (docs/api.md, Card-present entry).

-- A base derivation key (ANSI X9.24), one per key set: TDES keys by the 40-bit key set
-- identifier of the KSN (10 hex digits), AES keys by the 32-bit BDK ID (8 hex digits). The key
-- itself is sealed with the card vault's key (AES-256-GCM, the key set id bound in); the key
-- check value is kept so an administrator can compare keys without seeing them.
CREATE TABLE base_derivation_keys (
  key_set_id   TEXT PRIMARY KEY
               CHECK ((key_type = 'tdes' AND length(key_set_id) = 10
                       OR key_type IN ('aes128', 'aes256') AND length(key_set_id) = 8)
                      AND {{sqlite:key_set_id NOT GLOB '*[^0-9A-F]*'}}{{postgres:key_set_id ~ '^[0-9A-F]+$'}}),
  key_type     TEXT NOT NULL CHECK (key_type IN ('tdes', 'aes128', 'aes256')),
  key_sealed   {{BYTES}} NOT NULL,
  check_value  TEXT NOT NULL,
  created_ts   {{INT}} NOT NULL
);

-- The EMV receipt data of a chip or contactless transaction (the rcpt_emv_* fields), written in
-- the commit that creates the transaction. card_decline is set when the card declined after the
-- issuer approved (second GENERATE AC answered with an AAC) and the transaction was reversed.
CREATE TABLE transaction_emv (
  ttid          {{INT}} PRIMARY KEY REFERENCES transactions(ttid),
  receipt_json  TEXT NOT NULL CHECK ({{JSON(receipt_json)}}),
  card_decline  {{sqlite:INTEGER NOT NULL DEFAULT 0 CHECK (card_decline IN (0, 1))}}{{postgres:BOOLEAN NOT NULL DEFAULT false}}
);
