import type { AutoSettleSetting, MerchantStore, ProfileInfo } from '../merchant-store.ts';
import type { RequestSetup } from '../merchant-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import { type ProfileRow, profileFromRow } from '../merchant-store.ts';
import { requestSetupFromRow, requestSetupQuery } from '../merchant-store.ts';

const COLUMNS = `p.id AS profile_id, p.name AS profile_name, p.processor, m.id AS merchant_id,
  m.name AS merchant_name, m.time_zone`;
const FROM = 'FROM profiles p JOIN merchants m ON m.id = p.merchant_id';
const REQUEST_SETUP = requestSetupQuery('?', '?');

/** Profiles with their merchants, and auto_settle, in SQLite (001_identity, 003_transactions). */
export class SqliteMerchantStore implements MerchantStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  profile(profileId: number): Promise<ProfileInfo | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number], ProfileRow>(`SELECT ${COLUMNS} ${FROM} WHERE p.id = ?`)
        .get(profileId);
      return row === undefined ? undefined : profileFromRow(row);
    });
  }

  requestSetup(merchantId: number, profileId: number): Promise<RequestSetup> {
    type Row = { gift_ranges: string | null; processor: string | null };
    return this.#s.read(() =>
      requestSetupFromRow(
        this.#s.prepare<[number, number], Row>(REQUEST_SETUP).get(merchantId, profileId),
      ),
    );
  }

  autoSettleSettings(): Promise<AutoSettleSetting[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[], ProfileRow & { settle_time: string; last_run_ts: number | null }>(
          `SELECT ${COLUMNS}, a.settle_time, a.last_run_ts ${FROM}
           JOIN auto_settle a ON a.profile_id = p.id ORDER BY p.id`,
        )
        .all()
        .map((row) => ({
          profile: profileFromRow(row),
          settleTime: row.settle_time,
          lastRunTs: row.last_run_ts,
        })),
    );
  }

  setAutoSettle(profileId: number, settleTime: string | null, nowTs: number): Promise<void> {
    return this.#s.write(() => {
      if (settleTime === null) {
        this.#s.prepare('DELETE FROM auto_settle WHERE profile_id = ?').run(profileId);
        return;
      }
      this.#s
        .prepare(
          `INSERT INTO auto_settle (profile_id, settle_time, last_run_ts) VALUES (?, ?, ?)
           ON CONFLICT (profile_id) DO UPDATE SET settle_time = excluded.settle_time,
             last_run_ts = excluded.last_run_ts`,
        )
        .run(profileId, settleTime, nowTs);
    });
  }

  markAutoSettled(profileId: number, ts: number): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare('UPDATE auto_settle SET last_run_ts = ? WHERE profile_id = ?')
        .run(ts, profileId);
    });
  }
}
