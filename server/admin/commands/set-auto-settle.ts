import { unixSeconds } from '../../shared/clock.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireMerchant, requireProfile } from '../admin-lookups.ts';

const SETTLE_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * `set-auto-settle <merchant> <profile> (--time HH:MM | --off)`: the profile's daily automatic
 * settlement time, in the merchant's time zone (docs/test-cards.md, Settlement). The first run is the
 * next time the clock reads HH:MM; a time missed while the server was down is caught up at start.
 */
export const adminCommand: AdminCommand = {
  name: 'set-auto-settle',
  summary: "settle a profile's open batch every day at a time of the merchant's zone, or stop",
  usage: 'set-auto-settle <merchant> <profile> (--time HH:MM | --off)',
  options: { time: { type: 'string' }, off: { type: 'boolean' } },
  positionals: 2,
  async run(context, args) {
    const [merchant = '', profileRef = ''] = args.positionals;
    const time = args.values.time;
    const off = args.values.off === true;
    if ((typeof time === 'string') === off) {
      throw new AdminError('give exactly one of --time HH:MM or --off');
    }
    if (typeof time === 'string' && !SETTLE_TIME.test(time)) {
      throw new AdminError('--time: HH:MM on a 24-hour clock, 00:00 to 23:59');
    }
    const owner = await requireMerchant(context, merchant);
    const profile = await requireProfile(context, owner.merchantId, profileRef);
    const { merchants } = context.store;
    await merchants.setAutoSettle(
      profile.id,
      off ? null : (time as string),
      unixSeconds(context.now()),
    );
    const zone = (await merchants.profile(profile.id))?.timeZone ?? 'UTC';
    context.out(
      off
        ? `profile ${profile.id} "${profile.name}": automatic settlement off`
        : `profile ${profile.id} "${profile.name}": settles daily at ${String(time)} (${zone})`,
    );
  },
};
