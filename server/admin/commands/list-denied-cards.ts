import type { AdminCommand } from '../admin-command.ts';
import { isoTime, requireMerchant } from '../admin-lookups.ts';

/** `list-denied-cards <merchant>`: the deny list, masked: id, card, added, by what. */
export const adminCommand: AdminCommand = {
  name: 'list-denied-cards',
  summary: "list a merchant's deny list: entry id, masked card, when and why it was added",
  usage: 'list-denied-cards <merchant>',
  positionals: 1,
  async run(context, args) {
    const [merchant = ''] = args.positionals;
    const owner = await requireMerchant(context, merchant);
    const entries = await context.store.denyList.list(owner.merchantId);
    if (entries.length === 0) context.out(`${merchant}: the deny list is empty`);
    for (const entry of entries) {
      const source = entry.ttid === null ? '' : `  ttid ${entry.ttid}`;
      context.out(
        `${entry.id}  ${entry.accountMasked}  added ${isoTime(entry.createdTs)}${source}  ${entry.note}`,
      );
    }
  },
};
