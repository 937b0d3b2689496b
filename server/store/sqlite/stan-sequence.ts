import type { TransactionReads } from '../transaction-store.ts';

/**
 * Stan sequence values of a SQLite store, handed out in memory: the one process owning the
 * database file is the only one numbering. A profile's sequence resumes after the last value
 * committed (read once, on its first use after a start).
 */
export class StanSequence {
  readonly #transactions: Pick<TransactionReads, 'lastStanSeq'>;
  readonly #last = new Map<number, number>();
  readonly #loading = new Map<number, Promise<number>>();

  constructor(transactions: Pick<TransactionReads, 'lastStanSeq'>) {
    this.#transactions = transactions;
  }

  /** The profile's next sequence value. */
  async next(profileId: number): Promise<number> {
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
    return seq;
  }
}
