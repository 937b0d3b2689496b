import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;

beforeAll(async () => {
  service = await startTestServer({ limits: { throttle: { maxFailures: 3, windowMs: 60_000 } } });
  const plain = service.server.plainAddress;
  if (plain === undefined) throw new Error('no plain port');
  target = plain;
});
afterAll(() => service.stop());

const report = (version: 'v1' | 'v2', password: string) =>
  call(target, {
    method: 'GET',
    path: `/api/${version}/transaction/1`,
    headers: { authorization: basic('test_retail|public', password) },
  });

describe('throttling repeated failures from one source', () => {
  it('refuses the source after its failures: 429 on v2, ACCT_THROTTLED on v1 and key/value, and logs it', async () => {
    for (let i = 0; i < 3; i += 1) expect((await report('v2', 'wrong')).status).toBe(401);
    const v2 = await report('v2', 'publ1ct3st');
    expect(v2.status).toBe(429);
    expect(v2.json()).toMatchObject({ code: 'DENY', msoft_code: 'ACCT_THROTTLED' });
    const v1 = await report('v1', 'publ1ct3st');
    expect(v1.status).toBe(200);
    expect(v1.json()).toMatchObject({ msoft_code: 'ACCT_THROTTLED' });
    const kv = await KvTestClient.connect(target);
    kv.send('1', {
      action: 'admin',
      admin: 'GFT',
      username: 'test_retail:public',
      password: 'publ1ct3st',
    });
    expect(await kv.pairs('1')).toMatchObject({ msoft_code: 'ACCT_THROTTLED' });
    kv.close();
    const logged = service.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line.msg === 'authentication failed')).toHaveLength(3);
    expect(logged.some((line) => line.msg === 'authentication refused: source throttled')).toBe(
      true,
    );
    expect(service.logs.join('\n')).not.toContain('wrong');
  });

  it('lets the source in again once its failures leave the window', async () => {
    service.clock.advance(61_000);
    expect((await report('v2', 'publ1ct3st')).json()).toMatchObject({
      msoft_code: 'DATA_RECORDNOTFOUND',
    });
  });
});
