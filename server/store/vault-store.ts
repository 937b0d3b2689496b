import { SqlArea } from './sql-session.ts';

/** The wrapped data key a store holds (013_shared_vault: vault_key). */
export interface StoredVaultKey {
  /** The vault's random id. */
  vault: string;
  /** The wrapped key file's JSON, as the card vault wrote it. */
  wrappedJson: string;
}

/**
 * The card vault kept in the store for every instance that shares it (013_shared_vault;
 * docs/security.md, Key custody): the data key as the KEK wrapped it, changed only by a compare and
 * set, and the service's keys sealed under it, each written once.
 */
export interface VaultStore {
  /** The wrapped data key, or undefined when the store has no vault yet. */
  key(): Promise<StoredVaultKey | undefined>;
  /** Puts the first vault in place; false when one is there already (another instance's). */
  createKey(key: StoredVaultKey, nowTs: number): Promise<boolean>;
  /** Replaces the wrapping when it is still `before`; false when another change came first. */
  replaceKey(before: string, after: string, nowTs: number): Promise<boolean>;
  /** A sealed service key by name, or undefined. */
  serviceKey(name: string): Promise<Buffer | undefined>;
  /** Keeps a sealed service key unless one of that name is there; returns the one kept. */
  keepServiceKey(name: string, sealed: Buffer, nowTs: number): Promise<Buffer>;
}

/** The shared card vault in SQL (013_shared_vault), the same on every back end. */
export class SqlVaultStore extends SqlArea implements VaultStore {
  key(): Promise<StoredVaultKey | undefined> {
    return this.sql.get<StoredVaultKey>(
      'SELECT vault, wrapped_json AS "wrappedJson" FROM vault_key WHERE id = 1',
    );
  }

  async createKey(key: StoredVaultKey, nowTs: number): Promise<boolean> {
    const inserted = await this.sql.run(
      `INSERT INTO vault_key (id, vault, wrapped_json, updated_ts) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [key.vault, key.wrappedJson, nowTs],
    );
    return inserted === 1;
  }

  async replaceKey(before: string, after: string, nowTs: number): Promise<boolean> {
    const changed = await this.sql.run(
      'UPDATE vault_key SET wrapped_json = $2, updated_ts = $3 WHERE id = 1 AND wrapped_json = $1',
      [before, after, nowTs],
    );
    return changed === 1;
  }

  async serviceKey(name: string): Promise<Buffer | undefined> {
    const row = await this.sql.get<{ sealed: Buffer }>(
      'SELECT sealed FROM service_keys WHERE name = $1',
      [name],
    );
    return row === undefined ? undefined : Buffer.from(row.sealed);
  }

  async keepServiceKey(name: string, sealed: Buffer, nowTs: number): Promise<Buffer> {
    await this.sql.run(
      `INSERT INTO service_keys (name, sealed, created_ts) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO NOTHING`,
      [name, sealed, nowTs],
    );
    const kept = await this.serviceKey(name);
    if (kept === undefined) throw new Error('service key vanished inside its own commit');
    return kept;
  }
}
