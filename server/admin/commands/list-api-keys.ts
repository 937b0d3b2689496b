import type { AdminCommand } from '../admin-command.ts';
import { isoTime, requireMerchant } from '../admin-lookups.ts';

/** `list-api-keys <merchant>`: every key of a merchant's users, never a secret. */
export const adminCommand: AdminCommand = {
  name: 'list-api-keys',
  summary: 'list a merchant’s API keys: id, user, profile, label, created, revoked',
  usage: 'list-api-keys <merchant>',
  positionals: 1,
  async run(context, args) {
    const [merchant = ''] = args.positionals;
    const owner = await requireMerchant(context, merchant);
    const keys = await context.accounts.apiKeys.listForMerchant(owner.merchantId);
    if (keys.length === 0) context.out(`${merchant}: no API keys`);
    for (const key of keys) {
      const profile = key.profileName === null ? 'user key' : `profile "${key.profileName}"`;
      const state = key.revokedAt === null ? 'active' : `revoked ${isoTime(key.revokedAt)}`;
      const label = key.name === '' ? '' : ` "${key.name}"`;
      context.out(
        `${key.keyId}  ${key.username}  ${profile}${label}  created ${isoTime(key.createdAt)}  ${state}`,
      );
    }
  },
};
