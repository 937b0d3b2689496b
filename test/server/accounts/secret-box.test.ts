import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox, loadOrCreateSecretKey } from '../../../server/accounts/secret-box.ts';
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

describe('loadOrCreateSecretKey', () => {
  it('creates a 32-byte key readable by the owner only, and reads the same key again', () => {
    const path = join(tempDir(), 'secret.key');
    const first = loadOrCreateSecretKey(path);
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecretKey(path).equals(first)).toBe(true);
  });
});
