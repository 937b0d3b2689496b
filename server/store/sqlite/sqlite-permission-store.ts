import type { PermissionStore } from '../permission-store.ts';
import type { SqliteSession } from './sqlite-session.ts';

/** The two operation lists: per user (user_permissions) and per merchant (dual_auth_operations). */
const LISTS = {
  user: { table: 'user_permissions', owner: 'user_id' },
  dual: { table: 'dual_auth_operations', owner: 'merchant_id' },
} as const;

type ListName = keyof typeof LISTS;

/** Operation lists in SQLite (002_credentials). */
export class SqlitePermissionStore implements PermissionStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  userPermissions(userId: number): Promise<string[]> {
    return this.#read('user', userId);
  }

  dualOperations(merchantId: number): Promise<string[]> {
    return this.#read('dual', merchantId);
  }

  setUserPermissions(userId: number, operations: readonly string[]): Promise<void> {
    return this.#replace('user', userId, operations);
  }

  setDualOperations(merchantId: number, operations: readonly string[]): Promise<void> {
    return this.#replace('dual', merchantId, operations);
  }

  #replace(list: ListName, ownerId: number, operations: readonly string[]): Promise<void> {
    const { table, owner } = LISTS[list];
    return this.#s.write(() => {
      this.#s.prepare(`DELETE FROM ${table} WHERE ${owner} = ?`).run(ownerId);
      const insert = this.#s.prepare(`INSERT INTO ${table} (${owner}, operation) VALUES (?, ?)`);
      for (const operation of new Set(operations)) insert.run(ownerId, operation);
    });
  }

  #read(list: ListName, ownerId: number): Promise<string[]> {
    const { table, owner } = LISTS[list];
    return this.#s.read(() =>
      this.#s
        .prepare<[number], string>(
          `SELECT operation FROM ${table} WHERE ${owner} = ? ORDER BY operation`,
        )
        .pluck()
        .all(ownerId),
    );
  }
}
