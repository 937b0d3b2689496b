import type { LaneEvent, LaneSnapshot } from '../lane-api/index.ts';

/** An event as the lane makes it, before the log numbers and stamps it. */
export type LaneEventBody = LaneEvent extends infer E
  ? E extends LaneEvent
    ? Omit<E, 'seq' | 'at'>
    : never
  : never;

/**
 * The lane's one event stream (lane API events): every event gets the next sequence number and
 * the time; a new subscriber first gets a snapshot numbered with the last event's seq, then every
 * event after it. A listener that throws is dropped with a log line, never stopping the others.
 */
export class EventLog {
  readonly #snapshot: () => LaneSnapshot;
  readonly #listeners = new Set<(event: LaneEvent) => void>();
  readonly #now: () => number;
  #seq = 0;

  constructor(snapshot: () => LaneSnapshot, now: () => number = Date.now) {
    this.#snapshot = snapshot;
    this.#now = now;
  }

  /** Numbers, stamps and delivers an event. */
  emit(body: LaneEventBody): void {
    this.#seq += 1;
    const event = { ...body, seq: this.#seq, at: this.#now() } as LaneEvent;
    for (const listener of this.#listeners) this.#deliver(listener, event);
  }

  /** Delivers a snapshot, then every event; returns the function that unsubscribes. */
  subscribe(listener: (event: LaneEvent) => void): () => void {
    this.#listeners.add(listener);
    this.#deliver(listener, {
      type: 'snapshot',
      seq: this.#seq,
      at: this.#now(),
      snapshot: this.#snapshot(),
    });
    return () => this.#listeners.delete(listener);
  }

  #deliver(listener: (event: LaneEvent) => void, event: LaneEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.#listeners.delete(listener);
      console.error(
        `lane: an event listener failed and no longer gets events: ${(error as Error).message}`,
      );
    }
  }
}
