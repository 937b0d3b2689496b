import { residentBytes } from '../server/helpers/resident-memory.ts';

/** The processes a soak watches now, by kind. */
type Watched = () => { lanes: readonly number[]; instances: readonly number[] };

const MIB = 1024 * 1024;

/**
 * Resident memory of a soak's processes, sampled once a second (VmRSS, Linux): the peak of each
 * process seen, kept by kind, so the figures name the lightest and heaviest lane and the heaviest
 * instance.
 */
export class RssWatch {
  readonly #peaks = { lanes: new Map<number, number>(), instances: new Map<number, number>() };
  #timer: NodeJS.Timeout | undefined;

  /** Starts sampling the processes `watched` names at each sample. */
  watch(watched: Watched): void {
    this.#timer = setInterval(() => {
      const now = watched();
      for (const kind of ['lanes', 'instances'] as const) {
        for (const pid of now[kind]) {
          try {
            const bytes = residentBytes(pid);
            this.#peaks[kind].set(pid, Math.max(bytes, this.#peaks[kind].get(pid) ?? 0));
          } catch {
            // The process ended between the listing and the read: nothing to keep.
          }
        }
      }
    }, 1000);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** Peaks in MiB: the least and most of the lanes, the most of the instances. */
  figures(): { laneLow: number; laneHigh: number; instanceHigh: number } {
    const lanes = [...this.#peaks.lanes.values()];
    const round = (bytes: number): number => Math.round(bytes / MIB);
    return {
      laneLow: round(lanes.length === 0 ? 0 : Math.min(...lanes)),
      laneHigh: round(Math.max(0, ...lanes)),
      instanceHigh: round(Math.max(0, ...this.#peaks.instances.values())),
    };
  }
}
