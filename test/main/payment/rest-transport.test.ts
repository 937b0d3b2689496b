import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PaymentNotSentError, PaymentRequestError } from '../../../main/payment/errors.ts';
import { PaymentClient } from '../../../main/payment/payment-client.ts';
import type { PaymentClientConfig } from '../../../main/payment/client-config.ts';
import {
  answerJson,
  startScriptedHttp,
  testCertificate,
  type ScriptedHttp,
  type SeenRequest,
} from './helpers/scripted-peers.ts';
import { useClosables } from './helpers/test-lifecycle.ts';

const APPROVAL = {
  code: 'AUTH',
  msoft_code: 'INT_SUCCESS',
  phard_code: 'SUCCESS',
  verbiage: 'APPROVED',
  ttid: '1',
};
const NO_ORDER = {
  code: 'DENY',
  msoft_code: 'DATA_RECORDNOTFOUND',
  verbiage: 'order_id: no such order',
};
const SALE = {
  account_data: { account: '4111111111111111', expdate: '1230' },
  money: { amount: 500 },
};
const apiKey = { credential: { kind: 'apikey', id: 'P1', secret: 'sec' } } as const;

const track = useClosables();

async function peer(
  tls: boolean,
  script: Parameters<typeof startScriptedHttp>[1],
): Promise<ScriptedHttp> {
  const started = await startScriptedHttp(tls, script);
  return track(started);
}

function client(
  config: Omit<PaymentClientConfig, 'auth'> & Partial<Pick<PaymentClientConfig, 'auth'>>,
) {
  const made = new PaymentClient({ auth: apiKey, retryBackoffMs: 20, ...config });
  return track(made);
}

const approve = (_request: SeenRequest, response: Parameters<typeof answerJson>[0]) =>
  answerJson(response, 200, APPROVAL);

describe('REST transport against a scripted HTTP peer', () => {
  it('posts a flat JSON body: empty values as empty, absent ones not at all, the order id added', async () => {
    const http = await peer(false, approve);
    const pay = client({ url: `http://127.0.0.1:${http.port}`, newOrderId: () => 'ord-1' });
    const result = await pay.sale({ ...SALE, verification: { zip: '', street: undefined } });
    expect(result).toMatchObject({ outcome: 'approved', orderId: 'ord-1', httpStatus: 200 });
    const [seen] = http.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api/v2/transaction/purchase');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      account: '4111111111111111',
      expdate: '1230',
      amount: '5.00',
      zip: '',
      order_id: 'ord-1',
    });
  });

  it('sends API keys on v2, and puts GET parameters in the path and the query string', async () => {
    const http = await peer(false, approve);
    await client({ url: `http://127.0.0.1:${http.port}/pts` }).transactionDetail('42', {
      rcpt: 'yes',
    });
    expect(http.seen[0]?.url).toBe('/pts/api/v2/transaction/42?rcpt=yes');
    expect(http.seen[0]?.headers['x-api-key-id']).toBe('P1');
    expect(http.seen[0]?.headers['x-api-key']).toBe('sec');
  });

  it('sends Basic on the first v1 request without waiting for a challenge', async () => {
    const http = await peer(false, (request, response) => {
      if (request.headers.authorization === undefined) {
        response
          .writeHead(401, { 'www-authenticate': 'Basic realm="Payment Server Resource"' })
          .end();
      } else answerJson(response, 200, APPROVAL);
    });
    const auth = {
      credential: { kind: 'password', username: 'shop:lane1', password: 'pw' },
    } as const;
    const result = await client({
      url: `http://127.0.0.1:${http.port}`,
      transport: 'v1',
      auth,
    }).void('7');
    expect(result.outcome).toBe('approved');
    expect(http.seen).toHaveLength(1);
    expect(http.seen[0]?.method).toBe('DELETE');
    expect(http.seen[0]?.url).toBe('/api/v1/transaction/7/void');
    const basic = Buffer.from(
      http.seen[0]?.headers.authorization?.slice(6) ?? '',
      'base64',
    ).toString();
    expect(basic).toBe('shop|lane1:pw');
  });

  it('sends nothing when validation refuses the request: no connection at all', async () => {
    const http = await peer(false, approve);
    const pay = client({ url: `http://127.0.0.1:${http.port}` });
    await expect(pay.sale({ ...SALE, money: { amount: '0.00' } })).rejects.toBeInstanceOf(
      PaymentRequestError,
    );
    await expect(pay.sale({ ...SALE, cv: '12345' })).rejects.toMatchObject({
      field: 'cv',
      rule: 'cv.format',
    });
    await expect(pay.resolve('not an order id')).rejects.toMatchObject({ field: 'order_id' });
    await expect(pay.run('report_failed')).rejects.toMatchObject({ rule: 'operation.report' });
    expect(http.connections()).toBe(0);
  });

  it('reads an answer without a result (HTML from a proxy) as unknown, never as declined', async () => {
    const http = await peer(false, (_request, response) =>
      response.writeHead(502).end('<html>Bad Gateway</html>'),
    );
    const result = await client({ url: `http://127.0.0.1:${http.port}` }).sale(SALE);
    expect(result).toMatchObject({
      outcome: 'unknown',
      reason: 'unreadable_answer',
      httpStatus: 502,
    });
  });

  it('answers unknown when the connection breaks after the request left, and never resends it', async () => {
    const http = await peer(false, (_request, _response, socket) => socket.destroy());
    const result = await client({
      url: `http://127.0.0.1:${http.port}`,
      newOrderId: () => 'ord-lost',
    }).sale(SALE);
    expect(result).toMatchObject({
      outcome: 'unknown',
      reason: 'connection_lost',
      orderId: 'ord-lost',
    });
    expect(http.seen).toHaveLength(1);
  });

  it('answers unknown at the deadline, catches the late answer and resolves the order by it', async () => {
    const http = await peer(false, (request, response) => {
      if (request.method === 'GET') answerJson(response, 404, NO_ORDER);
      else setTimeout(() => answerJson(response, 200, { ...APPROVAL, ttid: '77' }), 400);
    });
    const pay = client({ url: `http://127.0.0.1:${http.port}`, newOrderId: () => 'ord-late' });
    const result = await pay.sale(SALE, { answerMs: 100 });
    expect(result).toMatchObject({ outcome: 'unknown', reason: 'deadline', orderId: 'ord-late' });
    expect(await pay.resolve('ord-late')).toMatchObject({ status: 'unknown' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await pay.resolve('ord-late')).toMatchObject({ status: 'approved', ttid: '77' });
    expect(http.seen.filter((seen) => seen.method === 'POST')).toHaveLength(1);
  });

  it('retries a refused connection with backoff, then reports it not sent', async () => {
    const http = await peer(false, approve);
    const port = http.port;
    await http.close();
    const error = await client({ url: `http://127.0.0.1:${port}`, retries: 2 })
      .sale(SALE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentNotSentError);
    expect(error).toMatchObject({ reason: 'refused', attempts: 3, code: 'not_sent' });
  });
});

describe('REST transport TLS trust (scripted HTTPS peer)', () => {
  it('trusts the certificate by its pinned SHA-256 fingerprint, in any case and without colons', async () => {
    const https = await peer(true, approve);
    const pin = testCertificate().fingerprint256.replaceAll(':', '').toLowerCase();
    const result = await client({ url: `https://127.0.0.1:${https.port}`, tls: { pin } }).sale(
      SALE,
    );
    expect(result.outcome).toBe('approved');
  });

  it('trusts the certificate through a CA file', async () => {
    const https = await peer(true, approve);
    const caFile = join(mkdtempSync(join(tmpdir(), 'laneterm-pay-')), 'ca.pem');
    writeFileSync(caFile, testCertificate().cert);
    const result = await client({ url: `https://127.0.0.1:${https.port}`, tls: { caFile } }).sale(
      SALE,
    );
    expect(result.outcome).toBe('approved');
  });

  it('refuses a self-signed certificate by default, and a wrong pin, before sending anything', async () => {
    const https = await peer(true, approve);
    const url = `https://127.0.0.1:${https.port}`;
    await expect(client({ url }).sale(SALE)).rejects.toMatchObject({
      reason: 'certificate',
      attempts: 1,
    });
    const wrong = { pin: 'AB'.repeat(32) };
    await expect(client({ url, tls: wrong }).sale(SALE)).rejects.toMatchObject({
      reason: 'certificate',
      attempts: 1,
    });
    expect(https.seen).toHaveLength(0);
  });
});
