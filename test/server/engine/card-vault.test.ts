import { describe, expect, it } from 'vitest';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
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

/** The vault's AES-256-GCM key, derived from its master key as the vault does (HKDF-SHA256). */
function aesKey(master: Buffer): Buffer {
  return Buffer.from(
    hkdfSync('sha256', master, Buffer.alloc(0), 'laneterm card vault aes-256-gcm', 32),
  );
}

/** A blob in the vault's format (version 1, IV, tag, ciphertext) made without the vault. */
function sealedElsewhere(master: Buffer, plain: Buffer, purpose: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(master), iv).setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.of(1), iv, cipher.getAuthTag(), body]);
}

/** What a blob in the vault's format holds, opened without the vault. */
function openedElsewhere(master: Buffer, blob: Buffer, purpose: string): string {
  const decipher = createDecipheriv('aes-256-gcm', aesKey(master), blob.subarray(1, 13));
  decipher.setAAD(Buffer.from(purpose)).setAuthTag(blob.subarray(13, 29));
  return Buffer.concat([decipher.update(blob.subarray(29)), decipher.final()]).toString('utf8');
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

  it('keeps its format: blobs sealed before open, and its seals open with the format alone', () => {
    const master = randomBytes(32);
    const vault = new CardVault(master);
    const before = sealedElsewhere(
      master,
      Buffer.from(JSON.stringify({ pan: PAN, expdate: '1230' })),
      'token',
    );
    expect(vault.unseal(before, 'token')).toEqual({ pan: PAN, expdate: '1230' });
    const key = randomBytes(16);
    expect(vault.unsealKey('k1', sealedElsewhere(master, key, 'bdk:k1'))).toEqual(key);
    const sealed = vault.seal({ pan: PAN }, 'transaction');
    expect(sealed[0]).toBe(1);
    expect(JSON.parse(openedElsewhere(master, sealed, 'transaction'))).toEqual({ pan: PAN });
    const sealedKey = vault.sealServiceKey('totp', Buffer.from('service key'));
    expect(openedElsewhere(master, sealedKey, 'service-key:totp')).toBe('service key');
  });

  it('never hands out one IV twice, across refills of its random pool', () => {
    const vault = new CardVault(randomBytes(32));
    const ivs = new Set<string>();
    for (let i = 0; i < 700; i += 1) {
      const sealed = vault.seal({ pan: PAN }, 'transaction');
      ivs.add(sealed.subarray(1, 13).toString('hex'));
      expect(vault.unseal(sealed, 'transaction')).toEqual({ pan: PAN });
    }
    expect(ivs.size).toBe(700);
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
