import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CardVault,
  LEGACY_VAULT_KEY_FILE,
  VaultKeyError,
  keychainProblem,
  openDataKey,
  rotateVaultKek,
  type KekCustody,
} from '../../../server/vault/index.ts';
import {
  WRAPPED_KEY_FILE,
  readWrappedKeyFile,
  wrapDataKey,
  writeWrappedKeyFile,
} from '../../../server/vault/wrapped-key-file.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-vault-key-');
const VARIABLE = 'LANETERM_TEST_VAULT_KEK';
afterEach(() => {
  delete process.env[VARIABLE];
  delete process.env[`${VARIABLE}_NEXT`];
});

function keyFile(): KekCustody & { kind: 'file' } {
  return { kind: 'file', path: join(tempDir(), 'vault.kek') };
}

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    if (error instanceof VaultKeyError) return error.code;
    throw error;
  }
}

describe('openDataKey', () => {
  it('keeps only the wrapped data key in the data directory and the key-encrypting key outside', () => {
    const dir = tempDir();
    const kek = keyFile();
    const first = openDataKey(dir, { initial: kek });
    expect(first).toMatchObject({ custody: kek, change: 'created' });
    expect(readdirSync(dir)).toEqual([WRAPPED_KEY_FILE]);
    expect(statSync(join(dir, WRAPPED_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(kek.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, WRAPPED_KEY_FILE), 'utf8')).not.toContain(
      first.key.toString('base64'),
    );
    const again = openDataKey(dir);
    expect(again.key.equals(first.key)).toBe(true);
    expect(again.change).toBe('none');
  });

  it('refuses a key file inside the data directory, shared with others, or of the wrong size', () => {
    const dir = tempDir();
    const inside = { kind: 'file', path: join(dir, 'keys', 'vault.kek') } as const;
    expect(codeOf(() => openDataKey(dir, { initial: inside }))).toBe('VAULT_KEY_PLACE');
    const shared = keyFile();
    writeFileSync(shared.path, randomBytes(32), { mode: 0o600 });
    chmodSync(shared.path, 0o640);
    expect(codeOf(() => openDataKey(tempDir(), { initial: shared }))).toBe('VAULT_KEY_MODE');
    const short = keyFile();
    writeFileSync(short.path, randomBytes(16), { mode: 0o600 });
    expect(codeOf(() => openDataKey(tempDir(), { initial: short }))).toBe('VAULT_KEY_SIZE');
  });

  it('takes a key-encrypting key from the environment, in hex or base64, and needs it there', () => {
    const dir = tempDir();
    const env = { kind: 'env', variable: VARIABLE } as const;
    expect(codeOf(() => openDataKey(dir, { initial: env }))).toBe('VAULT_KEK_MISSING');
    const kek = randomBytes(32);
    process.env[VARIABLE] = kek.toString('hex');
    const key = openDataKey(dir, { initial: env }).key;
    process.env[VARIABLE] = kek.toString('base64');
    expect(openDataKey(dir).key.equals(key)).toBe(true);
    process.env[VARIABLE] = 'not a key';
    expect(codeOf(() => openDataKey(dir))).toBe('VAULT_KEY_FORMAT');
    process.env[VARIABLE] = randomBytes(32).toString('hex');
    expect(codeOf(() => openDataKey(dir))).toBe('VAULT_KEK_MISMATCH');
    delete process.env[VARIABLE];
    expect(codeOf(() => openDataKey(dir))).toBe('VAULT_KEK_MISSING');
  });

  it('refuses a custody the data key is not wrapped by', () => {
    const dir = tempDir();
    openDataKey(dir, { initial: keyFile() });
    expect(codeOf(() => openDataKey(dir, { required: keyFile() }))).toBe('VAULT_KEK_MISMATCH');
  });

  it('wraps a legacy card-vault.key, then deletes it, so what it sealed still opens', () => {
    const dir = tempDir();
    const legacy = randomBytes(32);
    writeFileSync(join(dir, LEGACY_VAULT_KEY_FILE), legacy, { mode: 0o600 });
    const sealed = new CardVault(legacy).seal({ pan: '4111111111111111' }, 'token');
    const kek = keyFile();
    expect(openDataKey(dir, { initial: kek }).change).toBe('migrated');
    expect(existsSync(join(dir, LEGACY_VAULT_KEY_FILE))).toBe(false);
    expect(CardVault.open(dir).unseal(sealed, 'token').pan).toBe('4111111111111111');
  });

  it('finishes a migration a crash interrupted: the legacy file goes once the wrapped key opens', () => {
    const dir = tempDir();
    const key = openDataKey(dir, { initial: keyFile() }).key;
    writeFileSync(join(dir, LEGACY_VAULT_KEY_FILE), key, { mode: 0o600 });
    expect(openDataKey(dir).change).toBe('none');
    expect(existsSync(join(dir, LEGACY_VAULT_KEY_FILE))).toBe(false);
  });

  it.skipIf(keychainProblem() === undefined)(
    'says so when the machine has no usable OS keychain',
    () => {
      const dir = tempDir();
      expect(() => openDataKey(dir, { initial: { kind: 'keychain' } })).toThrow(
        /no usable OS keychain here .*key file outside the data directory or in the variable LANETERM_VAULT_KEK/,
      );
      expect(readdirSync(dir)).toEqual([]);
    },
  );
});

describe('rotateVaultKek', () => {
  it('re-wraps the same data key under a new key in the same key file', () => {
    const dir = tempDir();
    const kek = keyFile();
    const { key } = openDataKey(dir, { initial: kek });
    const before = readFileSync(kek.path);
    expect(rotateVaultKek(dir)).toEqual({ from: kek, to: kek });
    expect(readFileSync(kek.path).equals(before)).toBe(false);
    expect(openDataKey(dir).key.equals(key)).toBe(true);
    const file = readWrappedKeyFile(dir);
    expect(file?.wrapped).toHaveLength(1);
    writeFileSync(kek.path, before, { mode: 0o600 });
    expect(codeOf(() => openDataKey(dir))).toBe('VAULT_KEK_MISMATCH');
  });

  it('moves the key to another file or a variable, and refuses the shared training key', () => {
    const dir = tempDir();
    const { key } = openDataKey(dir, { initial: keyFile() });
    const other = keyFile();
    rotateVaultKek(dir, other);
    expect(openDataKey(dir, { required: other }).key.equals(key)).toBe(true);
    const env = { kind: 'env', variable: `${VARIABLE}_NEXT` } as const;
    expect(codeOf(() => rotateVaultKek(dir, env))).toBe('VAULT_KEK_MISSING');
    process.env[`${VARIABLE}_NEXT`] = randomBytes(32).toString('base64');
    rotateVaultKek(dir, env);
    expect(openDataKey(dir, { required: env }).key.equals(key)).toBe(true);
    expect(codeOf(() => rotateVaultKek(dir))).toBe('VAULT_KEK_MISMATCH');
    expect(codeOf(() => rotateVaultKek(dir, { kind: 'training' }))).toBe('VAULT_KEK_MISMATCH');
  });

  it('opens through either wrapping while a rotation is under way, whichever key is in place', () => {
    const dir = tempDir();
    const kek = keyFile();
    const { key } = openDataKey(dir, { initial: kek });
    const file = readWrappedKeyFile(dir);
    const current = file?.wrapped[0];
    if (file === undefined || current === undefined) throw new Error('no wrapped key');
    const next = randomBytes(32);
    writeWrappedKeyFile(dir, { ...file, wrapped: [wrapDataKey(key, next, kek), current] });
    expect(openDataKey(dir).key.equals(key)).toBe(true);
    writeFileSync(kek.path, next, { mode: 0o600 });
    expect(openDataKey(dir).key.equals(key)).toBe(true);
  });

  it('refuses to run beside another rotation of the same data directory', () => {
    const dir = tempDir();
    openDataKey(dir, { initial: keyFile() });
    writeFileSync(join(dir, `${WRAPPED_KEY_FILE}.lock`), String(process.pid));
    expect(codeOf(() => rotateVaultKek(dir))).toBe('VAULT_KEY_BUSY');
    writeFileSync(join(dir, `${WRAPPED_KEY_FILE}.lock`), '999999999');
    expect(rotateVaultKek(dir).to.kind).toBe('file');
    expect(existsSync(join(dir, `${WRAPPED_KEY_FILE}.lock`))).toBe(false);
  });
});
