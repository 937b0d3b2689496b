import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CardVault,
  VAULT_KEY_FILE,
  VaultKeyError,
  VaultSealError,
  loadOrCreateVaultKey,
} from '../../../server/vault/index.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-vault-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const PAN = '4111111111111111';

describe('vault key file', () => {
  it('is created once, 32 bytes, readable by its owner only, and reused', () => {
    const dir = tempDir();
    const first = loadOrCreateVaultKey(dir);
    const path = join(dir, VAULT_KEY_FILE);
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVaultKey(dir).equals(first)).toBe(true);
  });

  it('is refused when group or others may read it', () => {
    const dir = tempDir();
    loadOrCreateVaultKey(dir);
    chmodSync(join(dir, VAULT_KEY_FILE), 0o644);
    expect(() => loadOrCreateVaultKey(dir)).toThrow(VaultKeyError);
  });

  it('is refused when it is not 32 bytes', () => {
    const dir = tempDir();
    writeFileSync(join(dir, VAULT_KEY_FILE), Buffer.alloc(16), { mode: 0o600 });
    expect(() => loadOrCreateVaultKey(dir)).toThrow(/exactly 32 bytes/);
  });
});

describe('CardVault', () => {
  it('seals card data so the number does not appear, and opens it again', () => {
    const vault = CardVault.open(tempDir());
    const sealed = vault.seal({ pan: PAN, expdate: '1230' }, 'transaction');
    expect(sealed.toString('latin1')).not.toContain(PAN);
    expect(sealed.toString('hex')).not.toContain(Buffer.from(PAN).toString('hex'));
    expect(vault.unseal(sealed, 'transaction')).toEqual({ pan: PAN, expdate: '1230' });
  });

  it('uses a fresh IV for every seal', () => {
    const vault = CardVault.open(tempDir());
    const a = vault.seal({ pan: PAN }, 'token');
    const b = vault.seal({ pan: PAN }, 'token');
    expect(a.equals(b)).toBe(false);
  });

  it('refuses a blob sealed for another purpose, under another key, tampered or truncated', () => {
    const vault = CardVault.open(tempDir());
    const sealed = vault.seal({ pan: PAN }, 'transaction');
    expect(() => vault.unseal(sealed, 'token')).toThrow(VaultSealError);
    expect(() => CardVault.open(tempDir()).unseal(sealed, 'transaction')).toThrow(VaultSealError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    expect(() => vault.unseal(tampered, 'transaction')).toThrow(VaultSealError);
    expect(() => vault.unseal(sealed.subarray(0, 20), 'transaction')).toThrow(VaultSealError);
  });

  it('fingerprints an account stably under one key and differently under another', () => {
    const dir = tempDir();
    const vault = CardVault.open(dir);
    expect(vault.fingerprint(PAN)).toBe(CardVault.open(dir).fingerprint(PAN));
    expect(vault.fingerprint(PAN)).not.toBe(vault.fingerprint('5454545454545454'));
    expect(vault.fingerprint(PAN)).not.toBe(CardVault.open(tempDir()).fingerprint(PAN));
    expect(vault.fingerprint(PAN)).not.toContain(PAN);
  });

  it('keeps its key beside a database file, and in memory for an in-memory database', () => {
    const dir = tempDir();
    CardVault.forDatabase(join(dir, 'service.db'), false);
    expect(readFileSync(join(dir, VAULT_KEY_FILE))).toHaveLength(32);
    const memory = CardVault.forDatabase(':memory:', true);
    expect(memory.unseal(memory.seal({ pan: PAN }, 'token'), 'token').pan).toBe(PAN);
  });
});
