import { delay } from '../call-options.ts';
import type { Transport } from '../transport/transport.ts';
import { FaultPlan, garbageBytes } from './fault-plan.ts';

/** What every simulator takes besides its transport. */
export interface SimulatorOptions {
  /** Faults to inject; default none. */
  faults?: FaultPlan;
  /** Pulls the cable for the "unplug" fault; default closes the simulator's end of the link. */
  unplug?: () => void | Promise<void>;
}

/**
 * The device end of a link: a simulator listens on a transport exactly as the real device's
 * firmware would, and answers with the same bytes. Slow answers, line noise and an unplug in mid
 * message are applied here to every answer; checksum and ACK faults belong to each protocol.
 */
export abstract class DeviceSimulator {
  readonly transport: Transport;
  readonly faults: FaultPlan;
  readonly #unplug: () => void | Promise<void>;
  #unplugged = false;

  constructor(transport: Transport, options: SimulatorOptions = {}) {
    this.transport = transport;
    this.faults = options.faults ?? new FaultPlan();
    this.#unplug = options.unplug ?? (() => transport.close());
    transport.on('data', (chunk) => this.onBytes(chunk));
  }

  /** True once the unplug fault has fired. */
  get unplugged(): boolean {
    return this.#unplugged;
  }

  async start(): Promise<void> {
    await this.transport.open();
  }

  async stop(): Promise<void> {
    await this.transport.close();
  }

  /** Sends an answer through the armed faults: slow, then noise, then maybe half and unplug. */
  protected async send(bytes: Buffer): Promise<void> {
    if (this.faults.fire('slow')) await delay(this.faults.slowMs);
    if (this.faults.fire('garbage')) await this.transport.write(garbageBytes());
    if (this.faults.fire('unplug')) return this.cutOff(bytes);
    await this.transport.write(bytes);
  }

  /** Writes the first half of `bytes`, then pulls the cable (the "unplug" fault). */
  protected async cutOff(bytes: Buffer): Promise<void> {
    await this.transport.write(bytes.subarray(0, Math.max(1, bytes.length >> 1)));
    this.#unplugged = true;
    await this.#unplug();
  }

  /** Bytes from the host. */
  protected abstract onBytes(chunk: Buffer): void;
}
