import type { OperationName } from '../../protocol/index.ts';
import type { Store } from '../store/database.ts';
import type { Login } from './user-store.ts';

/** The permission entry that grants a sub-user every operation, present and future. */
export const ALL_OPERATIONS = '*';

/**
 * Who may run what: the operations each sub-user may run (the merchant user may run all), and the
 * operations a merchant has marked as needing dual authorization (seed: Authentication §7).
 */
export class PermissionStore {
  readonly #db: Store;

  constructor(db: Store) {
    this.#db = db;
  }

  /** Replaces a sub-user's permitted operations; ALL_OPERATIONS grants every one. */
  setUserPermissions(userId: number, operations: readonly string[]): void {
    this.#db.transaction(() => {
      this.#db.prepare('DELETE FROM user_permissions WHERE user_id = ?').run(userId);
      const insert = this.#db.prepare(
        'INSERT INTO user_permissions (user_id, operation) VALUES (?, ?)',
      );
      for (const operation of new Set(operations)) insert.run(userId, operation);
    })();
  }

  /** A sub-user's permitted operations as stored (possibly [ALL_OPERATIONS]). */
  userPermissions(userId: number): string[] {
    return this.#db
      .prepare<[number], string>(
        'SELECT operation FROM user_permissions WHERE user_id = ? ORDER BY operation',
      )
      .pluck()
      .all(userId);
  }

  /** True when the login may run the operation: always for the merchant user. */
  allows(login: Login, operation: OperationName): boolean {
    if (login.sub === '') return true;
    const granted = this.userPermissions(login.userId);
    return granted.includes(ALL_OPERATIONS) || granted.includes(operation);
  }

  /** Replaces the operations a merchant wants dual-authorized (empty: none). */
  setDualOperations(merchantId: number, operations: readonly OperationName[]): void {
    this.#db.transaction(() => {
      this.#db.prepare('DELETE FROM dual_auth_operations WHERE merchant_id = ?').run(merchantId);
      const insert = this.#db.prepare(
        'INSERT INTO dual_auth_operations (merchant_id, operation) VALUES (?, ?)',
      );
      for (const operation of new Set(operations)) insert.run(merchantId, operation);
    })();
  }

  /** The operations a merchant wants dual-authorized, by name. */
  dualOperations(merchantId: number): string[] {
    return this.#db
      .prepare<[number], string>(
        'SELECT operation FROM dual_auth_operations WHERE merchant_id = ? ORDER BY operation',
      )
      .pluck()
      .all(merchantId);
  }

  /** True when the merchant wants this operation dual-authorized. */
  needsDual(merchantId: number, operation: OperationName): boolean {
    return this.dualOperations(merchantId).includes(operation);
  }
}
