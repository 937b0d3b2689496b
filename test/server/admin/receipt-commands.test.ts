import { describe, expect, it } from 'vitest';
import { ReceiptOutbox } from '../../../server/engine/receipts/receipt-outbox.ts';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const tempDir = useTempDirs();

async function merchant(): Promise<string> {
  const dir = tempDir();
  expect((await admin(dir, ['add-user', 'acme', '--password', 'merchant-pw'])).code).toBe(0);
  return dir;
}

describe('set-receipt-header', () => {
  it('sets the lines given, keeps the others, and clears one set to empty', async () => {
    const dir = await merchant();
    const set = await admin(dir, [
      'set-receipt-header',
      'acme',
      '--name',
      'ACME HARDWARE',
      '--addr1',
      '1 MAIN ST',
      '--phone',
      '555-0100',
    ]);
    expect(set).toEqual({
      code: 0,
      out: 'acme: receipts print\n  name: ACME HARDWARE\n  addr1: 1 MAIN ST\n  phone: 555-0100',
      err: '',
    });
    const cleared = await admin(dir, ['set-receipt-header', 'acme', '--phone', '', '--addr2', 'X']);
    expect(cleared.out).toBe(
      'acme: receipts print\n  name: ACME HARDWARE\n  addr1: 1 MAIN ST\n  addr2: X',
    );
  });

  it('refuses no option, a card number, a second line, and an unknown merchant', async () => {
    const dir = await merchant();
    expect((await admin(dir, ['set-receipt-header', 'acme'])).err).toBe(
      'admin set-receipt-header: give at least one of --name, --addr1, --addr2, --addr3, --phone, --email',
    );
    const pan = await admin(dir, ['set-receipt-header', 'acme', '--name', 'X 4111111111111111']);
    expect(pan).toEqual({
      code: 1,
      out: '',
      err: 'admin set-receipt-header: --name: holds a card number',
    });
    expect((await admin(dir, ['set-receipt-header', 'acme', '--addr1', 'A\nB'])).err).toBe(
      'admin set-receipt-header: --addr1: one line of at most 64 characters',
    );
    expect((await admin(dir, ['set-receipt-header', 'nobody', '--name', 'N'])).code).toBe(1);
  });
});

describe('outbox', () => {
  it('lists the receipt copies oldest first, and says when there are none', async () => {
    const dir = tempDir();
    expect((await admin(dir, ['outbox'])).out).toBe(`${join(dir, 'outbox')}: no receipt copies`);
    const outbox = new ReceiptOutbox(join(dir, 'outbox'));
    const at = new Date('2025-06-15T14:30:00Z');
    const later = new Date('2025-06-15T14:31:00Z');
    const sms = outbox.write({ channel: 'sms', to: '+13525551234', body: 'SHOP: SALE', at: later });
    const email = outbox.write({
      channel: 'email',
      to: 'pat@example.com',
      subject: 'SHOP:\r\nBcc: x@y.z SALE',
      body: 'line 1\nacct 4111111111111111',
      ttid: '96',
      at,
    });
    expect(email).toMatch(/^20250615T143000Z-96-email-[0-9a-f]{8}\.eml$/);
    const listed = await admin(dir, ['outbox']);
    expect(listed.out.split('\n')).toEqual([
      `${email}  email  pat@example.com  Sun, 15 Jun 2025 14:30:00 +0000  SHOP:  Bcc: x@y.z SALE`,
      `${sms}  sms  +13525551234  Sun, 15 Jun 2025 14:31:00 +0000  SHOP: SALE`,
    ]);
    expect(listed.out).not.toContain('4111111111111111');
    const text = readFileSync(join(dir, 'outbox', email), 'utf8');
    expect(text).toContain('Subject: SHOP:  Bcc: x@y.z SALE\r\n');
    expect(text.endsWith('\r\n\r\nline 1\r\nacct XXXXXXXXXXXX1111\r\n')).toBe(true);
  });
});
