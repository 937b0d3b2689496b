import { readFileSync } from 'node:fs';

/** Resident memory of a process in bytes: VmRSS of /proc/<pid>/status (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/** Samples a process's resident memory every 50 ms and keeps the highest figure seen. */
export class ResidentWatch {
  readonly #pid: number;
  readonly #timer: NodeJS.Timeout;
  /** Resident bytes when the watch began. */
  readonly baseline: number;
  /** The highest resident bytes seen so far. */
  peak: number;

  constructor(pid: number) {
    this.#pid = pid;
    this.baseline = residentBytes(pid);
    this.peak = this.baseline;
    this.#timer = setInterval(() => this.sample(), 50);
  }

  /** Growth over the baseline at the peak, in bytes. */
  get growth(): number {
    return this.peak - this.baseline;
  }

  /** Takes one sample now (the process may have gone: then nothing changes). */
  sample(): void {
    try {
      this.peak = Math.max(this.peak, residentBytes(this.#pid));
    } catch {
      // The process has exited; the peak stays what it was.
    }
  }

  /** Stops sampling, after a last sample. */
  stop(): void {
    this.sample();
    clearInterval(this.#timer);
  }
}
