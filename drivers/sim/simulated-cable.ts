import type { Transport } from '../transport/transport.ts';

/**
 * The cable between a simulator and the lane: pull() closes the simulator's transport and plugs
 * it back in (opens it again) after a pause, as a technician pulling a USB-serial adapter and
 * putting it back. On a SocatPtyTransport the lane sees the hang-up and finds the device again at
 * the same path; on a plain serial port only the simulator's side closes.
 */
export class SimulatedCable {
  readonly transport: Transport;
  readonly #log: (line: string) => void;
  #replug: NodeJS.Timeout | undefined;
  #disposed = false;

  /** `log` receives one line per pull and replug. */
  constructor(transport: Transport, log: (line: string) => void) {
    this.transport = transport;
    this.#log = log;
  }

  /** True while the cable is in (the transport is open). */
  get plugged(): boolean {
    return this.transport.isOpen;
  }

  /** Pulls the cable now and plugs it back in after `replugMs` milliseconds. */
  async pull(replugMs: number): Promise<void> {
    clearTimeout(this.#replug);
    await this.transport.close();
    this.#log(`unplugged ${this.transport.name}; replug in ${replugMs} ms`);
    if (this.#disposed) return;
    this.#replug = setTimeout(() => void this.plug(), replugMs);
  }

  /** Plugs the cable back in now; a failure is logged and leaves it out. */
  async plug(): Promise<void> {
    clearTimeout(this.#replug);
    this.#replug = undefined;
    if (this.#disposed || this.transport.isOpen) return;
    try {
      await this.transport.open();
      this.#log(`replugged ${this.transport.name}`);
    } catch (error) {
      this.#log(`replug failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Cancels a pending replug for good (the simulator is stopping). */
  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#replug);
    this.#replug = undefined;
  }
}
