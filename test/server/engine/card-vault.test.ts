import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { CardVault, VaultSealError, type VaultKeyOptions } from '../../../server/vault/index.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-vault-');
const PAN = '4111111111111111';

/** A fresh data directory whose key-encrypting key is a key file in another temporary directory. */
function vaultDir(): { dir: string; options: VaultKeyOptions } {
  const kek = { kind: 'file', path: join(tempDir(), 'vault.kek') } as const;
  return { dir: tempDir(), options: { required: kek } };
}

function freshVault(): CardVault {
  const { dir, options } = vaultDir();
  return CardVault.open(dir, options);
}

describe('CardVault', () => {
  it('seals card data so the number does not appear, and opens it again', () => {
    const vault = freshVault();
    const sealed = vault.seal({ pan: PAN, expdate: '1230' }, 'transaction');
    expect(sealed.toString('latin1')).not.toContain(PAN);
    expect(sealed.toString('hex')).not.toContain(Buffer.from(PAN).toString('hex'));
    expect(vault.unseal(sealed, 'transaction')).toEqual({ pan: PAN, expdate: '1230' });
  });

  it('uses a fresh IV for every seal', () => {
    const vault = freshVault();
    const a = vault.seal({ pan: PAN }, 'token');
    const b = vault.seal({ pan: PAN }, 'token');
    expect(a.equals(b)).toBe(false);
  });

  it('refuses a blob sealed for another purpose, under another key, tampered or truncated', () => {
    const vault = freshVault();
    const sealed = vault.seal({ pan: PAN }, 'transaction');
    expect(() => vault.unseal(sealed, 'token')).toThrow(VaultSealError);
    expect(() => freshVault().unseal(sealed, 'transaction')).toThrow(VaultSealError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    expect(() => vault.unseal(tampered, 'transaction')).toThrow(VaultSealError);
    expect(() => vault.unseal(sealed.subarray(0, 20), 'transaction')).toThrow(VaultSealError);
  });

  it('fingerprints an account stably under one key and differently under another', () => {
    const { dir, options } = vaultDir();
    const vault = CardVault.open(dir, options);
    expect(vault.fingerprint(PAN)).toBe(CardVault.open(dir, options).fingerprint(PAN));
    expect(vault.fingerprint(PAN)).not.toBe(vault.fingerprint('5454545454545454'));
    expect(vault.fingerprint(PAN)).not.toBe(freshVault().fingerprint(PAN));
    expect(vault.fingerprint(PAN)).not.toContain(PAN);
  });

  it("opens a database's data directory, and keeps a key in memory for an in-memory database", () => {
    const { dir, options } = vaultDir();
    const sealed = CardVault.forDatabase(join(dir, 'service.db'), false, options).seal(
      { pan: PAN },
      'token',
    );
    expect(CardVault.open(dir, options).unseal(sealed, 'token').pan).toBe(PAN);
    const memory = CardVault.forDatabase(':memory:', true);
    expect(memory.unseal(memory.seal({ pan: PAN }, 'token'), 'token').pan).toBe(PAN);
  });
});
