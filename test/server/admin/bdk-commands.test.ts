import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BdkRegistry, keyCheckValue } from '../../../server/engine/entry/bdk-registry.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { CardVault } from '../../../server/vault/index.ts';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();

const TDES_BDK = '0123456789ABCDEFFEDCBA9876543210';
const AES_BDK = 'FEDCBA9876543210F1F1F1F1F1F1F1F1';

function everythingOnDisk(dir: string): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('hex').toUpperCase())
    .join('\n');
}

describe('admin add-bdk, list-bdks, remove-bdk', () => {
  it('registers TDES and AES keys by key set id, lists them by check value, removes them', async () => {
    const dir = tempDir();
    const tdes = await admin(dir, ['add-bdk', 'ffff987654', '--type', 'tdes', '--key', TDES_BDK]);
    expect(tdes).toMatchObject({ code: 0 });
    expect(tdes.out).toBe('key set FFFF987654: tdes key added, check value 08D7B4');
    const aes = await admin(
      dir,
      ['add-bdk', '12345678', '--type', 'aes128', '--key-stdin'],
      `${AES_BDK}\n`,
    );
    expect(aes.code).toBe(0);
    const listed = await admin(dir, ['list-bdks']);
    expect(listed.out.split('\n')).toEqual([
      expect.stringMatching(/^12345678 {2}aes128 {2}check value [0-9A-F]{10} {2}added \d{4}-/),
      expect.stringMatching(/^FFFF987654 {2}tdes {2}check value 08D7B4 {2}added \d{4}-/),
    ]);
    expect(listed.out).not.toContain(TDES_BDK);
    expect(everythingOnDisk(dir)).not.toContain(TDES_BDK);
    expect(everythingOnDisk(dir)).not.toContain(AES_BDK);

    const store = new SqliteServiceStore(join(dir, 'service.db'));
    const bdks = new BdkRegistry(store.bdks, CardVault.open(dir));
    expect((await bdks.find('FFFF987654'))?.key.toString('hex').toUpperCase()).toBe(TDES_BDK);
    expect(await bdks.find('12345678')).toMatchObject({ type: 'aes128' });
    await store.close();

    expect((await admin(dir, ['remove-bdk', 'FFFF987654'])).out).toBe(
      'key set FFFF987654: key removed',
    );
    expect((await admin(dir, ['list-bdks'])).out).not.toContain('FFFF987654');
    expect(await admin(dir, ['remove-bdk', 'FFFF987654'])).toMatchObject({
      code: 1,
      err: 'admin remove-bdk: key set FFFF987654: no key registered',
    });
  });

  it.each([
    [['FFFF98765', '--type', 'tdes', '--key', TDES_BDK], 'a tdes key set id is 10 hex digits'],
    [['FFFF987654', '--type', 'tdes', '--key', AES_BDK.slice(0, 16)], 'a tdes key is 16 bytes'],
    [['FFFF987654', '--type', 'aes128', '--key', AES_BDK], 'a aes128 key set id is 8 hex digits'],
    [['12345678', '--type', 'aes256', '--key', AES_BDK], 'a aes256 key is 32 bytes'],
    [['12345678', '--type', 'des', '--key', AES_BDK], '--type: one of tdes, aes128, aes256'],
    [['12345678', '--type', 'aes128', '--key', 'XYZ'], 'key: must be hex digits'],
    [['12345678', '--type', 'aes128'], 'give the key with exactly one of --key or --key-stdin'],
  ])('refuses %j: %s', async (argv, message) => {
    const run = await admin(tempDir(), ['add-bdk', ...argv]);
    expect(run).toMatchObject({ code: 1, err: `admin add-bdk: ${message}` });
    expect(run.err).not.toContain(AES_BDK);
  });

  it('refuses a second key for a key set, keeping the first', async () => {
    const dir = tempDir();
    await admin(dir, ['add-bdk', 'FFFF987654', '--type', 'tdes', '--key', TDES_BDK]);
    const again = await admin(dir, ['add-bdk', 'FFFF987654', '--type', 'tdes', '--key', AES_BDK]);
    expect(again.code).toBe(1);
    expect((await admin(dir, ['list-bdks'])).out).toContain(
      `check value ${keyCheckValue('tdes', Buffer.from(TDES_BDK, 'hex'))}`,
    );
  });

  it('seals each key to its key set: a sealed key moved to another id does not open', async () => {
    const dir = tempDir();
    await admin(dir, ['add-bdk', 'FFFF987654', '--type', 'tdes', '--key', TDES_BDK]);
    const store = new SqliteServiceStore(join(dir, 'service.db'));
    store.database
      .prepare(
        "UPDATE base_derivation_keys SET key_set_id = 'FFFF123456' WHERE key_set_id = 'FFFF987654'",
      )
      .run();
    const bdks = new BdkRegistry(store.bdks, CardVault.open(dir));
    await expect(bdks.find('FFFF123456')).rejects.toMatchObject({ code: 'VAULT_SEAL' });
    await store.close();
  });
});
