import type { ApiVersion } from '../../protocol/index.ts';

/** Who is asking, after authentication and profile resolution (filled in by the transports). */
export interface CallerContext {
  /** merchants.id: owner of profiles, transactions, batches. */
  merchantId: number;
  /** users.id of the authenticated login (merchant or sub-user). */
  userId: number;
  /** "merchant" or "merchant:sub", for the audit trail. */
  username: string;
  /** profiles.id the transaction runs under (from profile_id or the user's default). */
  profileId: number;
  /** Interface version: REST path prefix; on key/value action → v1, action_trans → v2. */
  version: ApiVersion;
  transport: 'rest' | 'kv';
  /** The merchant's IANA time zone (merchants.time_zone). */
  timeZone: string;
}

/** What an operation answers: transaction pairs, or a successful report's rows (seed: Errors §4). */
export type ServiceAnswer =
  | { kind: 'response'; pairs: Record<string, string> }
  | { kind: 'report'; columns: string[]; rows: Record<string, string>[] };
