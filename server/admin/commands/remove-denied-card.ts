import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireMerchant } from '../admin-lookups.ts';

/** `remove-denied-card <merchant> <entry-id>`: takes a card off the merchant's deny list. */
export const adminCommand: AdminCommand = {
  name: 'remove-denied-card',
  summary: "take a card off a merchant's deny list by its entry id (carddenylist_id)",
  usage: 'remove-denied-card <merchant> <entry-id>',
  positionals: 2,
  async run(context, args) {
    const [merchant = '', id = ''] = args.positionals;
    const owner = await requireMerchant(context, merchant);
    const removed =
      /^[0-9]{1,15}$/.test(id) &&
      (await context.store.denyList.remove(owner.merchantId, Number(id)));
    if (!removed) throw new AdminError(`deny list entry ${id}: not an entry of ${merchant}`);
    context.out(`${merchant}: deny list entry ${id} removed`);
  },
};
