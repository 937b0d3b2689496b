import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { RestClient } from '../durability/helpers/rest-client.ts';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { floodUntilStalled, type FloodResult } from '../helpers/flood.ts';
import type { HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { ResidentWatch } from '../helpers/resident-memory.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();
const MiB = 1024 * 1024;
/** Growth of the server's resident memory allowed while a flood runs. */
const GROWTH_LIMIT = 256 * MiB;
/** 1 MiB of pipelined PING frames, as the key/value flood of the report sends them. */
const PINGS = Buffer.from('\x021\x1cPING\x03'.repeat(MiB / 8), 'latin1');
/** 64 KiB of pipelined OpenAPI document requests, which need no credentials. */
const OPENAPI_GETS = Buffer.from(
  'GET /api/v2/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(1260),
  'latin1',
);
/**
 * 64 KiB of pipelined OpenAPI document requests of 90 one-letter header lines each: cheap to
 * send, about 8 KiB each once node:http has parsed them.
 */
const STUFFED_GETS = Buffer.from(
  `GET /api/v2/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n${'a:b\r\n'.repeat(90)}\r\n`.repeat(128),
  'latin1',
);
const SALE = { account: '4111111111111111', expdate: '1230', amount: '10.00', zip: '32606' };

const running: ServerProcess[] = [];
const floods: Socket[] = [];
afterEach(async () => {
  floods.splice(0).forEach((socket) => socket.destroy());
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

async function start(): Promise<ServerProcess> {
  const server = await ServerProcess.start(tempDir());
  running.push(server);
  await sales(server);
  return server;
}

/** A sale over key/value (plain and TLS) and one over REST: their answers' code and msoft_code. */
async function saleAnswers(server: ServerProcess): Promise<string[]> {
  const key = { auth_apikey_id: server.apiKey.id, auth_apikey_secret: server.apiKey.secret };
  const plain: HttpTarget = { host: '127.0.0.1', port: server.plainPort };
  const tls: HttpTarget = {
    host: '127.0.0.1',
    port: server.tlsPort,
    pin: server.fingerprint,
  };
  const answers: Record<string, unknown>[] = [];
  for (const target of [plain, tls]) {
    const kv = await KvTestClient.connect(target);
    kv.send('1', { action_trans: 'sale', ...key, ...SALE });
    answers.push(await kv.pairs('1'));
    kv.close();
  }
  const rest = new RestClient(server.plainPort, server.apiKey);
  answers.push((await rest.send('POST', 'transaction/purchase', SALE)).body);
  rest.close();
  return answers.map((answer) => `${String(answer.code)} ${String(answer.msoft_code)}`);
}

/** A sale over key/value (plain and TLS) and one over REST: each must be approved. */
async function sales(server: ServerProcess): Promise<void> {
  expect(await saleAnswers(server)).toEqual(Array(3).fill('AUTH INT_SUCCESS'));
}

/** The busy answer while the buffer budget is spent (docs/security.md, The buffer budget). */
const BUSY = 'DENY SYS_UNAVAILABLE';

function connectPlain(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function connectTls(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () =>
      resolve(socket),
    );
    socket.once('error', reject);
  });
}

/**
 * Floods each socket with `chunk` (never reading) while watching the server's resident memory,
 * makes sales meanwhile, and returns what the floods did and the growth at the peak.
 */
async function floodAndServe(
  server: ServerProcess,
  sockets: Socket[],
  chunk: Buffer,
  maxBytes: number,
): Promise<{ results: FloodResult[]; growth: number }> {
  floods.push(...sockets);
  const watch = new ResidentWatch(server.pid);
  let exited = false;
  void server.exited.then(() => (exited = true));
  const stop = () => exited || watch.growth > GROWTH_LIMIT;
  const options = { maxBytes, stallMs: 10_000, stop };
  const flooding = Promise.all(sockets.map((socket) => floodUntilStalled(socket, chunk, options)));
  await sales(server);
  const results = await flooding;
  await sales(server);
  watch.stop();
  return { results, growth: watch.growth };
}

describe('clients that send without reading', () => {
  it.each([
    ['the plain port', (server: ServerProcess) => connectPlain(server.plainPort)],
    ['TLS', (server: ServerProcess) => connectTls(server.tlsPort)],
  ])(
    'a key/value PING flood over %s stalls its own connection only',
    async (_, open) => {
      const server = await start();
      const socket = await open(server);
      const { results, growth } = await floodAndServe(server, [socket], PINGS, 48 * MiB);
      expect(growth).toBeLessThanOrEqual(GROWTH_LIMIT);
      expect(results).toEqual([expect.objectContaining({ end: 'stalled' })]);
      socket.destroy();
      await sales(server);
    },
    120_000,
  );

  it('pipelined GET /api/v2/openapi.json on 12 connections stall or close those only', async () => {
    const server = await start();
    const sockets = await Promise.all(
      Array.from({ length: 12 }, () => connectPlain(server.plainPort)),
    );
    const { results, growth } = await floodAndServe(server, sockets, OPENAPI_GETS, 4 * MiB);
    expect(growth).toBeLessThanOrEqual(GROWTH_LIMIT);
    expect(results.every((result) => result.end !== 'done')).toBe(true);
    sockets.forEach((socket) => socket.destroy());
    await sales(server);
  }, 120_000);

  it('header-stuffed requests pipelined on 448 connections from 7 addresses that never read are parsed only as far as they are served', async () => {
    const server = await start();
    const sources = Array.from({ length: 7 }, (_, i) => `127.0.2.${i + 1}`);
    const sockets = await Promise.all(
      sources.flatMap((source) =>
        Array.from({ length: 64 }, () => connectPlain(server.plainPort, source)),
      ),
    );
    floods.push(...sockets);
    const watch = new ResidentWatch(server.pid);
    const options = { maxBytes: STUFFED_GETS.length, stallMs: 10_000, stop: () => false };
    await Promise.all(sockets.map((socket) => floodUntilStalled(socket, STUFFED_GETS, options)));
    for (const answer of await saleAnswers(server))
      expect(['AUTH INT_SUCCESS', BUSY]).toContain(answer);
    watch.stop();
    expect(watch.growth).toBeLessThanOrEqual(GROWTH_LIMIT);
    sockets.forEach((socket) => socket.destroy());
    let answers = await saleAnswers(server);
    for (let attempt = 0; attempt < 50 && answers.includes(BUSY); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answers = await saleAnswers(server);
    }
    expect(answers).toEqual(Array(3).fill('AUTH INT_SUCCESS'));
  }, 120_000);
});
