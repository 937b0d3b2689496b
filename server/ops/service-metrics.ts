import { Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { ServiceStore } from '../store/service-store.ts';
import type { RequestTally } from './request-tally.ts';

/** What the metrics read when /metrics is asked for: counts the service keeps anyway. */
export interface MetricSources {
  /** Requests read and not yet answered, both transports (WorkTracker). */
  readonly tracker: { readonly active: number; readonly draining: boolean };
  /** Transactions the engine runs now. */
  readonly engine: { readonly inFlight: number };
  /** The processor's send queue: messages waiting for a slot and in flight. */
  readonly queue: { readonly waiting: number; readonly running: number };
  /** Refusals so far by reason (RequestLog). */
  readonly requests: { readonly refusals: ReadonlyMap<string, number> };
  readonly store: Pick<ServiceStore, 'figures' | 'watchGroupCommits' | 'failures'>;
  /** Where the dispatcher counts each answer. */
  readonly tally: RequestTally;
}

/** Buckets of the group-commit size histogram: callers answered by one log flush. */
const GROUP_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/** Who can be locked out (docs/security.md › Credentials, throttling and lockout). */
const LOCKED_KINDS = ['user', 'api_key', 'address'] as const;

/** A gauge of one figure, read when /metrics is. */
function gauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/** A counter whose total the service keeps itself, read when /metrics is. */
function total(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** The store's metrics: SQLite's group commits, or PostgreSQL's pool. */
function storeMetrics(registry: Registry, store: MetricSources['store']): void {
  const figures = () => store.figures();
  if (figures().flushes !== undefined) {
    const name = 'laneterm_store_group_commit_flushes_total';
    total(registry, name, 'Write-ahead log flushes (one per group commit)', () => {
      return figures().flushes ?? 0;
    });
    const sizes = new Histogram({
      name: 'laneterm_store_group_commit_size',
      help: 'Commits and reads made durable by one write-ahead log flush',
      buckets: GROUP_BUCKETS,
      registers: [registry],
    });
    store.watchGroupCommits((size) => sizes.observe(size));
  }
  if (figures().pool !== undefined) {
    const pool = () => figures().pool ?? { inUse: 0, idle: 0, waiting: 0, waits: 0 };
    new Gauge({
      name: 'laneterm_store_pool_connections',
      help: 'PostgreSQL connections of the pools, by state (in_use, idle)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const now = pool();
        this.set({ state: 'in_use' }, now.inUse);
        this.set({ state: 'idle' }, now.idle);
      },
    });
    gauge(
      registry,
      'laneterm_store_pool_waiting',
      'Store calls waiting for a connection now',
      () => {
        return pool().waiting;
      },
    );
    total(
      registry,
      'laneterm_store_pool_waits_total',
      'Store calls that waited for a connection',
      () => {
        return pool().waits;
      },
    );
  }
}

/**
 * The service's metrics in its own registry (not prom-client's global one, so two services in
 * one process keep theirs apart), in the Prometheus exposition format (docs/scaling.md › What to
 * watch). Requests are counted where their answer is known (RequestTally); everything else is
 * read from the counts the service keeps anyway when /metrics is asked for, so a request pays
 * nothing more. No label holds card data or a name: operations, transports, result codes,
 * refusal reasons, store states and lockout kinds only.
 */
export function createServiceMetrics(sources: MetricSources): Registry {
  const registry = new Registry();
  const { tally } = sources;
  registry.registerMetric(tally.requestsMetric() as unknown as Metric);
  registry.registerMetric(tally.latencyMetric() as unknown as Metric);
  new Counter({
    name: 'laneterm_refusals_total',
    help: 'Requests refused unrun, by reason (an msoft_code)',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of sources.requests.refusals) this.inc({ reason }, count);
    },
  });
  const { tracker, engine, queue } = sources;
  gauge(registry, 'laneterm_requests_in_progress', 'Requests read, not yet answered', () => {
    return tracker.active;
  });
  gauge(registry, 'laneterm_transactions_in_flight', 'Transactions the engine runs now', () => {
    return engine.inFlight;
  });
  gauge(registry, 'laneterm_processor_queue_depth', 'Messages waiting for a processor slot', () => {
    return queue.waiting;
  });
  gauge(registry, 'laneterm_processor_in_flight', 'Messages in flight to the processor', () => {
    return queue.running;
  });
  gauge(registry, 'laneterm_draining', '1 while the service drains for a stop, else 0', () => {
    return tracker.draining ? 1 : 0;
  });
  new Gauge({
    name: 'laneterm_auth_locked',
    help: 'Users, API keys and addresses locked or throttled now, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const locked = await sources.store.failures.listLocked(Date.now());
      for (const kind of LOCKED_KINDS) {
        this.set({ kind }, locked.filter((subject) => subject.kind === kind).length);
      }
    },
  });
  storeMetrics(registry, sources.store);
  return registry;
}
