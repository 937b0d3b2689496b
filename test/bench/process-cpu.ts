import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux, proc(5)). */
const USER_HZ = 100;

/** The fields of /proc/<pid>/stat after the command name: state is [0], ppid [1], utime [11]. */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const ticksMs = (fields: string[], from: number, to: number): number =>
  (fields.slice(from, to + 1).reduce((sum, ticks) => sum + Number(ticks), 0) * 1000) / USER_HZ;

/** CPU time a process has used so far, user and system, in ms: /proc/<pid>/stat utime + stime. */
export function cpuMs(pid: number): number {
  return ticksMs(statFields(pid), 11, 12);
}

/**
 * CPU time, in ms, of a process and its children so far: its own utime + stime, the cutime +
 * cstime of the children it has reaped, and the utime + stime of those still running (a
 * PostgreSQL postmaster and its backends, WAL writer and checkpointer).
 */
export function treeCpuMs(pid: number): number {
  let total = ticksMs(statFields(pid), 11, 14);
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry) || Number(entry) === pid) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === pid) total += ticksMs(fields, 11, 12);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/**
 * CPU time, in ms, every core of the machine has spent busy so far, whoever ran: /proc/stat's cpu
 * line without idle and iowait (proc(5)).
 */
export function hostBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return ((ticks.reduce((sum, n) => sum + n, 0) - idle) * 1000) / USER_HZ;
}

/** The CPU time, in ms, the bench process itself has used so far. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Counts the round trips `send` makes and the CPU time a process, or any CPU reading in ms, uses
 * meanwhile: `wrap` the phase's send, then `perRequest()` is the CPU ms per round trip over the
 * whole phase (its warm-up included, as its round trips are).
 */
export class CpuPerRequest {
  readonly #read: () => number;
  readonly #from: number;
  #count = 0;

  constructor(source: number | (() => number)) {
    this.#read = typeof source === 'number' ? () => cpuMs(source) : source;
    this.#from = this.#read();
  }

  /** `send`, counted. */
  wrap<A extends unknown[]>(send: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
    return async (...args) => {
      await send(...args);
      this.#count += 1;
    };
  }

  /** CPU ms per round trip so far. */
  perRequest(): number {
    return (this.#read() - this.#from) / Math.max(1, this.#count);
  }
}
