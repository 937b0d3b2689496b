import { parseOutboxMessage } from '../../engine/index.ts';
import type { AdminCommand } from '../admin-command.ts';

/**
 * `outbox`: the receipt copies in the store's outbox (rcpt_email, rcpt_sms; docs/api.md, Receipts),
 * oldest first: name, channel, recipient, date and subject (e-mail) or text (SMS). Card numbers
 * never appear: the copies carry the masked account only.
 */
export const adminCommand: AdminCommand = {
  name: 'outbox',
  summary: "list the receipt copies kept for e-mail and SMS delivery (the store's outbox)",
  usage: 'outbox',
  positionals: 0,
  async run(context) {
    const copies = await context.store.outbox.list();
    if (copies.length === 0) context.out('outbox: no receipt copies');
    for (const copy of copies) {
      const { headers, text } = parseOutboxMessage(copy.message);
      const date = headers.get('date') ?? '';
      const summary = copy.subject ?? text;
      context.out(`${copy.name}  ${copy.channel}  ${copy.recipient}  ${date}  ${summary}`);
    }
  },
};
