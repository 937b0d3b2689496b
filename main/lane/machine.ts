/** A workflow's transition table: for each state, the states it may move to. */
export type TransitionTable<S extends string> = { readonly [K in S]: readonly S[] };

/** A move the table does not allow: a defect of the lane, never a cashier's mistake. */
export class LaneStateError extends Error {
  readonly code = 'state_transition';
  readonly family: string;
  readonly from: string;
  readonly to: string;

  constructor(family: string, from: string, to: string) {
    super(`${family}: no transition from ${from} to ${to}`);
    this.name = 'LaneStateError';
    this.family = family;
    this.from = from;
    this.to = to;
  }
}

/**
 * An explicit state machine (docs/lane.md, one diagram per workflow family): the current state
 * and the table of allowed moves; every move is checked against the table, so a workflow can only
 * do what its diagram shows.
 */
export class StateMachine<S extends string> {
  readonly family: string;
  readonly table: TransitionTable<S>;
  #state: S;

  constructor(family: string, table: TransitionTable<S>, initial: S) {
    this.family = family;
    this.table = table;
    this.#state = initial;
  }

  /** The current state. */
  get state(): S {
    return this.#state;
  }

  /** True when the table allows moving to `next` now. */
  can(next: S): boolean {
    return this.table[this.#state].includes(next);
  }

  /** Moves to `next`; throws LaneStateError when the table does not allow it. */
  to(next: S): void {
    if (!this.can(next)) throw new LaneStateError(this.family, this.#state, next);
    this.#state = next;
  }
}
