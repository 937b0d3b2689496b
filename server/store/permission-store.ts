import { SqlArea } from './sql-session.ts';

/** Reading operation lists (store boundary). */
export interface PermissionReads {
  /** A sub-user's permitted operations as stored, by name ("*" grants every one). */
  userPermissions(userId: number): Promise<string[]>;
  /** The operations a merchant wants dual-authorized, by name. */
  dualOperations(merchantId: number): Promise<string[]>;
}

/**
 * The two operation lists of the accounts (002_credentials): what each sub-user may run, and what
 * a merchant wants dual-authorized (docs/interface.md › Authentication §7).
 */
export interface PermissionStore extends PermissionReads {
  /** Replaces a sub-user's permitted operations. */
  setUserPermissions(userId: number, operations: readonly string[]): Promise<void>;
  /** Replaces the operations a merchant wants dual-authorized (empty: none). */
  setDualOperations(merchantId: number, operations: readonly string[]): Promise<void>;
}

/** The two operation lists: per user (user_permissions) and per merchant (dual_auth_operations). */
const LISTS = {
  user: { table: 'user_permissions', owner: 'user_id' },
  dual: { table: 'dual_auth_operations', owner: 'merchant_id' },
} as const;

type ListName = keyof typeof LISTS;

/** Operation lists in SQL (002_credentials), the same statements on every back end. */
export class SqlPermissionStore extends SqlArea implements PermissionStore {
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

  /** Deletes the list and inserts the new one from an array parameter, as one change. */
  #replace(list: ListName, ownerId: number, operations: readonly string[]): Promise<void> {
    const { table, owner } = LISTS[list];
    return this.sql.write(async (s) => {
      await s.run(`DELETE FROM ${table} WHERE ${owner} = $1`, [ownerId]);
      await s.run(
        `INSERT INTO ${table} (${owner}, operation)
         SELECT CAST($1 AS bigint), value FROM ${s.dialect.eachText('$2')}`,
        [ownerId, [...new Set(operations)]],
      );
    });
  }

  async #read(list: ListName, ownerId: number): Promise<string[]> {
    const { table, owner } = LISTS[list];
    const rows = await this.sql.all<{ operation: string }>(
      `SELECT operation FROM ${table} WHERE ${owner} = $1 ORDER BY operation`,
      [ownerId],
    );
    return rows.map((row) => row.operation);
  }
}
