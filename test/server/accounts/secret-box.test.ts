import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LEGACY_SECRET_KEY_FILE,
  SecretBox,
  openSecretKey,
} from '../../../server/accounts/secret-box.ts';
import { CardVault, VaultSealError } from '../../../server/vault/index.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed text hides the secret', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a sealed value moved to another context or opened under another key', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('secret', 'user:1');
    expect(() => box.open(sealed, 'user:2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'user:1')).toThrow();
  });

  it('refuses a key of the wrong size', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('openSecretKey', () => {
  it('creates a 32-byte key kept sealed by the card vault (mode 0600), and opens the same key again', () => {
    const dir = tempDir();
    const path = join(dir, 'totp-key.sealed');
    const vault = new CardVault(randomBytes(32));
    const first = openSecretKey(path, vault);
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path).includes(first)).toBe(false);
    expect(openSecretKey(path, vault).equals(first)).toBe(true);
  });

  it('does not open under another vault key: a copy of the directory alone opens no TOTP secret', () => {
    const path = join(tempDir(), 'totp-key.sealed');
    openSecretKey(path, new CardVault(randomBytes(32)));
    expect(() => openSecretKey(path, new CardVault(randomBytes(32)))).toThrow(VaultSealError);
  });

  it('takes the legacy clear secret.key, so sealed TOTP secrets still open, and deletes it', () => {
    const dir = tempDir();
    const legacy = randomBytes(32);
    writeFileSync(join(dir, LEGACY_SECRET_KEY_FILE), legacy, { mode: 0o600 });
    const sealed = new SecretBox(legacy).seal('JBSWY3DPEHPK3PXP', 'user:1');
    const key = openSecretKey(join(dir, 'totp-key.sealed'), new CardVault(randomBytes(32)));
    expect(new SecretBox(key).open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(existsSync(join(dir, LEGACY_SECRET_KEY_FILE))).toBe(false);
  });

  it('refuses a legacy key of the wrong size and keeps it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LEGACY_SECRET_KEY_FILE), randomBytes(16), { mode: 0o600 });
    expect(() =>
      openSecretKey(join(dir, 'totp-key.sealed'), new CardVault(randomBytes(32))),
    ).toThrow(/exactly 32 bytes/);
    expect(existsSync(join(dir, LEGACY_SECRET_KEY_FILE))).toBe(true);
  });
});
