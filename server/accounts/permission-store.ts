import type { OperationName } from '../../protocol/index.ts';
import type { EngineDatabase } from '../engine/store/statement-cache.ts';
import type { Login } from './user-store.ts';

/** The permission entry that grants a sub-user every operation, present and future. */
export const ALL_OPERATIONS = '*';

/** The two operation lists: per user (user_permissions) and per merchant (dual_auth_operations). */
const LISTS = {
  user: { table: 'user_permissions', owner: 'user_id' },
  dual: { table: 'dual_auth_operations', owner: 'merchant_id' },
} as const;

type ListName = keyof typeof LISTS;

/**
 * Who may run what: the operations each sub-user may run (the merchant user may run all), and the
 * operations a merchant has marked as needing dual authorization (seed: Authentication §7).
 */
export class PermissionStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Replaces a sub-user's permitted operations; ALL_OPERATIONS grants every one. */
  setUserPermissions(userId: number, operations: readonly string[]): void {
    this.#replace('user', userId, operations);
  }

  /** A sub-user's permitted operations as stored (possibly [ALL_OPERATIONS]). */
  userPermissions(userId: number): string[] {
    return this.#read('user', userId);
  }

  /** True when the login may run the operation: always for the merchant user. */
  allows(login: Login, operation: OperationName): boolean {
    if (login.sub === '') return true;
    const granted = this.userPermissions(login.userId);
    return granted.includes(ALL_OPERATIONS) || granted.includes(operation);
  }

  /** Replaces the operations a merchant wants dual-authorized (empty: none). */
  setDualOperations(merchantId: number, operations: readonly OperationName[]): void {
    this.#replace('dual', merchantId, operations);
  }

  /** The operations a merchant wants dual-authorized, by name. */
  dualOperations(merchantId: number): string[] {
    return this.#read('dual', merchantId);
  }

  /** True when the merchant wants this operation dual-authorized. */
  needsDual(merchantId: number, operation: OperationName): boolean {
    return this.dualOperations(merchantId).includes(operation);
  }

  #replace(list: ListName, ownerId: number, operations: readonly string[]): void {
    const { table, owner } = LISTS[list];
    this.#db.atomically(() => {
      this.#db.prepare(`DELETE FROM ${table} WHERE ${owner} = ?`).run(ownerId);
      const insert = this.#db.prepare(`INSERT INTO ${table} (${owner}, operation) VALUES (?, ?)`);
      for (const operation of new Set(operations)) insert.run(ownerId, operation);
    });
  }

  #read(list: ListName, ownerId: number): string[] {
    const { table, owner } = LISTS[list];
    return this.#db
      .prepare<[number], string>(
        `SELECT operation FROM ${table} WHERE ${owner} = ? ORDER BY operation`,
      )
      .pluck()
      .all(ownerId);
  }
}
