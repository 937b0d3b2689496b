// When a supervised device is due its health check (docs/lane-devices.md, Device status): after
// every (re)connect, every few seconds while its link is out of step, and once it has been idle.

/** How long a link out of step waits before its next check, ms. */
const LINK_RECHECK_MS = 5000;

/** What the schedule asks of its device when a timer fires. */
export interface CheckConditions {
  /** The owner's check (keys, paper, the EMV reader's ping); none: the device is never checked. */
  due: (() => void) | undefined;
  /** Idle this long after its last call, the device is due a check; 0 never. */
  idleMs: number;
  /** True while no call runs and the link is open. */
  idle(): boolean;
  /** True while the device's link is still out of step. */
  outOfStep(): boolean;
}

/**
 * The timers of one device's checks: one after the device has had no call for `idleMs` (the check's
 * own call ending arms the next, so an idle device is checked again and again), one every
 * LINK_RECHECK_MS while its link is out of step; both end with stop().
 */
export class DeviceChecks {
  readonly #conditions: CheckConditions;
  #idle: NodeJS.Timeout | undefined;
  #recheck: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(conditions: CheckConditions) {
    this.#conditions = conditions;
  }

  /** The link (re)opened: a check now. */
  connected(): void {
    this.#conditions.due?.();
  }

  /** A call started: the device is not idle. */
  callStarted(): void {
    clearTimeout(this.#idle);
  }

  /** A call ended: when none runs, a check once the device has been idle for idleMs. */
  callEnded(): void {
    const { due, idleMs } = this.#conditions;
    if (idleMs === 0 || due === undefined || !this.#conditions.idle()) return;
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (!this.#stopped && this.#conditions.idle()) due();
    }, idleMs);
  }

  /** The link was found out of step: a check once LINK_RECHECK_MS has passed, if it still is. */
  linkOutOfStep(): void {
    const { due } = this.#conditions;
    if (this.#recheck !== undefined || due === undefined) return;
    this.#recheck = setTimeout(() => {
      this.#recheck = undefined;
      if (!this.#stopped && this.#conditions.outOfStep()) due();
    }, LINK_RECHECK_MS);
  }

  /** No check after this. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#idle);
    clearTimeout(this.#recheck);
  }
}
