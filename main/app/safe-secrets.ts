// Secrets of the desktop app (the profile API key, an MFA cookie) kept encrypted with Electron's
// safeStorage, which uses the OS keychain (Keychain, DPAPI, libsecret/kwallet): one file per
// secret, written with mode 0600, and refused rather than written in the clear (docs/app.md).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElectronLike } from './electron-surface.ts';

/** Names a secret may have: lower-case letters, digits, dots and dashes, 1 to 64 characters. */
const SECRET_NAME = /^[a-z0-9][a-z0-9.-]{0,63}$/;

/** A secret store refusal: the OS offers no encryption, or the name breaks SECRET_NAME. */
export class SecretStoreError extends Error {
  readonly code: 'NO_ENCRYPTION' | 'BAD_NAME';
  constructor(code: 'NO_ENCRYPTION' | 'BAD_NAME', message: string) {
    super(message);
    this.name = 'SecretStoreError';
    this.code = code;
  }
}

/** Secrets by name, encrypted at rest with safeStorage under `<dir>/<name>.bin`. */
export class SafeSecretStore {
  readonly #dir: string;
  readonly #safe: ElectronLike['safeStorage'];

  constructor(safeStorage: ElectronLike['safeStorage'], dir: string) {
    this.#safe = safeStorage;
    this.#dir = dir;
  }

  #file(name: string): string {
    if (!SECRET_NAME.test(name)) {
      throw new SecretStoreError('BAD_NAME', 'name: 1-64 of a-z, 0-9, "." and "-"');
    }
    return join(this.#dir, `${name}.bin`);
  }

  #requireEncryption(): void {
    if (!this.#safe.isEncryptionAvailable()) {
      throw new SecretStoreError('NO_ENCRYPTION', 'safeStorage: the OS offers no encryption');
    }
  }

  /** The secret `name`, or undefined when none is stored. */
  read(name: string): string | undefined {
    const file = this.#file(name);
    this.#requireEncryption();
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch {
      return undefined;
    }
    return this.#safe.decryptString(data);
  }

  /** Stores `value` as the secret `name`, replacing it atomically. */
  write(name: string, value: string): void {
    const file = this.#file(name);
    this.#requireEncryption();
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, this.#safe.encryptString(value), { mode: 0o600 });
    renameSync(temporary, file);
  }
}
