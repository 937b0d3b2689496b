import { describe, expect, it } from 'vitest';
import { outboxCopy } from '../../../server/engine/receipts/receipt-outbox.ts';

describe('outboxCopy names', () => {
  it('names every copy apart, 8 random hex digits each, across refills of the random pool', () => {
    const at = new Date('2025-06-15T14:30:00.000Z');
    const names = Array.from(
      { length: 1100 },
      () => outboxCopy({ channel: 'email', to: 'a@example.com', body: 'x', ttid: '7', at }).name,
    );
    for (const name of names) expect(name).toMatch(/^20250615T143000Z-7-email-[0-9a-f]{8}\.eml$/);
    expect(new Set(names).size).toBe(names.length);
  }, 30_000);

  it('writes the ttid header and field from one masked value', () => {
    const at = new Date('2025-06-15T14:30:00.000Z');
    const copy = outboxCopy({ channel: 'sms', to: '5551234567', body: 'x', ttid: '41', at });
    expect(copy.ttid).toBe('41');
    expect(copy.message).toContain('\r\nX-LaneTerm-Ttid: 41\r\n');
  });
});
