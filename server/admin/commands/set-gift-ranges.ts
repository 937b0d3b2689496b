import { ProtocolError, parseBinRanges } from '../../../protocol/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
import { PROVIDER_GIFT_RANGES } from '../../engine/index.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireMerchant } from '../admin-lookups.ts';

/** The ranges text checked by the formula's parser (protocol's parseBinRanges). */
function checkedRanges(text: string): string {
  try {
    if (parseBinRanges(text, 'ranges').length === 0)
      throw new AdminError('--ranges: empty; use --default');
    return text;
  } catch (error) {
    if (error instanceof ProtocolError) throw new AdminError(`--${error.verbiage}`);
    throw error;
  }
}

/**
 * `set-gift-ranges <merchant> (--ranges R | --default)`: the card numbers that are the merchant's
 * gift cards, in the interface's Gift custom BIN range formula, or back to the provider's default range
 * (docs/test-cards.md, Gift cards). Applies to the next request, also while the server runs.
 */
export const adminCommand: AdminCommand = {
  name: 'set-gift-ranges',
  summary:
    "set a merchant's gift card BIN ranges (min[-max][:len[-len][:cardtype[:pclevel]]];…), or go back to the provider default",
  usage: 'set-gift-ranges <merchant> (--ranges RANGES | --default)',
  options: { ranges: { type: 'string' }, default: { type: 'boolean' } },
  positionals: 1,
  async run(context, args) {
    const [merchant = ''] = args.positionals;
    const text = args.values.ranges;
    const back = args.values.default === true;
    if ((typeof text === 'string') === back) {
      throw new AdminError('give exactly one of --ranges RANGES or --default');
    }
    const ranges = typeof text === 'string' ? checkedRanges(text) : null;
    const owner = await requireMerchant(context, merchant);
    await context.store.gift.setCustomRanges(owner.merchantId, ranges, unixSeconds(context.now()));
    context.out(
      ranges === null
        ? `${merchant}: gift cards are the provider default range ${PROVIDER_GIFT_RANGES}`
        : `${merchant}: gift cards are ${ranges}`,
    );
  },
};
