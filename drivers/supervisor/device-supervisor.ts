import { EventEmitter } from 'node:events';
import { type BackoffPolicy, DEFAULT_BACKOFF, backoffDelay } from './backoff.ts';
import { type CallOptions, withDeadline } from '../call-options.ts';
import { DeviceError } from '../device-error.ts';
import type { Transport, TransportEvents } from '../transport/transport.ts';

/** Where a supervised device is: closed → opening → open, and error while waiting to retry. */
export type SupervisorState = 'closed' | 'opening' | 'open' | 'error';

/** Called on every state change, with the failure that caused an error state. */
export type StateListener = (
  state: SupervisorState,
  previous: SupervisorState,
  cause: Error | undefined,
) => void;

/** How a supervisor finds its device and paces reconnects. */
export interface DeviceSupervisorOptions {
  /** A label for logs, e.g. "pinpad"; never contains card data. */
  name: string;
  /** Enumerates now and builds a transport for the device (by VID/PID/serial, not path); null when absent. */
  locate: () => Promise<Transport | null>;
  /** Reconnect pacing; default DEFAULT_BACKOFF. */
  backoff?: Partial<BackoffPolicy>;
  /** Random source for jitter; default Math.random. */
  random?: () => number;
}

/**
 * Keeps one device connected: opens it, notices when it goes away, re-enumerates and reconnects
 * with exponential backoff. It is itself a Transport whose identity never changes, so a driver
 * sitting on it sees a disconnect and, later, bytes again — never a new object.
 */
export class DeviceSupervisor extends EventEmitter<TransportEvents> implements Transport {
  readonly name: string;
  readonly #locate: () => Promise<Transport | null>;
  readonly #backoff: BackoffPolicy;
  readonly #random: () => number;
  #state: SupervisorState = 'closed';
  #current: Transport | undefined;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;
  #generation = 0;
  readonly #stateListeners = new Set<StateListener>();

  constructor(options: DeviceSupervisorOptions) {
    super();
    this.name = options.name;
    this.#locate = options.locate;
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.#random = options.random ?? Math.random;
  }

  get state(): SupervisorState {
    return this.#state;
  }

  get isOpen(): boolean {
    return this.#state === 'open';
  }

  /** Subscribes to state changes; returns the unsubscribe function. */
  onState(listener: StateListener): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** Starts supervising and tries once; rejects if that try fails, but keeps retrying. */
  async open(): Promise<void> {
    if (this.#state !== 'closed')
      return this.waitUntilOpen({ deadlineMs: 0 }).catch(() => undefined);
    this.#generation += 1;
    this.#attempt = 0;
    const failure = await this.#connect(this.#generation);
    if (failure !== undefined) throw failure;
  }

  /** Resolves when the device is open; rejects at the deadline (default 10 s) or on cancel. */
  waitUntilOpen(options: CallOptions = {}): Promise<void> {
    if (this.#state === 'open') return Promise.resolve();
    return withDeadline(`${this.name} open`, options, 10_000, (signal) => {
      return new Promise<void>((resolve) => {
        const unsubscribe = this.onState((state) => {
          if (state !== 'open') return;
          unsubscribe();
          resolve();
        });
        signal.addEventListener('abort', unsubscribe, { once: true });
      });
    });
  }

  /** Stops supervising and closes the device. */
  async close(): Promise<void> {
    this.#generation += 1;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const current = this.#detach();
    this.#setState('closed', undefined);
    await current?.close();
  }

  async write(data: Buffer): Promise<void> {
    const current = this.#current;
    if (this.#state !== 'open' || current === undefined) {
      throw new DeviceError('DISCONNECTED', `${this.name}: device is ${this.#state}`, {
        field: this.name,
      });
    }
    await current.write(data);
  }

  async #connect(generation: number): Promise<Error | undefined> {
    this.#setState('opening', undefined);
    let transport: Transport | null = null;
    try {
      transport = await this.#locate();
      if (transport === null)
        throw new DeviceError('NOT_FOUND', `${this.name}: device not present`);
      await transport.open();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      await transport?.close().catch(() => undefined);
      if (generation === this.#generation) this.#failed(failure, generation);
      return failure;
    }
    if (generation !== this.#generation) {
      await transport.close();
      return new DeviceError('CANCELLED', `${this.name}: closed while opening`);
    }
    this.#attach(transport);
    this.#attempt = 0;
    this.#setState('open', undefined);
    return undefined;
  }

  #failed(cause: Error, generation: number): void {
    this.#setState('error', cause);
    const wait = backoffDelay(this.#backoff, this.#attempt, this.#random);
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (generation === this.#generation) void this.#connect(generation);
    }, wait);
  }

  readonly #onData = (chunk: Buffer): void => {
    this.emit('data', chunk);
  };

  readonly #onError = (error: Error): void => {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  };

  readonly #onDisconnect = (cause: Error | undefined): void => {
    const lost = this.#detach();
    void lost?.close().catch(() => undefined);
    const failure = cause ?? new DeviceError('DISCONNECTED', `${this.name}: disconnected`);
    this.emit('disconnect', failure);
    this.#failed(failure, this.#generation);
  };

  #attach(transport: Transport): void {
    this.#current = transport;
    transport.on('data', this.#onData);
    transport.on('error', this.#onError);
    transport.on('disconnect', this.#onDisconnect);
  }

  #detach(): Transport | undefined {
    const current = this.#current;
    this.#current = undefined;
    current?.off('data', this.#onData);
    current?.off('error', this.#onError);
    current?.off('disconnect', this.#onDisconnect);
    return current;
  }

  #setState(state: SupervisorState, cause: Error | undefined): void {
    const previous = this.#state;
    this.#state = state;
    if (previous === state) return;
    for (const listener of [...this.#stateListeners]) listener(state, previous, cause);
  }
}
