/** An API key as stored: never its secret, only the secret's digest (seed: Authentication §5). */
export interface ApiKey {
  /** Public key id: "P" + 16 hex digits for a profile key, "U" + 16 hex digits for a user key. */
  keyId: string;
  userId: number;
  /** Set for a profile key: the one profile its transactions run under. */
  profileId: number | null;
  name: string;
  secretHash: string;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds; null while the key is usable. */
  revokedAt: number | null;
}

/** A key as listed for an administrator, with its user's and profile's names. */
export interface ApiKeyListing extends ApiKey {
  username: string;
  profileName: string | null;
}

/** Reading API keys (store boundary). */
export interface ApiKeyReads {
  /**
   * The key with this public id, revoked or not. A back end reads it in a way that costs the same
   * for an id that does not exist (one statement yielding one row either way), so the time of a
   * lookup does not tell which ids exist.
   */
  lookup(keyId: string): Promise<ApiKey | undefined>;
  /** Every key of a merchant's users, oldest first. */
  listForMerchant(merchantId: number): Promise<ApiKeyListing[]>;
}

/** API keys of users and profiles (002_credentials). */
export interface ApiKeyStore extends ApiKeyReads {
  /** Stores a new key (its id unique). */
  insert(key: Omit<ApiKey, 'revokedAt'>): Promise<void>;
  /** Revokes a key at `revokedTs`; false when there is no such usable key. */
  revoke(keyId: string, revokedTs: number): Promise<boolean>;
}
