-- The receipt outbox (docs/interface.md › rcpt_email, rcpt_sms; docs/api.md, Receipts): the receipt copies the
-- service was asked to e-mail or text, each the whole message a mail or SMS gateway sends (RFC 5322
-- text, card numbers masked), for a gateway to take. Earlier versions wrote them as files into the
-- data directory's outbox folder; a start moves such files here, by their file name (name).
CREATE TABLE receipt_outbox (
  id          {{ID}},
  name        TEXT NOT NULL UNIQUE,
  channel     TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient   TEXT NOT NULL,
  subject     TEXT,
  ttid        TEXT,
  created_ts  {{INT}} NOT NULL,
  message     TEXT NOT NULL
);
CREATE INDEX receipt_outbox_created ON receipt_outbox (created_ts, name);
