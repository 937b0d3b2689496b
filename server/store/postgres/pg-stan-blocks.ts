import type { PgSession } from './pg-session.ts';

/** Stan sequence values an instance reserves at a time (one commit per block, not per message). */
export const STAN_BLOCK = 100;

/** Reserves the next block: one upsert, atomic under the counter row's lock; returns its last value. */
const RESERVE = `INSERT INTO profile_counters AS c (profile_id, stan_seq) VALUES ($1, $2)
  ON CONFLICT (profile_id) DO UPDATE SET stan_seq = c.stan_seq + $2 RETURNING stan_seq`;

interface Block {
  next: number;
  last: number;
}

/**
 * Stan sequence values of a PostgreSQL store (ServiceStore.nextStanSeq): each instance reserves
 * blocks of STAN_BLOCK values per profile in profile_counters and hands them out in memory, so no
 * value is handed out twice by the instances sharing the database, and a message waits on no
 * commit of its own for its stan. Values are unique, not gapless: a restart continues past the
 * last block reserved, and instances interleave their blocks.
 */
export class PgStanBlocks {
  readonly #session: PgSession;
  readonly #blocks = new Map<number, Block>();
  readonly #reserving = new Map<number, Promise<Block>>();

  constructor(session: PgSession) {
    this.#session = session;
  }

  /** The profile's next sequence value. */
  async next(profileId: number): Promise<number> {
    for (;;) {
      const block = this.#blocks.get(profileId);
      if (block !== undefined && block.next <= block.last) {
        block.next += 1;
        return block.next - 1;
      }
      await this.#reserve(profileId);
    }
  }

  /** Reserves a block for the profile; callers meanwhile share the one reservation. */
  #reserve(profileId: number): Promise<Block> {
    let reserving = this.#reserving.get(profileId);
    if (reserving === undefined) {
      reserving = this.#session
        .get<{ stan_seq: number }>(RESERVE, [profileId, STAN_BLOCK])
        .then((row) => {
          const last = row?.stan_seq ?? STAN_BLOCK;
          const block = { next: last - STAN_BLOCK + 1, last };
          this.#blocks.set(profileId, block);
          return block;
        })
        .finally(() => this.#reserving.delete(profileId));
      this.#reserving.set(profileId, reserving);
    }
    return reserving;
  }
}
