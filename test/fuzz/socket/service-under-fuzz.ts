// The service process the socket fuzzer attacks: started with --demo on random ports in a temp
// directory, its resident memory read from /proc, and well-formed clients that must be answered.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { KvFrameDecoder, encodeFrame, encodePairs } from '../../../protocol/index.ts';
import { residentBytes } from '../../server/helpers/resident-memory.ts';
import { portAfter, runEntry, type ChildRun } from '../../server/helpers/server-process.ts';

/** Which port and which wrapping a fuzz client uses. */
export type Wire = 'plain' | 'tls';

/** A running service process and how to reach it. */
export interface ServiceUnderFuzz {
  run: ChildRun;
  ports: Record<Wire, number>;
  apiKey: { id: string; secret: string };
  /** Resident memory of the process now, in KiB (VmRSS, /proc/PID/status). */
  rssKb(): number;
  /** True while the process has not exited. */
  alive(): boolean;
  /** SIGTERM, SIGKILL if it has not exited STOP_GRACE_MS later; then its directory is removed. */
  stop(): Promise<void>;
}

/**
 * How long a stopping service may finish the requests in flight before it is killed: a slow sale
 * or a connection whose answers are never read must not hold a test run.
 */
const STOP_GRACE_MS = 10_000;

/** Starts `npm run server -- --demo` on port 0 and plain port 0 with a fresh data directory. */
export async function startServiceUnderFuzz(extraArgs: string[] = []): Promise<ServiceUnderFuzz> {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-sockfuzz-'));
  const args = [
    '--demo',
    '--port',
    '0',
    '--plain-port',
    '0',
    '--data',
    dir,
    '--log-level',
    'error',
  ];
  const run = runEntry('server/cli.ts', [...args, ...extraArgs]);
  const ports = { tls: await portAfter(run, 'TLS:'), plain: await portAfter(run, 'plain:') };
  const apiKey = JSON.parse(readFileSync(join(dir, 'demo-apikey.json'), 'utf8')) as {
    id: string;
    secret: string;
  };
  let exited = false;
  void run.exited.then(() => {
    exited = true;
  });
  return {
    run,
    ports,
    apiKey: { id: apiKey.id, secret: apiKey.secret },
    rssKb: () => Math.round(residentBytes(run.child.pid as number) / 1024),
    alive: () => !exited,
    async stop() {
      if (!exited) {
        run.child.kill('SIGTERM');
        const killer = setTimeout(() => run.child.kill('SIGKILL'), STOP_GRACE_MS);
        await run.exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens a connection on the wire's port (TLS without checking the demo certificate), from
 * `localAddress`: attacks come from 127.0.0.1, well-formed clients from 127.0.0.2, as another lane
 * of the store would.
 */
export function openWire(
  service: ServiceUnderFuzz,
  wire: Wire,
  localAddress = '127.0.0.1',
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const options = { port: service.ports[wire], host: '127.0.0.1', localAddress };
    const socket =
      wire === 'plain'
        ? tcpConnect(options, () => resolve(socket))
        : tlsConnect({ ...options, rejectUnauthorized: false }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Where well-formed clients connect from. */
const PROBE_ADDRESS = '127.0.0.2';

/** How long a well-formed request may wait for its answer before it counts as unanswered. */
const PROBE_DEADLINE_MS = 60_000;

/** Reads from `socket` until `done` says the bytes so far are a whole answer, or it closes. */
function exchange(
  socket: Socket,
  request: Buffer,
  done: (bytes: Buffer) => boolean,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => finish(new Error('no answer in time')), PROBE_DEADLINE_MS);
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      socket.destroy();
      if (error === undefined) resolve(Buffer.concat(chunks));
      else reject(error);
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (done(Buffer.concat(chunks))) finish();
    });
    socket.on('close', () =>
      finish(chunks.length > 0 ? undefined : new Error('closed before answering')),
    );
    socket.on('error', (error) => finish(error));
    socket.write(request);
  });
}

/**
 * One well-formed client on each transport: a key/value ping and a REST v2 sale with the demo
 * API key. Resolves to the problems seen (empty when every answer was whole and right).
 */
export async function probe(service: ServiceUnderFuzz, wire: Wire): Promise<string[]> {
  const problems: string[] = [];
  try {
    const frame = encodeFrame('1', encodePairs({ action: 'ping' }));
    const decoder = new KvFrameDecoder();
    const answer = await exchange(await openWire(service, wire, PROBE_ADDRESS), frame, (bytes) =>
      new KvFrameDecoder().push(bytes).some((event) => event.type === 'frame'),
    );
    const event = decoder.push(answer)[0];
    if (event?.type !== 'frame' || !/code=/.test(event.frame.body.toString('utf8')))
      problems.push(`${wire} key/value ping: not a frame with a code`);
  } catch (error) {
    problems.push(`${wire} key/value ping: ${(error as Error).message}`);
  }
  try {
    const body = JSON.stringify({ account: '4111111111111111', expdate: '1230', amount: '1.00' });
    const request = Buffer.from(
      `POST /api/v2/transaction/purchase HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nX-API-KEY-ID: ${service.apiKey.id}\r\n` +
        `X-API-KEY: ${service.apiKey.secret}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const answer = (
      await exchange(await openWire(service, wire, PROBE_ADDRESS), request, () => false)
    ).toString('utf8');
    if (!/^HTTP\/1\.1 200 /.test(answer) || !/"code":"AUTH"/.test(answer))
      problems.push(`${wire} REST sale: ${answer.split('\r\n')[0] || 'no answer'}`);
  } catch (error) {
    problems.push(`${wire} REST sale: ${(error as Error).message}`);
  }
  return problems;
}
