import type { PermissionStore } from '../permission-store.ts';
import type { PgSession } from './pg-session.ts';

/** The two operation lists: per user (user_permissions) and per merchant (dual_auth_operations). */
const LISTS = {
  user: { table: 'user_permissions', owner: 'user_id' },
  dual: { table: 'dual_auth_operations', owner: 'merchant_id' },
} as const;

type ListName = keyof typeof LISTS;

/** Operation lists in PostgreSQL (002_credentials). */
export class PgPermissionStore implements PermissionStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
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

  /** Deletes the list and inserts the new one from an array, in one transaction. */
  #replace(list: ListName, ownerId: number, operations: readonly string[]): Promise<void> {
    const { table, owner } = LISTS[list];
    return this.#s.write(async (s) => {
      await s.run(`DELETE FROM ${table} WHERE ${owner} = $1`, [ownerId]);
      await s.run(
        `INSERT INTO ${table} (${owner}, operation)
         SELECT $1::bigint, operation FROM unnest($2::text[]) AS operation`,
        [ownerId, [...new Set(operations)]],
      );
    });
  }

  async #read(list: ListName, ownerId: number): Promise<string[]> {
    const { table, owner } = LISTS[list];
    const rows = await this.#s.all<{ operation: string }>(
      `SELECT operation FROM ${table} WHERE ${owner} = $1 ORDER BY operation`,
      [ownerId],
    );
    return rows.map((row) => row.operation);
  }
}
