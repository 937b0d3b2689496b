import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFrame, encodePairs } from '../../../protocol/index.ts';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-refusals-');
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const USER = { username: 'test_retail:public', password: 'publ1ct3st' };
const SALE = { action: 'sale', account: '4111111111111111', expdate: '1230' };
const WRONG = { username: USER.username, password: 'wrong-password' };

async function start(extra: string[] = []): Promise<ServerProcess> {
  server = await ServerProcess.start(tempDir(), ['--log-level', 'debug', ...extra]);
  return server;
}

function kvFrom(service: ServerProcess, localAddress: string): Promise<KvTestClient> {
  return KvTestClient.connect({ host: '127.0.0.1', port: service.plainPort, localAddress });
}

/** A raw REST request from an address; resolves with the status. */
function rest(service: ServerProcess, method: string, path: string, body?: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: service.plainPort,
        localAddress: '127.0.0.31',
        method,
        path,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** The log lines with this message, once `count` of them are there. */
async function linesOf(service: ServerProcess, msg: string, count: number) {
  for (let waited = 0; ; waited += 1) {
    const lines = service.logLines().filter((line) => line.msg === msg);
    if (lines.length >= count || waited === 200) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('every refused request leaves one log line', () => {
  it('logs refusals of both transports with reason, transport, source and request id, and never a credential or card number', async () => {
    const service = await start(['--max-in-flight', '1']);
    const kv = await kvFrom(service, '127.0.0.30');
    const oneByOne: [string, Buffer | string][] = [
      ['11', encodeFrame('11', encodePairs({ ...USER, action: 'frobnicate' }))],
      ['12', encodeFrame('12', encodePairs({ ...USER, ...SALE, amount: '0.00' }))],
      ['13', encodeFrame('13', encodePairs({ ...SALE, ...WRONG, amount: '1.00' }))],
      ['14', encodeFrame('14', 'no equals sign here\r\n')],
      ['21', '\x0221\x1cPING\x03'],
      ['22', '\x0222\x1cPING\x03'],
      ['23', '\x0223\x1cPING\x03'],
      [
        '17',
        encodeFrame(
          '17',
          encodePairs({ ...USER, action: 'admin', admin: 'trandetail', ttid: '999999' }),
        ),
      ],
    ];
    for (const [id, bytes] of oneByOne) {
      kv.sendRaw(bytes);
      await kv.answerBody(id);
    }
    // With one request in flight allowed, 16 waits behind the slow 15 instead of being refused.
    kv.send('15', { ...USER, ...SALE, amount: '8.02' });
    kv.send('16', { ...USER, ...SALE, amount: '1.00' });
    expect(await kv.pairs('15')).toMatchObject({ code: 'AUTH' });
    expect(await kv.pairs('16')).toMatchObject({ code: 'AUTH' });
    kv.sendRaw('garbage between frames');
    await kv.closed;
    expect(await rest(service, 'GET', '/api/v2/no/such/path')).toBe(404);
    expect(await rest(service, 'POST', '/api/v2/transaction/purchase', '{"amount":')).toBe(400);

    const refused = await linesOf(service, 'request refused', 7);
    const shown = refused.map((line) => [
      line.transport,
      line.source,
      line.request_id,
      line.reason,
    ]);
    expect(shown).toEqual([
      ['kv', '127.0.0.30', '11', 'DATA_INVALIDFIELD'],
      ['kv', '127.0.0.30', '12', 'DATA_INVALIDFIELD'],
      ['kv', '127.0.0.30', '13', 'ACCT_AUTHFAIL'],
      ['kv', '127.0.0.30', '14', 'DATA_INVALIDFIELD'],
      ['kv', '127.0.0.30', undefined, 'DATA_INVALIDFIELD'],
      ['rest', '127.0.0.31', expect.any(String), 'DATA_BADTRANS'],
      ['rest', '127.0.0.31', expect.any(String), 'DATA_INVALIDFIELD'],
    ]);
    expect(refused[0]).toMatchObject({ level: 40, rule: expect.stringMatching(/^kv\.action/) });
    expect(refused[1]).toMatchObject({ operation: 'sale', version: 'v1', user: USER.username });
    expect(refused[2]).toMatchObject({ subject_kind: 'user', failures: 1 });
    expect(refused[4]).toMatchObject({ rule: 'frame.garbage' });

    const requests = service.logLines().filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.request_id, line.msoft_code])).toEqual([
      ['17', 'DATA_RECORDNOTFOUND'],
      ['15', 'INT_SUCCESS'],
      ['16', 'INT_SUCCESS'],
    ]);
    expect(requests[1]).toMatchObject({
      level: 30,
      transport: 'kv',
      source: '127.0.0.30',
      version: 'v1',
      user: USER.username,
      credential: expect.any(String),
      code: expect.any(String),
      ms: expect.any(Number),
    });
    const closing = await linesOf(service, 'key/value connection closing', 1);
    expect(closing[0]).toMatchObject({ pings: 3, requests: 7 });
    const everything = JSON.stringify(service.logLines());
    for (const secret of ['publ1ct3st', 'wrong-password', '4111111111111111', '"PING"']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('writes at most 10 lines a window for one source, then one line counting the rest', async () => {
    const service = await start();
    const kv = await kvFrom(service, '127.0.0.32');
    const ids = Array.from({ length: 40 }, (_, i) => String(100 + i));
    for (const id of ids) kv.send(id, { ...USER, action: 'frobnicate' });
    await Promise.all(ids.map((id) => kv.answerBody(id)));
    const other = await kvFrom(service, '127.0.0.33');
    other.send('1', { ...USER, action: 'frobnicate' });
    await other.answerBody('1');
    kv.close();
    other.close();
    await service.stop();
    const lines = service.logLines();
    const refused = lines.filter((line) => line.msg === 'request refused');
    expect(refused.filter((line) => line.source === '127.0.0.32')).toHaveLength(10);
    expect(refused.filter((line) => line.source === '127.0.0.33')).toHaveLength(1);
    const summary = lines.filter((line) => line.msg === 'request refusals not logged one by one');
    expect(summary).toEqual([
      expect.objectContaining({
        suppressed: 30,
        sources: 1,
        by_source: [{ source: '127.0.0.32', suppressed: 30 }],
      }),
    ]);
  });

  it('counts every refused login in the log, by source and by a hash of the name tried', async () => {
    const service = await start();
    const kv = await kvFrom(service, '127.0.0.34');
    const names = Array.from({ length: 205 }, (_, i) => `probe-${i}`);
    const ids = [
      ...names,
      'test_retail',
      'test_retail',
      'test_retail',
      'test_retail',
      'test_retail',
    ];
    ids.forEach((username, i) => kv.send(String(i), { ...SALE, username, password: 'guess' }));
    const answers = await Promise.all(ids.map((_, i) => kv.pairs(String(i))));
    kv.close();
    await service.stop();
    expect(new Set(answers.map((pairs) => pairs.msoft_code))).toEqual(
      new Set(['ACCT_AUTHFAIL', 'ACCT_THROTTLED']),
    );
    const lines = service.logLines();
    const refused = lines.filter((line) => line.msg === 'request refused');
    expect(refused).toHaveLength(10);
    refused.forEach((line) => expect(line.name_hash).toMatch(/^[0-9a-f]{16}$/));
    const [summary] = lines.filter((line) => line.msg === 'request refusals not logged one by one');
    expect(summary).toMatchObject({
      suppressed: 200,
      by_source: [{ source: '127.0.0.34', suppressed: 200 }],
    });
    const byName = summary?.by_name as { name_hash: string; suppressed: number }[];
    expect(byName).toHaveLength(196);
    expect(byName[0]?.suppressed).toBe(5);
    expect(byName.reduce((sum, name) => sum + name.suppressed, 0)).toBe(200);
    const everything = JSON.stringify(lines);
    for (const name of ['probe-1', 'probe-204', 'guess']) expect(everything).not.toContain(name);
  });
});
