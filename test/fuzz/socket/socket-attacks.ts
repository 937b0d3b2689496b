// What the socket fuzzer sends: malformed, truncated, oversized, slow and pipelined key/value
// frames and HTTP requests over plain TCP and TLS, and floods from clients that never read.
import type { Socket } from 'node:net';
import fc from 'fast-check';
import { encodeFrame, encodePairs } from '../../../protocol/index.ts';
import { type FloodResult, floodUntilStalled } from '../../server/helpers/flood.ts';
import { ResidentWatch } from '../../server/helpers/resident-memory.ts';
import { mutated } from '../harness/mutations.ts';
import { GOLDEN_FRAMES } from '../targets/kv-targets.ts';
import { REQUEST_TOKENS, withoutDelayAmounts } from '../targets/golden-requests.ts';
import { type ServiceUnderFuzz, type Wire, openWire, probe } from './service-under-fuzz.ts';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Raw HTTP/1.1 requests to mutate: the OpenAPI document, a sale, a v1 form, a keep-alive pair. */
function httpGoldens(apiKey: { id: string; secret: string }): Buffer[] {
  const body = JSON.stringify({ account: '4111111111111111', expdate: '1230', amount: '2.00' });
  const form = 'account=4111111111111111&expdate=1230&amount=3.00';
  const get = 'GET /api/v2/openapi.json HTTP/1.1\r\nHost: fuzz\r\n\r\n';
  return [
    get,
    `POST /api/v2/transaction/purchase HTTP/1.1\r\nHost: fuzz\r\nContent-Type: application/json\r\nX-API-KEY-ID: ${apiKey.id}\r\nX-API-KEY: ${apiKey.secret}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    `POST /api/v1/transaction/purchase HTTP/1.1\r\nHost: fuzz\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
    `POST /api/v2/transaction/purchase HTTP/1.1\r\nHost: fuzz\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n5\r\n{"a":\r\n0\r\n\r\n`,
    get + get,
  ].map((text) => Buffer.from(text, 'latin1'));
}

/** How an attack's bytes go out. */
type Mode = 'whole' | 'trickle' | 'pipelined' | 'oversized' | 'truncated';

/** One attack: the wire, the bytes and how they are sent. */
interface Attack {
  wire: Wire;
  bytes: Buffer;
  mode: Mode;
}

/**
 * Attacks made from the goldens with fast-check, reproducible from `seed`; no amount in them makes
 * the processor wait (withoutDelayAmounts), or pipelined sales of the golden 8.20 would hold its
 * slots for minutes and the well-formed clients' sales behind them.
 */
function attacks(service: ServiceUnderFuzz, count: number, seed: number): Attack[] {
  const http = httpGoldens(service.apiKey);
  const oversizedFrame = encodeFrame(
    '9',
    encodePairs({ action: 'ping', comments: 'x'.repeat(100_000) }),
  );
  const arbitrary = fc.record({
    wire: fc.constantFrom<Wire>('plain', 'tls'),
    bytes: fc.oneof(
      mutated(GOLDEN_FRAMES, { tokens: REQUEST_TOKENS }),
      mutated(http, {
        tokens: [
          ...REQUEST_TOKENS,
          Buffer.from('\r\n'),
          Buffer.from('Content-Length: 99999999\r\n'),
        ],
      }),
    ),
    mode: fc.constantFrom<Mode>('whole', 'whole', 'trickle', 'pipelined', 'oversized', 'truncated'),
  });
  return fc.sample(arbitrary, { numRuns: count, seed }).map((attack) => {
    const bytes = withoutDelayAmounts(attack.bytes);
    return attack.mode === 'oversized'
      ? { ...attack, bytes: Buffer.concat([bytes, oversizedFrame, Buffer.alloc(200_000, 0x41)]) }
      : { ...attack, bytes };
  });
}

/** Writes one attack and drains the answers until the service closes or goes quiet; true if answered. */
async function send(service: ServiceUnderFuzz, attack: Attack): Promise<boolean> {
  let socket: Socket;
  try {
    socket = await openWire(service, attack.wire);
  } catch {
    return false;
  }
  let answered = false;
  let last = Date.now();
  socket.on('data', () => {
    answered = true;
    last = Date.now();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const { bytes } = attack;
  if (attack.mode === 'trickle') {
    for (let at = 0; at < Math.min(bytes.length, 60) && !socket.destroyed; at += 3) {
      socket.write(bytes.subarray(at, at + 3));
      await pause(25);
    }
    if (!socket.destroyed) socket.write(bytes.subarray(60));
  } else if (attack.mode === 'pipelined') {
    socket.write(Buffer.concat(Array.from({ length: 40 }, () => bytes)));
  } else if (attack.mode === 'truncated') {
    socket.end(bytes.subarray(0, bytes.length >> 1));
  } else {
    socket.write(bytes);
  }
  while (!socket.destroyed && Date.now() - last < 400) await pause(100);
  socket.destroy();
  await closed;
  return answered;
}

/** What an attack phase saw. */
export interface AttackReport {
  attacks: number;
  answered: number;
  probes: number;
  problems: string[];
}

/**
 * Sends `count` attacks from `workers` clients at once while a well-formed client on each wire
 * asks every `probeMs`; every probe must be answered.
 */
export async function runAttacks(
  service: ServiceUnderFuzz,
  options: { count: number; seed: number; workers?: number; probeMs?: number },
): Promise<AttackReport> {
  const list = attacks(service, options.count, options.seed);
  const report: AttackReport = { attacks: 0, answered: 0, probes: 0, problems: [] };
  let next = 0;
  let running = true;
  const prober = (async () => {
    while (running) {
      for (const wire of ['plain', 'tls'] as const) {
        report.problems.push(...(await probe(service, wire)));
        report.probes += 1;
      }
      await pause(options.probeMs ?? 250);
    }
  })();
  await Promise.all(
    Array.from({ length: options.workers ?? 8 }, async () => {
      while (next < list.length && service.alive()) {
        const attack = list[next++];
        if (attack === undefined) break;
        if (await send(service, attack)) report.answered += 1;
        report.attacks += 1;
      }
    }),
  );
  running = false;
  await prober;
  return report;
}

/** What a flood from clients that never read saw. */
export interface FloodReport {
  sentBytes: number;
  /** Growth of the service's resident memory at its peak, sampled every 50 ms, in KiB. */
  rssGrowthKb: number;
  /** How each client's flood ended: the service stopped reading it, closed it, or took it all. */
  ends: FloodResult['end'][];
  probes: number;
  problems: string[];
}

/** The bytes a never-reading client sends again and again: key/value pings or REST GETs. */
function floodUnit(kind: 'kv' | 'rest'): Buffer {
  const one =
    kind === 'kv'
      ? encodeFrame('1', 'action=ping\n')
      : Buffer.from('GET /api/v2/openapi.json HTTP/1.1\r\nHost: fuzz\r\n\r\n', 'latin1');
  return Buffer.concat(Array.from({ length: Math.ceil(65_536 / one.length) }, () => one));
}

/**
 * `clients` connections on `wire` that pipeline `kind` requests and never read an answer, each
 * sending until `bytesPerClient` are out or the service stops reading it (no 'drain' for 3 s), the
 * flood stopped early if the service grows past `maxGrowthKb`. Well-formed clients probe the
 * service throughout the flood (every 250 ms), again while the stalled connections are still open, and once they
 * have closed; every probe must be answered.
 */
export async function floodWithoutReading(
  service: ServiceUnderFuzz,
  options: {
    wire: Wire;
    kind: 'kv' | 'rest';
    clients: number;
    bytesPerClient: number;
    maxGrowthKb: number;
  },
): Promise<FloodReport> {
  const watch = new ResidentWatch(service.run.child.pid as number);
  const report: FloodReport = { sentBytes: 0, rssGrowthKb: 0, ends: [], probes: 0, problems: [] };
  const probeBoth = async (): Promise<void> => {
    for (const wire of ['plain', 'tls'] as const) {
      report.problems.push(...(await probe(service, wire)));
      report.probes += 1;
    }
  };
  const sockets = await Promise.all(
    Array.from({ length: options.clients }, () => openWire(service, options.wire)),
  );
  const flood = {
    maxBytes: options.bytesPerClient,
    stallMs: 3000,
    stop: () => !service.alive() || watch.growth > options.maxGrowthKb * 1024,
  };
  const unit = floodUnit(options.kind);
  let flooding = true;
  const floods = Promise.all(
    sockets.map((socket) => floodUntilStalled(socket, unit, flood)),
  ).finally(() => (flooding = false));
  await probeBoth();
  while (flooding && service.alive()) {
    await pause(250);
    await probeBoth();
  }
  const results = await floods;
  await probeBoth();
  for (const socket of sockets) socket.destroy();
  await probeBoth();
  watch.stop();
  report.sentBytes = results.reduce((sum, result) => sum + result.sent, 0);
  report.ends = results.map((result) => result.end);
  report.rssGrowthKb = Math.round(watch.growth / 1024);
  return report;
}
