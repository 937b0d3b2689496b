import type { TransactionStore } from './store/transaction-store.ts';

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
 * transaction; after a restart the sequence resumes after the last committed value.
 */
export class StanCounter {
  readonly #transactions: TransactionStore;
  readonly #last = new Map<number, number>();

  constructor(transactions: TransactionStore) {
    this.#transactions = transactions;
  }

  /** The next stan of the profile. */
  next(profileId: number): StanAllocation {
    const seq = (this.#last.get(profileId) ?? this.#transactions.lastStanSeq(profileId)) + 1;
    this.#last.set(profileId, seq);
    return { seq, stan: String(((seq - 1) % STAN_MAX) + 1).padStart(6, '0') };
  }
}
