import type { ServiceStore } from '../store/service-store.ts';

/** Largest system trace audit number; the next after it is 000001 (ISO 8583 field 11, n6). */
const STAN_MAX = 999_999;

/** A stan handed to one online message, with the per-profile sequence value it came from. */
export interface StanAllocation {
  seq: number;
  stan: string;
}

/**
 * System trace audit numbers, one sequence per profile: 000001, 000002, … 999999, then 000001
 * again. The store hands out the sequence values (unique across the instances sharing it); each
 * is committed with its message's transaction.
 */
export class StanCounter {
  readonly #store: Pick<ServiceStore, 'nextStanSeq'>;

  constructor(store: Pick<ServiceStore, 'nextStanSeq'>) {
    this.#store = store;
  }

  /** The next stan of the profile. */
  async next(profileId: number): Promise<StanAllocation> {
    const seq = await this.#store.nextStanSeq(profileId);
    return { seq, stan: String(((seq - 1) % STAN_MAX) + 1).padStart(6, '0') };
  }
}
