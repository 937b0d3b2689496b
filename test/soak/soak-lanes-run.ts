import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PaymentClient } from '../../main/payment/index.ts';
import {
  startServiceProcess,
  type ServiceProcess,
} from '../conformance/helpers/service-process.ts';
import { startPostgresCluster } from '../server/helpers/postgres-cluster.ts';
import { seededRandom } from '../server/durability/helpers/load-generator.ts';
import { journalRecords } from './soak-journal.ts';
import { LaneFleet } from './soak-lane-fleet.ts';
import { reconcile, type SoakTally } from './soak-reconcile.ts';
import { startTcpBalancer } from './tcp-balancer.ts';
import { loadOrCreateCertificate } from '../../server/tls/certificate.ts';
import { RssWatch } from './soak-rss.ts';

/** The shape of a lane soak run (docs/scaling.md, The lane soak). */
export interface LaneSoakOptions {
  lanes: number;
  instances: number;
  /** Sales each lane makes. */
  sales: number;
  /** Time between two kills (a lane or an instance), drawn from [min, max] ms. */
  killEveryMs: [min: number, max: number];
  /**
   * How long a lane listens for a late answer, ms (default 5000): with the lanes' 10 s answer
   * deadline, how long after sending a lane takes "no record" for "not charged" (docs/lane.md,
   * Recovery). A service slower than that under load makes a lane misjudge a move it sent.
   */
  lateAnswerMs?: number;
  /** Kills of lanes and instances together after which the run kills no more; default no limit. */
  maxKills?: number;
  seed: number;
  /** Where the run's progress goes, one line per step (kills, promotion); default nowhere. */
  log?: (line: string) => void;
}

/** What a lane soak found and measured. */
export interface LaneSoakResult {
  tally: SoakTally;
  /** Journal entries reconciled, and of them the sales. */
  entries: number;
  sales: number;
  outcomes: Record<string, number>;
  kills: { lanes: number; instances: number };
  crashes: string[];
  /** From the SIGKILL of the primary to the standby taking writes, ms. */
  promotionMs: number | undefined;
  /** Swipe to result on screen, ms. */
  latency: { p50: number; p99: number };
  /** Peak resident memory, MiB: the least and most of the lanes, the most of the instances. */
  rssMiB: { laneLow: number; laneHigh: number; instanceHigh: number };
  seconds: number;
}

const KEK_VARIABLE = 'LANETERM_SOAK_KEK';

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/**
 * Runs lane processes against service instances (each its own data directory, one KEK, one TLS
 * certificate as hosts behind one name have) through a TCP balancer, over a PostgreSQL primary with
 * a synchronous standby; SIGKILLs a lane or an instance in turn at random moments, and after the
 * second kill (or once half the sales are made) kills the primary and promotes the standby; then
 * reconciles every lane's journal on disk against the store.
 */
export async function runLaneSoak(options: LaneSoakOptions): Promise<LaneSoakResult> {
  const began = performance.now();
  const random = seededRandom(options.seed);
  const pick = seededRandom(options.seed + 1);
  const root = mkdtempSync(join(tmpdir(), 'laneterm-lane-soak-'));
  const progress = (what: string): void =>
    options.log?.(`${((performance.now() - began) / 1000).toFixed(1)} s: ${what}`);
  const instances: ServiceProcess[] = [];
  const stops: (() => Promise<void> | void)[] = [];
  try {
    // One certificate for every host, made first, so the lanes (which pin it) start meanwhile.
    const tls = { certPath: join(root, 'tls-cert.pem'), keyPath: join(root, 'tls-key.pem') };
    const { fingerprint256 } = loadOrCreateCertificate({ ...tls, given: false, host: '127.0.0.1' });
    const ports: number[] = [];
    const balancer = await startTcpBalancer(ports);
    stops.push(() => balancer.close());
    const fleet = new LaneFleet(
      {
        root,
        url: `https://127.0.0.1:${balancer.port}`,
        pin: fingerprint256,
        sales: options.sales,
        seed: options.seed,
        lateAnswerMs: options.lateAnswerMs ?? 5000,
      },
      options.lanes,
    );
    stops.push(() => fleet.stop());
    const lanesUp = (async () => {
      for (let i = 0; i < fleet.lanes.length; i += 4) {
        await Promise.all(fleet.lanes.slice(i, i + 4).map((lane) => fleet.start(lane)));
      }
    })();
    const cluster = await startPostgresCluster({ standby: true });
    stops.push(() => cluster.stop());
    stops.push(async () => {
      for (const host of instances) await host.kill('SIGTERM');
    });
    progress('PostgreSQL primary and synchronous standby up');
    const { primary, standby } = cluster;
    if (standby === undefined) throw new Error('the cluster started without its standby');
    const database = (await cluster.createDatabase()).split('/').at(-1) ?? '';
    const hosts = `127.0.0.1:${primary.port},127.0.0.1:${standby.port}`;
    const store = `postgres://laneterm@${hosts}/${database}?target_session_attrs=read-write`;
    process.env[KEK_VARIABLE] ??= randomBytes(32).toString('hex');
    const hostArgs = ['--store', store, '--vault-key-env', KEK_VARIABLE];
    hostArgs.push('--cert', tls.certPath, '--key', tls.keyPath);
    const startHost = async (i: number, again: string[] = []): Promise<void> => {
      const dir = join(root, `host${i + 1}`);
      instances[i] = await startServiceProcess(dir, [...hostArgs, ...again]);
    };
    for (let i = 0; i < options.instances; i += 1) {
      await startHost(i);
      ports.push((instances[i] as ServiceProcess).tlsPort);
    }
    const [first] = instances;
    if (first === undefined) throw new Error('no instance');
    const rss = new RssWatch();
    stops.push(() => rss.stop());
    rss.watch(() => ({ lanes: fleet.pids(), instances: instances.map((host) => host.pid) }));
    await lanesUp;
    fleet.go(first.apiKey);
    progress(`${options.instances} instances and ${options.lanes} lanes up`);
    const kills = { lanes: 0, instances: 0 };
    let promotionMs: number | undefined;
    const restarting = new Set<Promise<void>>();
    let done = false;
    const settled = fleet.settled().finally(() => {
      done = true;
    });
    const [min, max] = options.killEveryMs;
    while (!done) {
      await Promise.race([
        settled,
        new Promise((wake) => setTimeout(wake, min + random() * (max - min))),
      ]);
      if (done) break;
      const events = kills.lanes + kills.instances;
      const half = fleet.sold * 2 >= options.lanes * options.sales;
      if (promotionMs === undefined && (half || events >= 2)) {
        await primary.kill('SIGKILL');
        const killed = performance.now();
        await standby.promote();
        promotionMs = performance.now() - killed;
        progress(`primary SIGKILLed, standby promoted in ${Math.round(promotionMs)} ms`);
        continue;
      }
      if (events >= (options.maxKills ?? Infinity)) continue;
      const running = fleet.killable();
      const lane = running[Math.floor(pick() * running.length)];
      if (lane !== undefined && (events % 2 === 0 || restarting.size > 0)) {
        await fleet.kill(lane);
        kills.lanes += 1;
        progress(`${lane.name} SIGKILLed`);
      } else if (restarting.size === 0) {
        const i = Math.floor(pick() * instances.length);
        const host = instances[i] as ServiceProcess;
        await host.kill('SIGKILL');
        kills.instances += 1;
        progress(`host${i + 1} SIGKILLed`);
        const ports = ['--port', String(host.tlsPort), '--plain-port', String(host.plainPort)];
        const restart = startHost(i, ports).finally(() => restarting.delete(restart));
        restarting.add(restart);
      }
    }
    await settled;
    await Promise.all(restarting);
    progress(`every lane settled, ${fleet.sold} sales`);
    rss.stop();
    const records = fleet.lanes.flatMap((lane) =>
      journalRecords(join(lane.dir, 'journal.db'), lane.name),
    );
    const checker = new PaymentClient({
      url: `https://127.0.0.1:${balancer.port}`,
      tls: { pin: fingerprint256 },
      auth: { credential: { kind: 'apikey', ...first.apiKey } },
      deadlines: { connectMs: 3000, answerMs: 15_000 },
    });
    stops.push(() => checker.close());
    const tally = await reconcile(checker, records, new Map());
    progress('journals reconciled');
    return {
      tally,
      entries: records.length,
      sales: records.filter((record) => record.op === 'sale').length,
      outcomes: Object.fromEntries(fleet.outcomes),
      kills,
      crashes: fleet.crashes,
      promotionMs,
      latency: { p50: percentile(fleet.latencies, 0.5), p99: percentile(fleet.latencies, 0.99) },
      rssMiB: rss.figures(),
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(root, { recursive: true, force: true });
  }
}
