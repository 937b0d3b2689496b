import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File name of the card vault's master key inside the service's data directory. */
export const VAULT_KEY_FILE = 'card-vault.key';

/** Length of the vault's master key in bytes (AES-256 strength). */
const VAULT_KEY_BYTES = 32;

/** The vault key file cannot be used: wrong size, or readable by other users. */
export class VaultKeyError extends Error {
  readonly code: 'VAULT_KEY_SIZE' | 'VAULT_KEY_MODE';

  constructor(code: VaultKeyError['code'], message: string) {
    super(message);
    this.name = 'VaultKeyError';
    this.code = code;
  }
}

/**
 * Reads the master key from DIR/card-vault.key, creating it (32 random bytes, mode 0600) the first
 * time. Refuses a key of the wrong size and a file that group or other users may read or write,
 * because whoever reads the key reads every stored card.
 */
export function loadOrCreateVaultKey(dataDir: string): Buffer {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, VAULT_KEY_FILE);
  try {
    writeFileSync(path, randomBytes(VAULT_KEY_BYTES), { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new VaultKeyError(
      'VAULT_KEY_MODE',
      `${path}: the card vault key must be readable by its owner only (chmod 600)`,
    );
  }
  const key = readFileSync(path);
  if (key.length !== VAULT_KEY_BYTES) {
    throw new VaultKeyError(
      'VAULT_KEY_SIZE',
      `${path}: the card vault key must be exactly ${VAULT_KEY_BYTES} bytes`,
    );
  }
  return key;
}
