import { describe, expect, it } from 'vitest';
import { buildReceipt, renderText } from '../../../main/receipt/index.ts';
import { storeTime } from '../../../main/receipt/receipt-time.ts';
import { chipSaleAnswer, saleContext } from './receipt-answers.ts';

const ORDER = '29d13009-8ae4-490e-80ad-721a0c06ce41';

/** The printed text of a sale whose order id is a UUID, on a paper of `columns`. */
function printed(columns: 32 | 42 | 48, timeZone = 'America/New_York'): string {
  const document = buildReceipt(
    chipSaleAnswer({ order_id: ORDER, timestamp: '2026-11-28 13:10:50 +0000' }),
    saleContext({
      merchant: { name: 'LaneTerm Mart', currency: 'USD', timeZone },
    }),
  );
  return renderText(document, { columns, codePage: 'cp437' });
}

describe('receipt layout of long identifiers and times', () => {
  it.each([42, 48] as const)(
    'prints the order id whole on one line beside its label at %i columns',
    (columns) => {
      const line = printed(columns)
        .split('\n')
        .find((text) => text.startsWith('ORDER'));
      expect(line).toMatch(new RegExp(`^ORDER +${ORDER}$`));
    },
  );

  it('breaks the order id only after hyphens where it cannot fit beside its label (32 columns)', () => {
    const lines = printed(32).split('\n');
    const at = lines.findIndex((text) => text.trim() === 'ORDER');
    expect(at).toBeGreaterThan(-1);
    const pieces = lines.slice(at + 1, at + 3).map((text) => text.trim());
    expect(pieces.join('')).toBe(ORDER);
    for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('-')).toBe(true);
    for (const text of lines) expect(text.length).toBeLessThanOrEqual(32);
  });

  it("prints the service's time in the store's zone with its name, never a bare +0000", () => {
    expect(printed(42)).toContain('2026-11-28 08:10:50 EST');
    expect(printed(42, 'Europe/Madrid')).toContain('2026-11-28 14:10:50 GMT+1');
    expect(printed(42)).not.toContain('+0000');
  });

  it('reads the offset forms the service may send and keeps text it cannot read', () => {
    expect(storeTime('2026-07-04 16:00:00 +0000', 'America/Los_Angeles')).toBe(
      '2026-07-04 09:00:00 PDT',
    );
    expect(storeTime('2026-07-04 12:00:00 -04:00', 'UTC')).toBe('2026-07-04 16:00:00 UTC');
    expect(storeTime('not a time', 'UTC')).toBe('not a time');
  });
});
