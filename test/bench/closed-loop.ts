/** Figures of one bench phase: requests done, their rate, and latency percentiles. */
export interface PhaseFigures {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** The value at `fraction` (0–1) of sorted samples (nearest rank, rounded down). */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * (sorted.length - 1)))] ?? 0;
}

/**
 * A closed-loop load: `workers` clients each send one request, wait for its answer, and send the
 * next, for `warmupMs` unmeasured then `durationMs` measured. `send(worker)` does one round trip.
 */
export async function closedLoop(
  workers: number,
  warmupMs: number,
  durationMs: number,
  send: (worker: number) => Promise<void>,
): Promise<PhaseFigures> {
  const latencies: number[] = [];
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const end = measureFrom + durationMs;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) {
        const sent = performance.now();
        await send(worker);
        if (sent >= measureFrom) latencies.push(performance.now() - sent);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / (durationMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}
