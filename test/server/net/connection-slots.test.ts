import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RestClient } from '../durability/helpers/rest-client.ts';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();
const SALE = { account: '4111111111111111', expdate: '1230', amount: '10.00', zip: '32606' };
/** The documented default cap of connections from one source address. */
const PER_SOURCE_DEFAULT = 64;

const running: ServerProcess[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

async function start(options: string[] = []): Promise<ServerProcess> {
  const server = await ServerProcess.start(tempDir(), options);
  running.push(server);
  return server;
}

/** A connection from `localAddress` (any 127/8 address is loopback on Linux); never reads. */
function open(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Resolves once `count` of the sockets have closed, or when none closed for `quietMs`. */
async function closedCount(list: Socket[], count: number, quietMs: number): Promise<number> {
  let closed = 0;
  let last = Date.now();
  for (const socket of list) {
    socket.on('error', () => undefined);
    socket.once('close', () => {
      closed += 1;
      last = Date.now();
    });
  }
  while (closed < count && Date.now() - last < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return closed;
}

async function kvSale(server: ServerProcess): Promise<Record<string, string>> {
  const kv = await KvTestClient.connect({ host: '127.0.0.1', port: server.plainPort });
  const key = { auth_apikey_id: server.apiKey.id, auth_apikey_secret: server.apiKey.secret };
  kv.send('1', { action_trans: 'sale', ...key, ...SALE });
  const answer = await kv.pairs('1');
  kv.close();
  return answer;
}

describe('connection slots', () => {
  it('caps one source address: 400 idle connections from 127.0.0.2 beside sales from 127.0.0.1', async () => {
    const server = await start(['--max-connections', '256']);
    const idle = await Promise.all(
      Array.from({ length: 400 }, () => open(server.plainPort, '127.0.0.2')),
    );
    const refused = idle.length - PER_SOURCE_DEFAULT;
    expect(await closedCount(idle, refused, 3000)).toBe(refused);
    const rest = new RestClient(server.plainPort, server.apiKey);
    for (let sale = 0; sale < 3; sale += 1) {
      expect((await rest.send('POST', 'transaction/purchase', SALE)).body).toMatchObject({
        code: 'AUTH',
      });
    }
    rest.close();
    expect(await kvSale(server)).toMatchObject({ code: 'AUTH' });
    const tlsHeld = await Promise.all(
      Array.from({ length: 10 }, () => open(server.tlsPort, '127.0.0.2')),
    );
    expect(await closedCount(tlsHeld, tlsHeld.length, 3000)).toBe(tlsHeld.length);
    expect(idle.filter((socket) => !socket.destroyed)).toHaveLength(PER_SOURCE_DEFAULT);
    const summary = await server.line(/not logged one by one/);
    const logged = server.output.filter((line) => line.includes('"connection refused"'));
    expect(logged.length).toBeLessThanOrEqual(10);
    expect(logged[0]).toContain('"source":"127.0.0.2"');
    expect(logged[0]).toContain('"reason":"connections per source"');
    expect(JSON.parse(summary)).toMatchObject({
      refused: refused + tlsHeld.length - logged.length,
    });
  });

  it('cuts a frame, a request header and a TLS handshake trickled a byte every 2 s', async () => {
    const server = await start();
    const trickles = [
      { port: server.plainPort, bytes: '\x021\x1caction=sale\r\namount=1.00\r\n' },
      { port: server.plainPort, bytes: 'GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\n' },
      {
        port: server.tlsPort,
        bytes: '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03' + 'x'.repeat(30),
      },
    ];
    const outcomes = await Promise.all(
      trickles.map(async ({ port, bytes }) => {
        const socket = await open(port, '127.0.0.1');
        socket.on('error', () => undefined);
        const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
        for (const byte of Buffer.from(bytes, 'latin1')) {
          if (socket.destroyed) return true;
          socket.write(Buffer.of(byte));
          const tick = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000));
          if (await Promise.race([closed, tick])) return true;
        }
        return false;
      }),
    );
    expect(outcomes).toEqual([true, true, true]);
    expect(await kvSale(server)).toMatchObject({ code: 'AUTH' });
  }, 120_000);
});
