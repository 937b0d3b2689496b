import type { TransactionReads } from '../store/transaction-store.ts';

/** Largest system trace audit number; the next after it is 000001 (ISO 8583 field 11, n6). */
const STAN_MAX = 999_999;

/** A stan handed to one online message, with the per-profile sequence value it came from. */
export interface StanAllocation {
  seq: number;
  stan: string;
}

/**
 * System trace audit numbers, one sequence per profile: 000001, 000002, … 999999, then 000001
 * again. Handed out in memory when a message goes online and committed with the message's
 * transaction; after a restart the sequence resumes after the last committed value, read once.
 */
export class StanCounter {
  readonly #transactions: Pick<TransactionReads, 'lastStanSeq'>;
  readonly #last = new Map<number, number>();
  readonly #loading = new Map<number, Promise<number>>();

  constructor(transactions: Pick<TransactionReads, 'lastStanSeq'>) {
    this.#transactions = transactions;
  }

  /** The next stan of the profile. */
  async next(profileId: number): Promise<StanAllocation> {
    if (!this.#last.has(profileId)) {
      let loading = this.#loading.get(profileId);
      if (loading === undefined) {
        loading = this.#transactions.lastStanSeq(profileId);
        this.#loading.set(profileId, loading);
      }
      let committed: number;
      try {
        committed = await loading;
      } finally {
        this.#loading.delete(profileId);
      }
      if (!this.#last.has(profileId)) this.#last.set(profileId, committed);
    }
    const seq = (this.#last.get(profileId) ?? 0) + 1;
    this.#last.set(profileId, seq);
    return { seq, stan: String(((seq - 1) % STAN_MAX) + 1).padStart(6, '0') };
  }
}
