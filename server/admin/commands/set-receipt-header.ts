import { maskCardNumbers } from '../../../drivers/crypto/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
import { RECEIPT_HEADER_FIELDS, type ReceiptHeader } from '../../store/receipt-header-store.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireMerchant } from '../admin-lookups.ts';

/** Longest header line, in characters: what a 64-column receipt prints on one line. */
const MAX_LINE = 64;

/**
 * `set-receipt-header <merchant> [--name N] [--addr1 A] [--addr2 A] [--addr3 A] [--phone P]
 * [--email E]`: the header the merchant's formatted receipts print (merch_info) and transaction
 * details answer (merch_name, merch_addr1–3, merch_phone, merch_email); options not given keep
 * their value, an empty one clears it (docs/api.md, Receipts). Applies to the next request.
 */
export const adminCommand: AdminCommand = {
  name: 'set-receipt-header',
  summary: "set the name, address, phone and e-mail a merchant's receipts print ('' clears one)",
  usage:
    'set-receipt-header <merchant> [--name N] [--addr1 A] [--addr2 A] [--addr3 A] [--phone P] [--email E]',
  options: Object.fromEntries(RECEIPT_HEADER_FIELDS.map((key) => [key, { type: 'string' }])),
  positionals: 1,
  async run(context, args) {
    const [merchant = ''] = args.positionals;
    const fields: Partial<ReceiptHeader> = {};
    for (const key of RECEIPT_HEADER_FIELDS) {
      const value = args.values[key];
      if (typeof value !== 'string') continue;
      const line = value.trim();
      if (/\p{Cc}/u.test(line) || [...line].length > MAX_LINE) {
        throw new AdminError(`--${key}: one line of at most ${MAX_LINE} characters`);
      }
      if (maskCardNumbers(line) !== line) throw new AdminError(`--${key}: holds a card number`);
      fields[key] = line;
    }
    if (Object.keys(fields).length === 0) {
      throw new AdminError(
        `give at least one of ${RECEIPT_HEADER_FIELDS.map((k) => `--${k}`).join(', ')}`,
      );
    }
    const owner = await requireMerchant(context, merchant);
    const header = await context.store.receiptHeaders.update(
      owner.merchantId,
      fields,
      unixSeconds(context.now()),
    );
    context.out(`${merchant}: receipts print`);
    for (const key of RECEIPT_HEADER_FIELDS) {
      if (header[key] !== '') context.out(`  ${key}: ${header[key]}`);
    }
  },
};
