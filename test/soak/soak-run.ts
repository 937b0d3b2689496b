import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TransportKind } from '../../main/payment/index.ts';
import { parseBinRanges } from '../../protocol/index.ts';
import { DEMO_GIFT_RANGES } from '../../server/engine/gift/demo-gift-cards.ts';
import { TRANSPORTS, laneClient } from '../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  type ServiceProcess,
} from '../conformance/helpers/service-process.ts';
import { freshGiftCard } from '../conformance/stored-value-scenarios.ts';
import { seededRandom } from '../server/durability/helpers/load-generator.ts';
import { runLane, type LaneRecord } from './soak-lane.ts';
import { reconcile, type SoakTally } from './soak-reconcile.ts';

/** The shape of a soak run. */
export interface SoakOptions {
  /** Lanes at once, spread over REST v2, REST v1 and key/value in turn. */
  clients: number;
  /** New transactions per lane (each may have a move after it). */
  transactions: number;
  /**
   * Time between SIGKILLs of the service, drawn from [min, max] ms; the first comes before half the
   * transactions are done, however quick they are.
   */
  killEveryMs: [min: number, max: number];
  seed: number;
}

/** What a soak found: the tally, the kills made, the requests sent. */
export interface SoakResult {
  tally: SoakTally;
  kills: number;
  records: number;
}

/** Resolves once `records` holds `count` records (looked at every 10 ms). */
async function recordsReach(records: readonly LaneRecord[], count: number): Promise<void> {
  while (records.length < count) await new Promise((wake) => setTimeout(wake, 10));
}

/** Starts the service on `dataDir`, on the ports of the run before it when there was one. */
function start(dataDir: string, before?: ServiceProcess): Promise<ServiceProcess> {
  const ports =
    before === undefined
      ? []
      : ['--port', String(before.tlsPort), '--plain-port', String(before.plainPort)];
  return startServiceProcess(dataDir, ports);
}

/**
 * Runs the lanes against one service on one data directory, killing it with SIGKILL at random
 * moments and starting it again on the same ports until every lane is done; then reconciles every
 * lane's record against the store through a fresh lane.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-soak-'));
  const random = seededRandom(options.seed);
  let service = await start(dataDir);
  const giftBinRanges = parseBinRanges(DEMO_GIFT_RANGES);
  const lanes = Array.from({ length: options.clients }, (_, i) => {
    const transport = TRANSPORTS[i % TRANSPORTS.length] as TransportKind;
    const pay = laneClient(service, transport, {
      giftBinRanges,
      deadlines: { answerMs: 15_000, connectMs: 2000 },
      retries: 0,
    });
    return { name: `lane${i}`, transport, seed: options.seed + i, giftCard: freshGiftCard(), pay };
  });
  const records: LaneRecord[] = [];
  let kills = 0;
  let running = true;
  const work = Promise.all(
    lanes.map((lane) => runLane(lane.pay, lane, options.transactions, records)),
  ).finally(() => {
    running = false;
  });
  try {
    const [min, max] = options.killEveryMs;
    // The first kill comes by then at the latest, so a run too quick for the clock still has one.
    const firstKillBy = Math.ceil(options.clients * options.transactions * (0.1 + random() * 0.4));
    while (running) {
      await Promise.race([
        work,
        new Promise((wake) => setTimeout(wake, min + random() * (max - min))),
        ...(kills === 0 ? [recordsReach(records, firstKillBy)] : []),
      ]);
      if (!running) break;
      await service.kill('SIGKILL');
      kills += 1;
      service = await start(dataDir, service);
    }
    await work;
    const checker = laneClient(service, 'v2', { giftBinRanges });
    try {
      const cards = new Map(lanes.map((lane) => [lane.name, lane.giftCard]));
      return { tally: await reconcile(checker, records, cards), kills, records: records.length };
    } finally {
      await checker.close();
    }
  } finally {
    await Promise.all(lanes.map((lane) => lane.pay.close()));
    await service.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
