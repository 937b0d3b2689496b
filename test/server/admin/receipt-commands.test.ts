import { describe, expect, it } from 'vitest';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

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
