import { PROVIDER_GIFT_RANGES } from '../../engine/index.ts';
import type { AdminCommand } from '../admin-command.ts';
import { requireMerchant } from '../admin-lookups.ts';

/**
 * `show-merchant <merchant>`: users, profiles, permissions, MFA, dual-authorized operations and
 * gift card ranges.
 */
export const adminCommand: AdminCommand = {
  name: 'show-merchant',
  summary:
    'show a merchant’s users, profiles, permissions, MFA, dual-authorized operations and gift card ranges',
  usage: 'show-merchant <merchant>',
  positionals: 1,
  async run(context, args) {
    const [merchant = ''] = args.positionals;
    const { users, profiles, permissions, mfa } = context.accounts;
    const owner = await requireMerchant(context, merchant);
    context.out(`merchant ${merchant} (id ${owner.merchantId}, time zone ${owner.timeZone})`);
    for (const profile of await profiles.listForMerchant(owner.merchantId)) {
      context.out(`  profile ${profile.id} "${profile.name}" (${profile.processor})`);
    }
    for (const login of await users.listForMerchant(owner.merchantId)) {
      const may = login.sub === '' ? ['*'] : await permissions.userPermissions(login.userId);
      const parts = [
        `default profile ${login.defaultProfileId ?? 'none'}`,
        `may run ${may.includes('*') ? 'every operation' : may.join(', ') || 'nothing'}`,
        `MFA ${(await mfa.isEnabled(login.userId)) ? 'on' : 'off'}`,
        ...(login.disabled ? ['disabled'] : []),
      ];
      context.out(`  user ${login.username}: ${parts.join('; ')}`);
    }
    const dual = await permissions.dualOperations(owner.merchantId);
    context.out(`  dual authorization for: ${dual.join(', ') || 'nothing'}`);
    const ranges = await context.store.gift.customRanges(owner.merchantId);
    context.out(`  gift cards: ${ranges ?? `${PROVIDER_GIFT_RANGES} (provider default)`}`);
  },
};
