/** Why the card vault's keys cannot be used (docs/security.md, Key custody). */
export type VaultKeyErrorCode =
  /** A key is not 32 bytes. */
  | 'VAULT_KEY_SIZE'
  /** A key file that group or other users may read or write. */
  | 'VAULT_KEY_MODE'
  /** A key-encrypting key file inside the data directory it protects. */
  | 'VAULT_KEY_PLACE'
  /** The key-encrypting key is not where the data directory says (no keychain, file, variable). */
  | 'VAULT_KEK_MISSING'
  /** The key-encrypting key found does not open the data key, or is not the one asked for. */
  | 'VAULT_KEK_MISMATCH'
  /** The wrapped data key file or a key in the environment is malformed. */
  | 'VAULT_KEY_FORMAT'
  /** Another process is rotating the keys of this data directory. */
  | 'VAULT_KEY_BUSY';

/** The card vault's keys cannot be used; the message names the place and the rule. */
export class VaultKeyError extends Error {
  readonly code: VaultKeyErrorCode;

  constructor(code: VaultKeyErrorCode, message: string) {
    super(message);
    this.name = 'VaultKeyError';
    this.code = code;
  }
}
