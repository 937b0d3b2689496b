/** Upper bounds (seconds) of the request latency buckets: 1 ms to 10 s. */
export const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

/** Counts of one operation over one transport: answers by result code and their latency. */
interface Cell {
  readonly operation: string;
  readonly transport: string;
  readonly codes: Map<string, number>;
  /** Answers per latency bucket (not cumulative); the last slot is past the largest bound. */
  readonly buckets: Uint32Array;
  sum: number;
  count: number;
}

/** One sample line of a metric (Prometheus exposition format): its labels and value. */
export interface CollectedValue {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** What a collected metric's get() gives prom-client's registry to print. */
export interface CollectedValues {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  values: CollectedValue[];
  aggregator: 'sum';
}

/** A metric as prom-client's registry prints one (Registry.registerMetric): name, help, get(). */
export interface CollectedMetric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  get(): CollectedValues;
}

/**
 * Answered requests by operation, transport and result code, with their latency (Prometheus
 * exposition format, histograms), counted in plain integers where the answer is known: after the
 * first request of a kind nothing is allocated, and prom-client's label hashing runs only when
 * /metrics is read. Result codes and operations come from the interface's closed lists, never
 * from a caller's name or card data.
 */
export class RequestTally {
  readonly #cells = new Map<string, Map<string, Cell>>();

  /** Counts one answer: its operation, transport, result code and seconds from arrival. */
  answered(operation: string, transport: string, code: string, seconds: number): void {
    let byTransport = this.#cells.get(operation);
    if (byTransport === undefined) {
      byTransport = new Map();
      this.#cells.set(operation, byTransport);
    }
    let cell = byTransport.get(transport);
    if (cell === undefined) {
      const buckets = new Uint32Array(LATENCY_BUCKETS.length + 1);
      cell = { operation, transport, codes: new Map(), buckets, sum: 0, count: 0 };
      byTransport.set(transport, cell);
    }
    cell.codes.set(code, (cell.codes.get(code) ?? 0) + 1);
    let slot = 0;
    while (slot < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[slot] as number)) slot += 1;
    cell.buckets[slot] = (cell.buckets[slot] as number) + 1;
    cell.sum += seconds;
    cell.count += 1;
  }

  /** laneterm_requests_total{operation,transport,code}. */
  requestsMetric(): CollectedMetric {
    const name = 'laneterm_requests_total';
    const help = 'Requests answered, by operation, transport and result code';
    return {
      name,
      help,
      type: 'counter',
      get: () => {
        const values: CollectedValue[] = [];
        for (const cell of this.#each()) {
          const { operation, transport } = cell;
          for (const [code, value] of cell.codes) {
            values.push({ labels: { operation, transport, code }, value });
          }
        }
        return { name, help, type: 'counter', values, aggregator: 'sum' };
      },
    };
  }

  /** laneterm_request_duration_seconds{operation,transport}: a histogram. */
  latencyMetric(): CollectedMetric {
    const name = 'laneterm_request_duration_seconds';
    const help = 'Seconds from a request read to its answer, by operation and transport';
    return {
      name,
      help,
      type: 'histogram',
      get: () => {
        const values: CollectedValue[] = [];
        for (const cell of this.#each()) {
          const { operation, transport } = cell;
          let below = 0;
          LATENCY_BUCKETS.forEach((le, slot) => {
            below += cell.buckets[slot] as number;
            const labels = { operation, transport, le };
            values.push({ metricName: `${name}_bucket`, labels, value: below });
          });
          const all = { operation, transport, le: '+Inf' };
          values.push({ metricName: `${name}_bucket`, labels: all, value: cell.count });
          const labels = { operation, transport };
          values.push({ metricName: `${name}_sum`, labels, value: cell.sum });
          values.push({ metricName: `${name}_count`, labels, value: cell.count });
        }
        return { name, help, type: 'histogram', values, aggregator: 'sum' };
      },
    };
  }

  *#each(): Generator<Cell> {
    for (const byTransport of this.#cells.values()) yield* byTransport.values();
  }
}
