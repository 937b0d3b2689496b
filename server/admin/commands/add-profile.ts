import { unixSeconds } from '../../shared/clock.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireMerchant } from '../admin-lookups.ts';

const PROFILE_NAME = /^[A-Za-z0-9_.@ -]{1,64}$/;

/** `add-profile <merchant> <name>`: creates a merchant profile (docs/interface.md › profile_id). */
export const adminCommand: AdminCommand = {
  name: 'add-profile',
  summary: 'create a profile of a merchant (processor default: loopback, the simulated one)',
  usage: 'add-profile <merchant> <profile-name> [--processor NAME]',
  options: { processor: { type: 'string' } },
  positionals: 2,
  async run(context, args) {
    const [merchant = '', name = ''] = args.positionals;
    if (!PROFILE_NAME.test(name)) {
      throw new AdminError('profile name: 1 to 64 letters, digits, spaces or _ . @ -');
    }
    const owner = await requireMerchant(context, merchant);
    if ((await context.accounts.profiles.findByName(owner.merchantId, name)) !== undefined) {
      throw new AdminError(`profile "${name}": already exists`);
    }
    const processor = args.values.processor;
    const profile = await context.accounts.profiles.create(
      owner.merchantId,
      name,
      typeof processor === 'string' ? processor : 'loopback',
      unixSeconds(context.now()),
    );
    context.out(`added profile ${profile.id} "${profile.name}" (${profile.processor})`);
  },
};
