import { describe, expect, it } from 'vitest';
import { call } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { useTestServer } from '../helpers/test-server.ts';

const { service, plain } = useTestServer();

const SALE = { account: '4111111111111111', expdate: '1230', amount: '1.00' };

async function kvAnswer(pairs: Record<string, string>): Promise<Record<string, string>> {
  const kv = await KvTestClient.connect(plain());
  kv.send('1', pairs);
  const answer = await kv.pairs('1');
  kv.close();
  return answer;
}

describe('a request without credentials its transport and version read', () => {
  it('tells a key/value v1 client that sent an API key that v1 takes username and password', async () => {
    const { id, secret } = service().apiKey;
    const answer = await kvAnswer({
      action: 'sale',
      auth_apikey_id: id,
      auth_apikey_secret: secret,
      ...SALE,
    });
    expect(answer).toEqual({
      code: 'DENY',
      msoft_code: 'ACCT_AUTHFAIL',
      verbiage:
        'auth_apikey_id and auth_apikey_secret: API keys are v2 only (action_trans); v1 takes username and password',
    });
  });

  it('names the key/value keys, not HTTP headers, to a key/value client', async () => {
    expect((await kvAnswer({ action: 'sale', ...SALE })).verbiage).toBe(
      'Authorization required: send username and password',
    );
    expect((await kvAnswer({ action_trans: 'sale', ...SALE })).verbiage).toBe(
      'Authorization required: send username and password, or auth_apikey_id and auth_apikey_secret',
    );
  });

  it('tells a REST v1 client that sent an API key that v1 takes HTTP Basic, with the challenge', async () => {
    const { id, secret } = service().apiKey;
    const answer = await call(plain(), {
      method: 'POST',
      path: '/api/v1/transaction/purchase',
      headers: { 'x-api-key-id': id, 'x-api-key': secret },
      body: SALE,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Basic realm="Payment Server Resource"');
    expect(answer.json().verbiage).toBe(
      'X-API-KEY-ID and X-API-KEY: API keys are v2 only (/api/v2); v1 takes HTTP Basic',
    );
  });

  it('keeps the REST v2 answer to no credentials at all', async () => {
    const answer = await call(plain(), {
      method: 'POST',
      path: '/api/v2/transaction/purchase',
      body: SALE,
    });
    expect(answer.status).toBe(401);
    expect(answer.json().verbiage).toBe(
      'Authorization required: send HTTP Basic credentials (v1, v2) or an API key (v2)',
    );
  });
});
