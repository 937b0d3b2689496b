import { createHash, randomBytes } from 'node:crypto';
import { pageSigningKey } from '../../server/accounts/page-signing-key.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentClient, TransportKind } from '../../main/payment/index.ts';
import { signPageParams, signedText } from '../../server/cardentry/signed-session.ts';
import { call, type HttpTarget } from '../server/helpers/http-client.ts';
import { TRANSPORTS, laneClient } from './helpers/lane-clients.ts';
import type { ServiceProcess } from './helpers/service-process.ts';
import { restingFiles, type SuiteService } from './helpers/suite-service.ts';

const PAN = '5454545454545454';
/** The simulated processor's good security code, so an answer of cv=GOOD shows it went online. */
const CV = '999';
const ORIGIN = 'https://shop.example';

/**
 * Hosted card entry over REST v2, REST v1 and key/value against the service as `npm run server --
 * --demo` runs it: a session opened on each transport, the page fetched and the card posted over
 * HTTPS as the page's script does, the ticket used in a sale on that transport, once. `against`
 * names the service in the test titles.
 */
export function cardTicketsSuite(against: string, how: SuiteService): void {
  let service: ServiceProcess;
  let tls: HttpTarget;
  const clients = new Map<TransportKind, PaymentClient>();
  const client = (transport: TransportKind): PaymentClient =>
    clients.get(transport) as PaymentClient;

  beforeAll(async () => {
    // Every log line, debug ones too, so the grep for card data below reads them all.
    service = await how.start(['--log-level', 'debug']);
    tls = { host: '127.0.0.1', port: service.tlsPort, pin: service.fingerprint };
    for (const transport of TRANSPORTS) clients.set(transport, laneClient(service, transport));
  });

  afterAll(async () => {
    for (const c of clients.values()) await c.close();
    await how.stop(service);
  });

  /** Opens a session on a transport; the page address it answers. */
  async function openSession(transport: TransportKind): Promise<string> {
    const result = await client(transport).run('ticket_session', { allowed_origin: ORIGIN });
    if (result.outcome !== 'approved') throw new Error(`ticket_session: ${result.outcome}`);
    const page = result.response.get('page') ?? '';
    expect(page).toMatch(/^\/cardentry\?session=[A-Za-z0-9_-]{43}$/);
    expect(Number(result.response.get('expires_ts'))).toBeGreaterThan(Date.now() / 1000);
    return page;
  }

  /** Posts a card as the page's script does, from the page's own origin. */
  function postCard(session: string, card: Record<string, string> = {}) {
    return call(tls, {
      method: 'POST',
      path: '/cardentry/ticket',
      headers: { origin: `https://127.0.0.1:${service.tlsPort}` },
      body: { session, account: PAN, expdate: '1230', cv: CV, zip: '32606', ...card },
    });
  }

  describe.each(TRANSPORTS)(`hosted card entry over %s against ${against}`, (transport) => {
    it('opens a session, serves its page, and takes the ticket in one sale', async () => {
      const page = await openSession(transport);
      const served = await call(tls, { method: 'GET', path: page });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toMatch(/^text\/html/);
      const csp = served.headers['content-security-policy'] ?? '';
      expect(csp).toContain(`frame-ancestors ${ORIGIN}`);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(served.text).toContain(`data-origin="${ORIGIN}"`);
      const session = new URLSearchParams(page.split('?')[1]).get('session') ?? '';
      const posted = await postCard(session);
      expect(posted.status).toBe(200);
      const answer = posted.json();
      expect(answer).toMatchObject({ code: 'AUTH', account: 'XXXXXXXXXXXX5454', cardtype: 'MC' });
      const cardshieldticket = String(answer.ticket);

      const pay = client(transport);
      const sale = await pay.sale({
        account_data: { cardshieldticket },
        money: { amount: '9.00' },
      });
      expect(sale.outcome).toBe('approved');
      if (sale.outcome === 'approved') {
        expect(sale.response.get('account')).toBe('XXXXXXXXXXXX5454');
        expect(sale.response.get('cv')).toBe('GOOD');
      }
      const again = await pay.sale({
        account_data: { cardshieldticket },
        money: { amount: '9.00' },
      });
      expect(again.outcome).toBe('declined_service');
      if (again.outcome === 'declined_service') {
        expect(again.response.get('verbiage')).toBe('cardshieldticket: already used');
      }
      expect((await call(tls, { method: 'GET', path: page })).status).toBe(410);
    });
  });

  describe(`the card-entry page of ${against}`, () => {
    it('opens for parameters signed with the profile API key, each nonce once', async () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(12).toString('base64url');
      const text = signedText(service.apiKey.id, timestamp, nonce, ORIGIN);
      const query = new URLSearchParams({
        key_id: service.apiKey.id,
        timestamp,
        nonce,
        origin: ORIGIN,
        hmac: signPageParams(pageSigningKey(service.apiKey.secret), text),
      });
      const page = await call(tls, { method: 'GET', path: `/cardentry?${query}` });
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${ORIGIN}`);
      expect((await call(tls, { method: 'GET', path: `/cardentry?${query}` })).status).toBe(403);
      query.set('nonce', randomBytes(12).toString('base64url'));
      const forged = await call(tls, { method: 'GET', path: `/cardentry?${query}` });
      expect(forged.status).toBe(403);
      expect(forged.text).toContain('hmac: does not sign these parameters');
      const keyDigest = createHash('sha256').update(service.apiKey.secret).digest();
      query.set('nonce', randomBytes(12).toString('base64url'));
      const { timestamp: ts = '', nonce: again = '' } = Object.fromEntries(query);
      query.set(
        'hmac',
        signPageParams(keyDigest, signedText(service.apiKey.id, ts, again, ORIGIN)),
      );
      const digestSigned = await call(tls, { method: 'GET', path: `/cardentry?${query}` });
      expect(digestSigned.status, 'signed as earlier versions did').toBe(403);
    });

    it('is served on the TLS port only, and takes cards only from its own origin', async () => {
      const page = await openSession('v2');
      const plain = await call(
        { host: '127.0.0.1', port: service.plainPort },
        { method: 'GET', path: page },
      );
      expect(plain.status).toBe(404);
      const session = new URLSearchParams(page.split('?')[1]).get('session') ?? '';
      const foreign = await call(tls, {
        method: 'POST',
        path: '/cardentry/ticket',
        headers: { origin: 'https://evil.example' },
        body: { session, account: PAN, expdate: '1230', cv: CV },
      });
      expect(foreign.status).toBe(403);
      expect((await postCard(session)).status).toBe(200);
    });

    it('leaves no card number or security code in the data directory, the database or the logs', () => {
      const files = restingFiles(how.restingDirs(service));
      expect(files.length).toBeGreaterThan(0);
      for (const { path: file, bytes } of files) {
        expect(bytes.includes(Buffer.from(PAN)), file).toBe(false);
        expect(bytes.includes(Buffer.from(`"cv":"${CV}"`)), file).toBe(false);
      }
      expect(service.output(), 'the logs read include debug lines').toContain('operation answered');
      expect(service.output()).not.toContain(PAN);
      expect(service.output()).not.toMatch(new RegExp(`"cv":"${CV}"|cv=${CV}`));
    });
  });
}
