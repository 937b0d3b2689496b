import { ReceiptOutbox } from '../../engine/receipts/receipt-outbox.ts';
import type { AdminCommand } from '../admin-command.ts';

/**
 * `outbox`: the receipt copies waiting in the data directory's outbox folder (rcpt_email,
 * rcpt_sms; docs/api.md, Receipts), oldest first: file, channel, recipient, date and subject
 * (e-mail) or text (SMS). Card numbers never appear: the copies carry the masked account only.
 */
export const adminCommand: AdminCommand = {
  name: 'outbox',
  summary: 'list the receipt copies written for e-mail and SMS delivery (outbox folder)',
  usage: 'outbox',
  positionals: 0,
  run(context) {
    const entries = new ReceiptOutbox(context.files.outbox).list();
    if (entries.length === 0) context.out(`${context.files.outbox}: no receipt copies`);
    for (const entry of entries) {
      context.out(`${entry.file}  ${entry.channel}  ${entry.to}  ${entry.date}  ${entry.summary}`);
    }
  },
};
