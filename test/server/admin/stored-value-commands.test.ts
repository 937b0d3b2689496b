import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();

async function merchant(): Promise<string> {
  const dir = tempDir();
  expect((await admin(dir, ['add-user', 'acme', '--password', 'merchant-pw'])).code).toBe(0);
  return dir;
}

describe('set-gift-ranges', () => {
  it('sets a merchant’s custom ranges, shown by show-merchant, and goes back to the default', async () => {
    const dir = await merchant();
    expect((await admin(dir, ['show-merchant', 'acme'])).out).toContain(
      'gift cards: 603571:16-19 (provider default)',
    );
    const set = await admin(dir, [
      'set-gift-ranges',
      'acme',
      '--ranges',
      '7777:16:GIFT:0;5000-5099',
    ]);
    expect(set).toEqual({ code: 0, out: 'acme: gift cards are 7777:16:GIFT:0;5000-5099', err: '' });
    expect((await admin(dir, ['show-merchant', 'acme'])).out).toContain(
      'gift cards: 7777:16:GIFT:0;5000-5099',
    );
    const back = await admin(dir, ['set-gift-ranges', 'acme', '--default']);
    expect(back.out).toBe('acme: gift cards are the provider default range 603571:16-19');
    expect((await admin(dir, ['show-merchant', 'acme'])).out).toContain('(provider default)');
  });

  it('refuses a range breaking the formula, naming the range, and changes nothing', async () => {
    const dir = await merchant();
    const bad = await admin(dir, ['set-gift-ranges', 'acme', '--ranges', '7777;5099-5000']);
    expect(bad).toEqual({
      code: 1,
      out: '',
      err: 'admin set-gift-ranges: --ranges: range 2: max_prefix must not be below min_prefix',
    });
    expect((await admin(dir, ['set-gift-ranges', 'acme', '--ranges', '7:1:G:3'])).err).toContain(
      'range 1: pclevel must be 0, 1 or 2',
    );
    expect((await admin(dir, ['set-gift-ranges', 'acme'])).err).toContain(
      'give exactly one of --ranges RANGES or --default',
    );
    expect((await admin(dir, ['show-merchant', 'acme'])).out).toContain('(provider default)');
  });
});

describe('deny list commands', () => {
  it('add reads the card number from standard input; list shows it masked; remove takes it off', async () => {
    const dir = await merchant();
    const added = await admin(
      dir,
      ['add-denied-card', 'acme', '--note', 'stolen'],
      '4111111111111111\n',
    );
    expect(added).toEqual({ code: 0, out: 'acme: deny list entry 1 XXXXXXXXXXXX1111', err: '' });
    const again = await admin(dir, ['add-denied-card', 'acme'], '4111111111111111\n');
    expect(again.out).toBe('acme: deny list entry 1 XXXXXXXXXXXX1111');
    const listed = await admin(dir, ['list-denied-cards', 'acme']);
    expect(listed.out).toMatch(
      /^1 {2}XXXXXXXXXXXX1111 {2}added \d{4}-\d\d-\d\dT[\d:]+Z {2}stolen$/,
    );
    const disk = readdirSync(dir)
      .map((name) => readFileSync(join(dir, name)).toString('latin1'))
      .join('');
    expect(disk).not.toContain('4111111111111111');
    expect((await admin(dir, ['remove-denied-card', 'acme', '1'])).out).toBe(
      'acme: deny list entry 1 removed',
    );
    expect((await admin(dir, ['list-denied-cards', 'acme'])).out).toBe(
      'acme: the deny list is empty',
    );
  });

  it('refuses a malformed card number and an unknown entry', async () => {
    const dir = await merchant();
    expect(await admin(dir, ['add-denied-card', 'acme'], '4111 1111\n')).toEqual({
      code: 1,
      out: '',
      err: 'admin add-denied-card: card number (standard input): 8 to 19 digits on the first line',
    });
    expect((await admin(dir, ['remove-denied-card', 'acme', '7'])).err).toBe(
      'admin remove-denied-card: deny list entry 7: not an entry of acme',
    );
  });
});
