import type { OperationName } from '../../protocol/index.ts';
import type { PermissionStore } from '../store/permission-store.ts';
import type { Login } from '../store/user-store.ts';

/** The permission entry that grants a sub-user every operation, present and future. */
export const ALL_OPERATIONS = '*';

/**
 * Who may run what: the operations each sub-user may run (the merchant user may run all), and the
 * operations a merchant has marked as needing dual authorization (docs/interface.md › Authentication §7).
 */
export class PermissionService {
  readonly #store: PermissionStore;

  constructor(store: PermissionStore) {
    this.#store = store;
  }

  /** Replaces a sub-user's permitted operations; ALL_OPERATIONS grants every one. */
  setUserPermissions(userId: number, operations: readonly string[]): Promise<void> {
    return this.#store.setUserPermissions(userId, operations);
  }

  /** A sub-user's permitted operations as stored (possibly [ALL_OPERATIONS]). */
  userPermissions(userId: number): Promise<string[]> {
    return this.#store.userPermissions(userId);
  }

  /** True when the login may run the operation: always for the merchant user. */
  async allows(login: Login, operation: OperationName): Promise<boolean> {
    if (login.sub === '') return true;
    const granted = await this.#store.userPermissions(login.userId);
    return granted.includes(ALL_OPERATIONS) || granted.includes(operation);
  }

  /** Replaces the operations a merchant wants dual-authorized (empty: none). */
  setDualOperations(merchantId: number, operations: readonly OperationName[]): Promise<void> {
    return this.#store.setDualOperations(merchantId, operations);
  }

  /** The operations a merchant wants dual-authorized, by name. */
  dualOperations(merchantId: number): Promise<string[]> {
    return this.#store.dualOperations(merchantId);
  }

  /** True when the login's merchant wants this operation dual-authorized (as read with the login). */
  needsDual(login: Login, operation: OperationName): boolean {
    return login.dualOperations.includes(operation);
  }
}
