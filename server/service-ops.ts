// The ops listener of a running service: health, readiness and metrics on a port of their own
// (docs/scaling.md › The ops port).
import { OpsListener, type OpsAddress } from './ops/ops-listener.ts';
import { checkReadiness, type ReadinessSources } from './ops/readiness.ts';
import type { RequestTally } from './ops/request-tally.ts';
import { createServiceMetrics, type MetricSources } from './ops/service-metrics.ts';

/** What the ops listener reads: the metrics' sources and readiness's. */
export type OpsSources = MetricSources & ReadinessSources & { readonly tally: RequestTally };

/** A started ops listener and where it listens. */
export interface StartedOps {
  readonly listener: OpsListener;
  readonly address: OpsAddress;
}

/**
 * Builds the service's metrics registry over `sources` and listens on host:port with /healthz,
 * /readyz and /metrics; rejects (e.g. EADDRINUSE) without staying bound.
 */
export async function startOps(
  sources: OpsSources,
  host: string,
  port: number,
): Promise<StartedOps> {
  const registry = createServiceMetrics(sources);
  const listener = new OpsListener({ registry, readiness: () => checkReadiness(sources) });
  const address = await listener.listen(host, port);
  return { listener, address };
}
