import {
  type BackoffPolicy,
  type CallOptions,
  DeviceError,
  DeviceSupervisor,
  type SupervisorState,
} from '../../drivers/index.ts';
import { DeviceChecks } from './device-checks.ts';
import type { DeviceConfig, DeviceRole } from './device-config.ts';
import { faultOf, isPermissionDenied, needsPerson, notAnswering } from './device-fault.ts';
import { locatorFor, waitForLink } from './device-link.ts';
import {
  type DeviceFault,
  type DeviceState,
  type DeviceStatus,
  type PaperState,
  describeLink,
} from './device-status.ts';

/**
 * The fault of a link out of step: a call refused DISCONNECTED while the port stayed open (the
 * EMV reader's fence got no answer, docs/devices.md), or a reader that stopped answering during a
 * call (NOT_ANSWERING). Any call that succeeds on the link clears it; until then it is checked.
 */
const OUT_OF_STEP = 'link out of step';

/** What every driver the manager runs offers. */
export interface OpenableDriver {
  open(): Promise<void>;
  close(): Promise<void>;
}

/** How a ManagedDevice is built. */
interface ManagedDeviceOptions<D extends OpenableDriver> {
  role: DeviceRole;
  config: DeviceConfig;
  /** Builds the driver on the device's supervisor (the supervisor is the driver's transport). */
  makeDriver: (supervisor: DeviceSupervisor) => D;
  backoff: Partial<BackoffPolicy>;
  /**
   * Called when the device is due a check (DeviceChecks: after every (re)connect, while its link is
   * out of step, once idle): the owner checks it through call() (keys, paper, the EMV reader's ping).
   */
  onCheckDue?: () => void;
  /** Idle this long after its last call, the device is due a check (onCheckDue); default never. */
  idleCheckMs?: number;
  /** Called after every change of the status. */
  onChange: (status: DeviceStatus) => void;
}

/** How a call is judged besides its outcome. */
interface CallBehaviour {
  /** The call waits for a cardholder (card, PIN): its TIMEOUT is nobody's fault. */
  waitsForPerson?: boolean;
  /** The condition a success proves sound, clearing a fault a call proving it found; default the operation. */
  proves?: string;
}

/**
 * One configured device under supervision: its DeviceSupervisor (reconnects with backoff,
 * re-enumerating by USB identity), its driver (which has its own queue, so devices never wait on
 * each other), the status the lane shows, and the calls in flight so cancel() can end them. Every
 * call waits for the link within its own deadline, then runs with what is left of it.
 */
export class ManagedDevice<D extends OpenableDriver> {
  readonly role: DeviceRole;
  readonly config: DeviceConfig;
  readonly supervisor: DeviceSupervisor;
  readonly driver: D;
  readonly #options: ManagedDeviceOptions<D>;
  readonly #inflight = new Set<AbortController>();
  #state: DeviceState = 'connecting';
  #paper: PaperState | undefined;
  #lastError: DeviceFault | undefined;
  /** The operation whose failure faulted the device; its next success clears the fault. */
  #faultedBy: string | undefined;
  #since: number;
  #stopped = false;
  readonly #checks: DeviceChecks;
  /** True while a status event is queued for this turn (changes in one turn make one event). */
  #queued = false;

  constructor(options: ManagedDeviceOptions<D>) {
    this.#options = options;
    this.role = options.role;
    this.config = options.config;
    this.#since = Date.now();
    if (options.role === 'printer') this.#paper = 'unknown';
    this.supervisor = new DeviceSupervisor({
      name: options.role,
      locate: locatorFor(options.config),
      backoff: options.backoff,
    });
    this.driver = options.makeDriver(this.supervisor);
    this.#checks = new DeviceChecks({
      due: options.onCheckDue,
      idleMs: options.idleCheckMs ?? 0,
      idle: () => this.#inflight.size === 0 && this.supervisor.isOpen,
      outOfStep: () => this.#faultedBy === OUT_OF_STEP,
    });
    this.supervisor.onState((state, _previous, cause) => this.#onLink(state, cause));
  }

  /** Starts supervising; resolves after the first attempt, connected or not (it keeps trying). */
  async start(): Promise<void> {
    await this.driver.open().catch(() => undefined);
  }

  /** Cancels every call in flight and closes the device for good; no status event follows. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#checks.stop();
    this.cancel();
    await this.driver.close().catch(() => undefined);
  }

  /** Ends every call in flight on this device: each rejects with CANCELLED. */
  cancel(): void {
    for (const controller of this.#inflight) controller.abort();
  }

  /** The status now. */
  status(): DeviceStatus {
    const status: DeviceStatus = {
      role: this.role,
      kind: this.config.kind,
      link: describeLink(this.config),
      state: this.#state,
      since: this.#since,
    };
    if (this.#paper !== undefined) status.paper = this.#paper;
    if (this.#lastError !== undefined) status.lastError = { ...this.#lastError };
    return status;
  }

  /**
   * Runs `work` on the device: waits for the link (DISCONNECTED when it does not come back within
   * the deadline), then passes the rest of the deadline and a signal cancel() aborts. Failures are
   * recorded as the last error; those that need a person fault the device until a call proving
   * the same condition succeeds. A TIMEOUT of a call that waits for a person (card, PIN) is not a
   * fault. Errors of the wait for the link are not recorded (the supervisor recorded why the link
   * is down).
   */
  async call<T>(
    operation: string,
    options: CallOptions,
    defaultDeadlineMs: number,
    work: (options: CallOptions) => Promise<T>,
    behaviour: CallBehaviour = {},
  ): Promise<T> {
    const proves = behaviour.proves ?? operation;
    const controller = new AbortController();
    const follow = (): void => controller.abort();
    if (options.signal?.aborted === true) controller.abort();
    else options.signal?.addEventListener('abort', follow, { once: true });
    this.#inflight.add(controller);
    this.#checks.callStarted();
    const deadlineMs = options.deadlineMs ?? defaultDeadlineMs;
    const started = Date.now();
    try {
      if (!this.supervisor.isOpen) {
        const why = (): string | undefined => this.#lastError?.message;
        await waitForLink(this.supervisor, this.role, why, deadlineMs, controller.signal);
      }
      const left = Math.max(1, deadlineMs - (Date.now() - started));
      try {
        const result = await work({ deadlineMs: left, signal: controller.signal });
        this.#succeeded(proves);
        return result;
      } catch (error) {
        this.#failed(proves, error, behaviour.waitsForPerson === true);
        throw error;
      }
    } finally {
      this.#inflight.delete(controller);
      options.signal?.removeEventListener('abort', follow);
      this.#checks.callEnded();
    }
  }

  /** True when a call's `error` is its link out of step: DISCONNECTED while the port stays open. */
  isOutOfStep(error: unknown): boolean {
    return error instanceof DeviceError && error.code === 'DISCONNECTED' && this.supervisor.isOpen;
  }

  /** Sets the printer's paper state (from a DLE EOT poll or a print report). */
  setPaper(paper: PaperState): void {
    this.#set({ paper });
  }

  #succeeded(proves: string): void {
    if (this.#faultedBy !== proves && this.#faultedBy !== OUT_OF_STEP) return;
    this.#faultedBy = undefined;
    this.#set({ state: this.#linkState() });
  }

  #failed(proves: string, error: unknown, waitsForPerson: boolean): void {
    if (error instanceof DeviceError && error.code === 'CANCELLED') return;
    if (error instanceof DeviceError && error.code === 'TIMEOUT' && waitsForPerson) return;
    const lastError = faultOf(error, 'PROTOCOL');
    if (needsPerson(error)) this.#faultedBy = proves;
    else if (this.isOutOfStep(error) || notAnswering(error)) this.#faultedBy = OUT_OF_STEP;
    if (this.#faultedBy === OUT_OF_STEP) this.#checks.linkOutOfStep();
    this.#set({ lastError, state: this.#linkState() });
  }

  #onLink(state: SupervisorState, cause: Error | undefined): void {
    if (this.#stopped) return;
    if (state === 'open' && this.#faultedBy === 'open') this.#faultedBy = undefined;
    if (state === 'error') {
      if (isPermissionDenied(cause?.message)) this.#faultedBy = 'open';
      if (this.#paper !== undefined) this.#set({ paper: 'unknown' });
      if (cause !== undefined) {
        const lastError = faultOf(cause, 'DISCONNECTED');
        const same =
          this.#lastError?.code === lastError.code && this.#lastError.message === lastError.message;
        if (!same) this.#set({ lastError });
      }
    }
    this.#set({ state: this.#linkState() });
    if (state === 'open') this.#checks.connected();
  }

  /** The state the link and any standing fault give. */
  #linkState(): DeviceState {
    if (this.#faultedBy !== undefined) return 'faulted';
    const link = this.supervisor.state;
    if (link === 'open') return 'connected';
    return link === 'error' || this.#lastError !== undefined ? 'reconnecting' : 'connecting';
  }

  #set(change: { state?: DeviceState; paper?: PaperState; lastError?: DeviceFault }): void {
    const moved =
      (change.state !== undefined && change.state !== this.#state) ||
      (change.paper !== undefined && change.paper !== this.#paper);
    if (!moved && change.lastError === undefined) return;
    if (change.state !== undefined) this.#state = change.state;
    if (change.paper !== undefined) this.#paper = change.paper;
    if (change.lastError !== undefined) this.#lastError = change.lastError;
    if (moved) this.#since = Date.now();
    if (this.#queued || this.#stopped) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (!this.#stopped) this.#options.onChange(this.status());
    });
  }
}
