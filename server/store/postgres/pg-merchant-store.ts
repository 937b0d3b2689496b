import type { AutoSettleSetting, MerchantStore, ProfileInfo } from '../merchant-store.ts';
import type { RequestSetup } from '../merchant-store.ts';
import type { PgSession } from './pg-session.ts';
import { type ProfileRow, profileFromRow } from '../merchant-store.ts';
import { requestSetupFromRow, requestSetupQuery } from '../merchant-store.ts';

const COLUMNS = `p.id AS profile_id, p.name AS profile_name, p.processor, m.id AS merchant_id,
  m.name AS merchant_name, m.time_zone`;
const FROM = 'FROM profiles p JOIN merchants m ON m.id = p.merchant_id';
const REQUEST_SETUP = requestSetupQuery('$1::bigint', '$2::bigint');

/** Profiles with their merchants, and auto_settle, in PostgreSQL (001_identity, 003_transactions). */
export class PgMerchantStore implements MerchantStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async profile(profileId: number): Promise<ProfileInfo | undefined> {
    const row = await this.#s.get<ProfileRow>(`SELECT ${COLUMNS} ${FROM} WHERE p.id = $1`, [
      profileId,
    ]);
    return row === undefined ? undefined : profileFromRow(row);
  }

  async requestSetup(merchantId: number, profileId: number): Promise<RequestSetup> {
    type Row = { gift_ranges: string | null; processor: string | null };
    return requestSetupFromRow(await this.#s.get<Row>(REQUEST_SETUP, [merchantId, profileId]));
  }

  async autoSettleSettings(): Promise<AutoSettleSetting[]> {
    const rows = await this.#s.all<
      ProfileRow & { settle_time: string; last_run_ts: number | null }
    >(
      `SELECT ${COLUMNS}, a.settle_time, a.last_run_ts ${FROM}
       JOIN auto_settle a ON a.profile_id = p.id ORDER BY p.id`,
    );
    return rows.map((row) => ({
      profile: profileFromRow(row),
      settleTime: row.settle_time,
      lastRunTs: row.last_run_ts,
    }));
  }

  async setAutoSettle(profileId: number, settleTime: string | null, nowTs: number): Promise<void> {
    if (settleTime === null) {
      await this.#s.run('DELETE FROM auto_settle WHERE profile_id = $1', [profileId]);
      return;
    }
    await this.#s.run(
      `INSERT INTO auto_settle (profile_id, settle_time, last_run_ts) VALUES ($1, $2, $3)
       ON CONFLICT (profile_id) DO UPDATE SET settle_time = excluded.settle_time,
         last_run_ts = excluded.last_run_ts`,
      [profileId, settleTime, nowTs],
    );
  }

  async markAutoSettled(profileId: number, ts: number): Promise<void> {
    await this.#s.run('UPDATE auto_settle SET last_run_ts = $1 WHERE profile_id = $2', [
      ts,
      profileId,
    ]);
  }
}
