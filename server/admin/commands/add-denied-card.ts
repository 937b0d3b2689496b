import { lastFour, maskPan } from '../../../drivers/crypto/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireMerchant } from '../admin-lookups.ts';

/** A card number as the deny list takes it: 8–19 digits (ISO/IEC 7812-1). */
const CARD_NUMBER = /^[0-9]{8,19}$/;

/**
 * `add-denied-card <merchant> [--note TEXT]`: puts the card number read from the first line of
 * standard input on the merchant's deny list (docs/interface.md › carddenylist_check), never from the command
 * line, where the process list and shell history would keep it. Only its keyed fingerprint and
 * masked form are stored. Prints the entry's id (carddenylist_id).
 */
export const adminCommand: AdminCommand = {
  name: 'add-denied-card',
  summary: "put the card number read from standard input on a merchant's deny list",
  usage: 'add-denied-card <merchant> [--note TEXT] < card-number',
  options: { note: { type: 'string' } },
  positionals: 1,
  async run(context, args) {
    const [merchant = ''] = args.positionals;
    const owner = await requireMerchant(context, merchant);
    const pan = ((await context.readStdin()).split(/\r?\n/)[0] ?? '').trim();
    if (!CARD_NUMBER.test(pan)) {
      throw new AdminError('card number (standard input): 8 to 19 digits on the first line');
    }
    const { vault } = context;
    const note =
      typeof args.values.note === 'string' ? args.values.note : 'added by an administrator';
    const entry = await context.store.denyList.add(
      {
        merchantId: owner.merchantId,
        fingerprint: vault.fingerprint(pan),
        accountMasked: maskPan(pan),
        last4: lastFour(pan),
        ttid: null,
        note,
      },
      unixSeconds(context.now()),
    );
    context.out(`${merchant}: deny list entry ${entry.id} ${entry.accountMasked}`);
  },
};
