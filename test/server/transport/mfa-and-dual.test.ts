import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { ACME_PASSWORD, addAcme, totpAt, type AcmeMerchant } from '../helpers/merchant-setup.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;
let acme: AcmeMerchant;

beforeAll(async () => {
  service = await startTestServer();
  const plain = service.server.plainAddress;
  if (plain === undefined) throw new Error('no plain port');
  target = plain;
  acme = await addAcme(service);
});
afterAll(() => service.stop());

/** Moves the service clock to the next TOTP step, so a fresh code is accepted (RFC 6238 §5.2). */
const nextStep = () => service.clock.advance(30_000);
const lead = { authorization: basic('acme|lead', ACME_PASSWORD) };
const report = (headers: Record<string, string>) =>
  call(target, { method: 'GET', path: '/api/v2/report/failed', headers });
const issueCookie = (headers: Record<string, string>) =>
  call(target, { method: 'POST', path: '/api/v2/user/mfa/cookie', headers });

describe('MFA codes (docs/interface.md › Authentication §6)', () => {
  it('asks for a code when the user has MFA and none was sent', async () => {
    const answer = await report(lead);
    expect(answer.status).toBe(401);
    expect(answer.json()).toMatchObject({ msoft_code: 'ACCT_MFA_REQUIRED' });
  });

  it('refuses a wrong code, accepts the right one once, and refuses its replay', async () => {
    nextStep();
    const right = totpAt(service, acme.leadSecret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await report({ ...lead, 'x-mfa-code': wrong })).json()).toMatchObject({
      msoft_code: 'ACCT_MFA_INVALID',
    });
    expect((await report({ ...lead, 'x-mfa-code': right })).status).toBe(200);
    expect((await report({ ...lead, 'x-mfa-code': right })).json()).toMatchObject({
      msoft_code: 'ACCT_MFA_INVALID',
    });
  });

  it('counts one code replayed on 8 connections at once as one failure', async () => {
    nextStep();
    const leadFailures = async () =>
      (await service.accounts.failures.state({ kind: 'user', subject: String(acme.lead.userId) }))
        ?.failures ?? 0;
    const before = await leadFailures();
    const code = totpAt(service, acme.leadSecret);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => report({ ...lead, 'x-mfa-code': code })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200).map((a) => a.json());
    expect(refused).toHaveLength(7);
    refused.forEach((body) => expect(body).toMatchObject({ msoft_code: 'ACCT_MFA_INVALID' }));
    expect((await leadFailures()) - before).toBe(1);
  });

  it('takes the code in mfa_code on the key/value protocol', async () => {
    nextStep();
    const kv = await KvTestClient.connect(target);
    const credentials = { username: 'acme:lead', password: ACME_PASSWORD };
    kv.send('1', { action: 'admin', admin: 'GFT', ...credentials });
    kv.send('2', {
      action: 'admin',
      admin: 'GFT',
      ...credentials,
      mfa_code: totpAt(service, acme.leadSecret),
    });
    expect(await kv.pairs('1')).toMatchObject({ msoft_code: 'ACCT_MFA_REQUIRED' });
    expect((await kv.answer('2')).kind).toBe('csv');
    kv.close();
  });
});

describe('MFA cookies', () => {
  it('issues a cookie against a code, and takes the cookie instead of a code afterwards', async () => {
    nextStep();
    const issued = await issueCookie({ ...lead, 'x-mfa-code': totpAt(service, acme.leadSecret) });
    expect(issued.status).toBe(200);
    const pairs = issued.json() as Record<string, string>;
    expect(pairs).toMatchObject({ code: 'SUCCESS', msoft_code: 'INT_SUCCESS' });
    const cookie = pairs.mfa_cookie ?? '';
    const expires = Number(pairs.mfa_cookie_expires_ts);
    expect(expires - service.clock.now().getTime() / 1000).toBeCloseTo(30 * 86_400, -1);
    expect((await report({ ...lead, 'x-mfa-cookie': cookie })).status).toBe(200);
    expect((await report({ ...lead, 'x-mfa-cookie': cookie })).status).toBe(200);
    const stored = service.accounts.mfaCookies;
    expect(await stored.verify(acme.lead.userId, cookie, service.clock.now())).toBe(true);
    service.clock.advance(31 * 86_400_000);
    expect((await report({ ...lead, 'x-mfa-cookie': cookie })).json()).toMatchObject({
      msoft_code: 'ACCT_MFA_INVALID',
    });
  });

  it('issues cookies on the key/value protocol (action admin, admin mfacookie)', async () => {
    nextStep();
    const kv = await KvTestClient.connect(target);
    kv.send('9', {
      action: 'admin',
      admin: 'mfacookie',
      username: 'acme:lead',
      password: ACME_PASSWORD,
      mfa_code: totpAt(service, acme.leadSecret),
    });
    const pairs = await kv.pairs('9');
    expect(pairs).toMatchObject({ code: 'SUCCESS' });
    kv.send('10', {
      action: 'admin',
      admin: 'GFT',
      username: 'acme:lead',
      password: ACME_PASSWORD,
      mfa_cookie: pairs.mfa_cookie ?? '',
    });
    expect((await kv.answer('10')).kind).toBe('csv');
    kv.close();
  });

  it('refuses a cookie to API keys, to users without MFA, and against another cookie', async () => {
    const key = { 'x-api-key-id': service.apiKey.id, 'x-api-key': service.apiKey.secret };
    expect((await issueCookie(key)).json()).toMatchObject({ msoft_code: 'ACCT_PERMISSION' });
    const boss = { authorization: basic('acme|boss', ACME_PASSWORD) };
    expect((await issueCookie(boss)).json()).toMatchObject({ msoft_code: 'ACCT_PERMISSION' });
    nextStep();
    const first = await issueCookie({ ...lead, 'x-mfa-code': totpAt(service, acme.leadSecret) });
    const cookie = String(first.json().mfa_cookie);
    const again = await issueCookie({ ...lead, 'x-mfa-cookie': cookie });
    expect(again.json()).toMatchObject({ msoft_code: 'ACCT_MFA_REQUIRED' });
  });
});

describe('dual authorization (docs/interface.md › Authentication §7)', () => {
  const sale = (headers: Record<string, string>) =>
    call(target, {
      method: 'POST',
      path: '/api/v2/transaction/purchase',
      headers,
      body: { account: '4111111111111111', expdate: '1230', amount: '2.00', zip: '32606' },
    });
  const owner = { authorization: basic('acme', ACME_PASSWORD) };

  beforeAll(
    async () =>
      await service.accounts.permissions.setDualOperations(acme.owner.merchantId, ['sale']),
  );
  afterAll(
    async () => await service.accounts.permissions.setDualOperations(acme.owner.merchantId, []),
  );

  it('requires a second user for a marked operation', async () => {
    const answer = await sale(owner);
    expect(answer.status).toBe(403);
    expect(answer.json()).toMatchObject({ msoft_code: 'ACCT_DUAL_REQUIRED' });
  });

  it('accepts a second, different user of the same merchant', async () => {
    const answer = await sale({
      ...owner,
      'x-dual-authorization': basic('acme|boss', ACME_PASSWORD),
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ code: 'AUTH' });
  });

  it('refuses the same user as second user', async () => {
    const answer = await sale({ ...owner, 'x-dual-authorization': basic('acme', ACME_PASSWORD) });
    expect(answer.json()).toMatchObject({ msoft_code: 'ACCT_DUAL_REQUIRED' });
    expect(answer.json().verbiage).toMatch(/different user/);
  });

  it('refuses an API key as second user, and a user of another merchant', async () => {
    const key = await service.accounts.apiKeys.create(acme.boss.userId, null, '');
    for (const dual of [basic(key.keyId, key.secret), basic('test_retail|public', 'publ1ct3st')]) {
      const answer = await sale({ ...owner, 'x-dual-authorization': dual });
      expect(answer.json()).toMatchObject({ msoft_code: 'ACCT_DUAL_REQUIRED' });
      expect(answer.json().verbiage).toMatch(/not accepted/);
    }
  });

  it('needs the second user’s MFA code, never its cookie', async () => {
    const dual = { ...owner, 'x-dual-authorization': basic('acme|lead', ACME_PASSWORD) };
    expect((await sale(dual)).json().verbiage).toMatch(/MFA/);
    nextStep();
    const issued = await issueCookie({ ...lead, 'x-mfa-code': totpAt(service, acme.leadSecret) });
    const withCookie = await sale({ ...dual, 'x-mfa-cookie': String(issued.json().mfa_cookie) });
    expect(withCookie.json()).toMatchObject({ msoft_code: 'ACCT_DUAL_REQUIRED' });
    nextStep();
    const ok = await sale({ ...dual, 'x-dual-mfa-code': totpAt(service, acme.leadSecret) });
    expect(ok.json()).toMatchObject({ code: 'AUTH' });
  });

  it('takes user, pwd and mfa_code_dual on the key/value protocol', async () => {
    const kv = await KvTestClient.connect(target);
    const request = {
      action: 'sale',
      username: 'acme',
      password: ACME_PASSWORD,
      account: '4111111111111111',
      expdate: '1230',
      amount: '2.50',
      zip: '32606',
    };
    kv.send('1', request);
    kv.send('2', { ...request, user: 'acme:boss', pwd: ACME_PASSWORD });
    expect(await kv.pairs('1')).toMatchObject({ msoft_code: 'ACCT_DUAL_REQUIRED' });
    expect(await kv.pairs('2')).toMatchObject({ code: 'AUTH' });
    kv.close();
  });
});
