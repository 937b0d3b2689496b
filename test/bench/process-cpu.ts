import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux, proc(5)). */
const USER_HZ = 100;

/** CPU time a process has used so far, user and system, in ms: /proc/<pid>/stat utime + stime. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/**
 * Counts the round trips `send` makes and the CPU time process `pid` uses meanwhile: `wrap` the
 * phase's send, then `perRequest()` is the process's CPU ms per round trip over the whole phase.
 */
export class CpuPerRequest {
  readonly #pid: number;
  readonly #from: number;
  #count = 0;

  constructor(pid: number) {
    this.#pid = pid;
    this.#from = cpuMs(pid);
  }

  /** `send`, counted. */
  wrap<A extends unknown[]>(send: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
    return async (...args) => {
      await send(...args);
      this.#count += 1;
    };
  }

  /** CPU ms of the process per round trip so far. */
  perRequest(): number {
    return (cpuMs(this.#pid) - this.#from) / Math.max(1, this.#count);
  }
}
