/** Reading operation lists (store boundary). */
export interface PermissionReads {
  /** A sub-user's permitted operations as stored, by name ("*" grants every one). */
  userPermissions(userId: number): Promise<string[]>;
  /** The operations a merchant wants dual-authorized, by name. */
  dualOperations(merchantId: number): Promise<string[]>;
}

/**
 * The two operation lists of the accounts (002_credentials): what each sub-user may run, and what
 * a merchant wants dual-authorized (seed: Authentication §7).
 */
export interface PermissionStore extends PermissionReads {
  /** Replaces a sub-user's permitted operations. */
  setUserPermissions(userId: number, operations: readonly string[]): Promise<void>;
  /** Replaces the operations a merchant wants dual-authorized (empty: none). */
  setDualOperations(merchantId: number, operations: readonly string[]): Promise<void>;
}
