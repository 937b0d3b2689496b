import type { EmvRecord } from '../store/emv-store.ts';

/** The answer fields of stored EMV data: its rcpt_emv_* fields, rcpt_emv_card_decline=yes once set. */
export function emvRecordPairs(record: EmvRecord | undefined): Record<string, string> {
  if (record === undefined) return {};
  return record.cardDecline
    ? { ...record.receipt, rcpt_emv_card_decline: 'yes' }
    : { ...record.receipt };
}
