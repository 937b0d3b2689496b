import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, type HttpAnswer, type HttpTarget } from '../helpers/http-client.ts';
import { ACME_PASSWORD, addAcme, type AcmeMerchant } from '../helpers/merchant-setup.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;
let acme: AcmeMerchant;

beforeAll(async () => {
  service = await startTestServer();
  target = { ...service.server.tlsAddress, pin: service.server.fingerprint256 };
  acme = await addAcme(service);
});
afterAll(() => service.stop());

const report = (version: 'v1' | 'v2', headers: Record<string, string>, query = '') =>
  call(target, { method: 'GET', path: `/api/${version}/report/failed${query}`, headers });
const refusedAs = (answer: HttpAnswer) => [answer.status, answer.json().msoft_code];
const CHALLENGE = 'Basic realm="Payment Server Resource"';

describe('missing authorization (docs/interface.md › Authentication §3)', () => {
  it('answers 401 with the Basic challenge on both versions', async () => {
    for (const version of ['v1', 'v2'] as const) {
      const answer = await report(version, {});
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe(CHALLENGE);
      expect(answer.json()).toMatchObject({ code: 'DENY', msoft_code: 'ACCT_AUTHFAIL' });
    }
  });

  it('does not take API keys on v1: only Basic, so key headers alone are no authorization', async () => {
    const answer = await report('v1', {
      'x-api-key-id': service.apiKey.id,
      'x-api-key': service.apiKey.secret,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(CHALLENGE);
  });
});

describe('v1 Basic (docs/interface.md › Authentication §2)', () => {
  it('takes merchant|sub for a sub-user and a bare name for the merchant user', async () => {
    expect(
      (await report('v1', { authorization: basic('test_retail|public', 'publ1ct3st') })).status,
    ).toBe(200);
    expect((await report('v1', { authorization: basic('test_retail', 'publ1ct3st') })).status).toBe(
      200,
    );
  });

  it('refuses a username with a pipe of its own with ACCT_BADUSERNAME', async () => {
    const answer = await report('v1', {
      authorization: basic('test_retail|public|x', 'publ1ct3st'),
    });
    expect(refusedAs(answer)).toEqual([401, 'ACCT_BADUSERNAME']);
    expect(answer.json().verbiage).toMatch(/pipe/);
    expect(answer.headers['www-authenticate']).toBe(CHALLENGE);
  });

  it('reads merchant:sub:password as user "merchant" with password "sub:password" (RFC 7617)', async () => {
    const answer = await report('v1', { authorization: basic('test_retail:public', 'publ1ct3st') });
    expect(refusedAs(answer)).toEqual([401, 'ACCT_AUTHFAIL']);
  });
});

describe('v2 Basic (docs/interface.md › Versioning §3)', () => {
  it('takes merchant|sub, and merchant:sub without substitution', async () => {
    expect(
      (await report('v2', { authorization: basic('test_retail|public', 'publ1ct3st') })).status,
    ).toBe(200);
    expect(
      (await report('v2', { authorization: basic('test_retail:public', 'publ1ct3st') })).status,
    ).toBe(200);
    expect((await report('v2', { authorization: basic('acme:boss', ACME_PASSWORD) })).status).toBe(
      200,
    );
  });
});

describe('wrong credentials', () => {
  it('gives one answer whether the user, the password or the key was wrong', async () => {
    const answers = [
      await report('v2', { authorization: basic('test_retail|public', 'wrong-password') }),
      await report('v2', { authorization: basic('nobody|public', 'publ1ct3st') }),
      await report('v1', { authorization: basic('acme|ghost', ACME_PASSWORD) }),
      await report('v2', { 'x-api-key-id': service.apiKey.id, 'x-api-key': 'wrong-secret' }),
      await report('v2', {
        'x-api-key-id': 'P0000000000000000',
        'x-api-key': service.apiKey.secret,
      }),
    ];
    const bodies = answers.map((answer) => [answer.status, answer.text]);
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(answers[0]?.json()).toEqual({
      code: 'DENY',
      msoft_code: 'ACCT_AUTHFAIL',
      verbiage: 'Authentication failed: the credentials were not accepted',
    });
    for (const answer of answers) expect(answer.text).not.toMatch(/wrong|publ1ct3st|nobody|ghost/);
  });

  it('refuses an API key sent without its secret, naming both headers', async () => {
    const answer = await report('v2', { 'x-api-key-id': service.apiKey.id });
    expect(refusedAs(answer)).toEqual([401, 'ACCT_AUTHFAIL']);
    expect(answer.json().verbiage).toMatch(/X-API-KEY-ID and X-API-KEY/);
  });
});

describe('API keys (docs/interface.md › Authentication §5)', () => {
  it('accepts a profile key, and refuses it once revoked', async () => {
    const key = await service.accounts.apiKeys.create(
      acme.owner.userId,
      acme.mainProfile,
      'lane 3',
    );
    const headers = { 'x-api-key-id': key.keyId, 'x-api-key': key.secret };
    expect((await report('v2', headers)).status).toBe(200);
    await service.accounts.apiKeys.revoke(key.keyId);
    expect(refusedAs(await report('v2', headers))).toEqual([401, 'ACCT_AUTHFAIL']);
  });

  it('binds a profile key to its profile: another profile_id is refused', async () => {
    const key = await service.accounts.apiKeys.create(acme.owner.userId, acme.mainProfile, '');
    const headers = { 'x-api-key-id': key.keyId, 'x-api-key': key.secret };
    expect((await report('v2', headers, `?profile_id=${acme.mainProfile}`)).status).toBe(200);
    const other = await report('v2', headers, `?profile_id=${acme.otherProfile}`);
    expect(refusedAs(other)).toEqual([403, 'ACCT_PERMISSION']);
  });

  it('lets a user key act as its user, with its permissions', async () => {
    const key = await service.accounts.apiKeys.create(acme.clerk.userId, null, '');
    const answer = await report('v2', { 'x-api-key-id': key.keyId, 'x-api-key': key.secret });
    expect(refusedAs(answer)).toEqual([403, 'ACCT_PERMISSION']);
  });
});

describe('profiles and permissions', () => {
  const boss = () => ({ authorization: basic('acme|boss', ACME_PASSWORD) });

  it('takes a profile_id of the merchant, and refuses another merchant’s exactly like a missing one', async () => {
    expect((await report('v2', boss(), `?profile_id=${acme.otherProfile}`)).status).toBe(200);
    const demoProfile = service.server.demo?.profileId ?? 0;
    const foreign = await report('v2', boss(), `?profile_id=${demoProfile}`);
    const missing = await report('v2', boss(), '?profile_id=999999');
    expect(refusedAs(foreign)).toEqual([403, 'ACCT_PERMISSION']);
    expect(foreign.text).toBe(missing.text);
    expect(foreign.text).not.toMatch(/test_retail/);
  });

  it('needs profile_id from a user without a default profile', async () => {
    const headers = { authorization: basic('acme|nodefault', ACME_PASSWORD) };
    expect(refusedAs(await report('v2', headers))).toEqual([400, 'DATA_MISSINGFIELD']);
    expect((await report('v2', headers, `?profile_id=${acme.mainProfile}`)).status).toBe(200);
  });

  it('refuses a sub-user an operation it is not permitted', async () => {
    const answer = await report('v2', { authorization: basic('acme|clerk', ACME_PASSWORD) });
    expect(refusedAs(answer)).toEqual([403, 'ACCT_PERMISSION']);
  });
});

describe('a transaction through both versions', () => {
  it('runs a keyed sale on v1 (Basic, form body) and v2 (API key, JSON groups)', async () => {
    const v1 = await call(target, {
      method: 'POST',
      path: '/api/v1/transaction/purchase',
      headers: {
        authorization: basic('test_retail|public', 'publ1ct3st'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'account=4111111111111111&expdate=1230&amount=12.00&zip=32606',
    });
    expect(v1.status).toBe(200);
    expect(v1.json()).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
    const v2 = await call(target, {
      method: 'POST',
      path: '/api/v2/transaction/purchase',
      headers: { 'x-api-key-id': service.apiKey.id, 'x-api-key': service.apiKey.secret },
      body: {
        account_data: { account: '5454545454545454', expdate: '1230' },
        money: { amount: '3.00' },
        verification: { zip: '32606' },
      },
    });
    expect(v2.status).toBe(200);
    expect(v2.json()).toMatchObject({ code: 'AUTH' });
    expect(v2.text).not.toContain('5454545454545454');
    expect(service.logs.join('\n')).not.toMatch(/4111111111111111|5454545454545454|publ1ct3st/);
  });
});
