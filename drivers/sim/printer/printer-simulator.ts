import net from 'node:net';
import { delay } from '../../call-options.ts';
import { type PrinterStatus, statusReplies } from '../../printer/escpos-status.ts';
import { EscPosInterpreter, type PrintOp } from '../../printer/escpos-interpreter.ts';
import { TcpTransport } from '../../transport/tcp-transport.ts';
import type { Transport } from '../../transport/transport.ts';
import { FaultPlan, garbageBytes } from '../fault-plan.ts';
import { renderReceiptText } from './receipt-layout.ts';
import { type PaperDots, renderReceiptPng } from './receipt-png-renderer.ts';

/** A ready printer: online, cover shut, paper in, no error, drawer closed. */
export function readyStatus(): PrinterStatus {
  return {
    online: true,
    coverOpen: false,
    paperOut: false,
    paperNearEnd: false,
    error: false,
    drawerOpen: false,
  };
}

/**
 * An ESC/POS thermal printer on any number of links (serial, or TCP connections to its port
 * 9100): keeps every byte and operation it received, answers DLE EOT from `status`, records
 * drawer pulses and cuts, and renders what it printed as text or PNG. Faults: slow and garbled
 * status answers, and an unplug in the middle of a job.
 */
export class PrinterSimulator {
  readonly faults: FaultPlan;
  /** The condition DLE EOT reports; tests and the CLI change it (paper out, cover open …). */
  status: PrinterStatus = readyStatus();
  /** Everything received, in order. */
  readonly received: Buffer[] = [];
  /** Everything printed, as interpreted operations. */
  readonly ops: PrintOp[] = [];
  /** Bytes of print data the roll still holds; paper runs out when they are used up. */
  paperBytesLeft = Infinity;
  readonly #interpreters = new Map<Transport, EscPosInterpreter>();
  readonly #unplug: ((transport: Transport) => Promise<void>) | undefined;
  #server: net.Server | undefined;

  /** `unplug` pulls the cable for the "unplug" fault; default closes the link the job came on. */
  constructor(
    faults: FaultPlan = new FaultPlan(),
    unplug?: (transport: Transport) => Promise<void>,
  ) {
    this.faults = faults;
    this.#unplug = unplug;
  }

  /** Serves one link: reads jobs from it and answers status on it. */
  async serve(transport: Transport): Promise<void> {
    const interpreter = new EscPosInterpreter();
    this.#interpreters.set(transport, interpreter);
    transport.on('data', (chunk) => void this.#onBytes(transport, interpreter, chunk));
    transport.on('disconnect', () => this.#interpreters.delete(transport));
    if (!transport.isOpen) await transport.open();
  }

  /** Listens for raw-print connections on `port` (0 = any free port); resolves to the port. */
  listenTcp(port = 9100, host = '127.0.0.1'): Promise<number> {
    const server = net.createServer((socket) => void this.serve(TcpTransport.fromSocket(socket)));
    this.#server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        const address = server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });
  }

  /** Closes every link and the listener. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    await Promise.all([...this.#interpreters.keys()].map((transport) => transport.close()));
    this.#interpreters.clear();
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** What was printed, as plain text `columns` wide. */
  text(columns = 42): string {
    return renderReceiptText(this.ops, columns);
  }

  /** What was printed, as a PNG the width of the paper. */
  png(paper: PaperDots = 576): Promise<Buffer> {
    return renderReceiptPng(this.ops, paper);
  }

  /** Forgets what was printed (a new roll). */
  clearPaper(): void {
    this.received.length = 0;
    this.ops.length = 0;
  }

  async #onBytes(
    transport: Transport,
    interpreter: EscPosInterpreter,
    chunk: Buffer,
  ): Promise<void> {
    this.received.push(Buffer.from(chunk));
    if (chunk.length > 8 && this.faults.fire('unplug')) {
      await (this.#unplug ?? ((link: Transport) => link.close()))(transport);
      return;
    }
    const ops = interpreter.push(chunk);
    if (ops.some((op) => op.kind !== 'status')) {
      this.paperBytesLeft -= chunk.length;
      if (this.paperBytesLeft <= 0) this.status.paperOut = true;
    }
    for (const op of ops) {
      if (op.kind !== 'status') {
        if (!this.status.paperOut && !this.status.coverOpen && this.status.online)
          this.ops.push(op);
        continue;
      }
      if (this.faults.fire('slow')) await delay(this.faults.slowMs);
      if (this.faults.fire('garbage'))
        await transport.write(garbageBytes(3)).catch(() => undefined);
      await transport.write(Buffer.of(statusReplies(this.status)[op.query])).catch(() => undefined);
    }
  }
}
