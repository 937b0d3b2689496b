import { describe, expect, it } from 'vitest';
import {
  PING_REPLY_BODY,
  decodePairs,
  encodePairs,
  type KvFrame,
} from '../../../protocol/index.ts';
import { PaymentClient } from '../../../main/payment/payment-client.ts';
import type { PaymentClientConfig } from '../../../main/payment/client-config.ts';
import {
  startScriptedKv,
  type KvPeerConnection,
  type ScriptedKv,
} from './helpers/scripted-peers.ts';
import { useClosables } from './helpers/test-lifecycle.ts';

const SALE = { account: '4111111111111111', expdate: '1230', amount: '5.00' };
const apiKey = { credential: { kind: 'apikey', id: 'P1', secret: 'sec' } } as const;

const track = useClosables();

function pairsOf(frame: KvFrame): Record<string, string> {
  return Object.fromEntries(decodePairs(frame.body));
}

function approval(frame: KvFrame, ttid: string): string {
  return encodePairs({
    code: 'AUTH',
    msoft_code: 'INT_SUCCESS',
    ttid,
    order_id: pairsOf(frame).order_id ?? '',
  });
}

/** A peer that answers PING and hands every other frame to `script`. */
async function peer(
  script: (frame: KvFrame, connection: KvPeerConnection) => void,
): Promise<ScriptedKv> {
  const started = await startScriptedKv((frame, connection) => {
    if (frame.body.toString() === 'PING') connection.reply(frame.id, PING_REPLY_BODY);
    else script(frame, connection);
  });
  return track(started);
}

function client(port: number, config: Partial<PaymentClientConfig> = {}): PaymentClient {
  const made = new PaymentClient({
    url: `kv://127.0.0.1:${port}`,
    auth: apiKey,
    retryBackoffMs: 20,
    ...config,
  });
  return track(made);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('key/value transport against a scripted peer', () => {
  it('PINGs after connecting, then sends action_trans, API key pairs and parameters', async () => {
    const kv = await peer((frame, connection) => connection.reply(frame.id, approval(frame, '1')));
    const result = await client(kv.port, { newOrderId: () => 'o-1' }).sale({ ...SALE, zip: '' });
    expect(result).toMatchObject({ outcome: 'approved', orderId: 'o-1', httpStatus: undefined });
    const [ping, sale] = kv.connections[0]?.frames ?? [];
    expect(ping?.body.toString()).toBe('PING');
    expect(sale?.id).not.toBe(ping?.id);
    expect(pairsOf(sale as KvFrame)).toEqual({
      action_trans: 'sale',
      auth_apikey_id: 'P1',
      auth_apikey_secret: 'sec',
      ...SALE,
      zip: '',
      order_id: 'o-1',
    });
  });

  it('pipelines requests on one connection and matches answers given in reverse order', async () => {
    const held: KvFrame[] = [];
    const kv = await peer((frame, connection) => {
      held.push(frame);
      if (held.length < 3) return;
      for (const [i, waiting] of [...held].reverse().entries())
        connection.reply(waiting.id, approval(waiting, `t${i}`));
    });
    let n = 0;
    const pay = client(kv.port, { newOrderId: () => `o-${(n += 1)}` });
    const results = await Promise.all([pay.sale(SALE), pay.sale(SALE), pay.sale(SALE)]);
    for (const result of results) {
      if (result.outcome === 'unknown') throw new Error('expected answers');
      expect(result.response.orderId).toBe(result.orderId);
    }
    expect(kv.connections).toHaveLength(1);
  });

  it('discards an answer under an identifier it did not send', async () => {
    const kv = await peer((frame, connection) => {
      connection.reply('999', encodePairs({ code: 'DENY', msoft_code: 'INT_SUCCESS' }));
      connection.reply(frame.id, approval(frame, '5'));
    });
    expect((await client(kv.port).sale(SALE)).outcome).toBe('approved');
  });

  it('answers unknown when the connection drops with the request in flight, then reconnects and PINGs', async () => {
    let calls = 0;
    const kv = await peer((frame, connection) => {
      calls += 1;
      if (calls === 1) connection.socket.destroy();
      else connection.reply(frame.id, approval(frame, '2'));
    });
    const pay = client(kv.port);
    expect(await pay.sale(SALE)).toMatchObject({ outcome: 'unknown', reason: 'connection_lost' });
    expect((await pay.sale(SALE)).outcome).toBe('approved');
    expect(kv.connections).toHaveLength(2);
    expect(kv.connections[1]?.frames[0]?.body.toString()).toBe('PING');
  });

  it('answers unknown at the deadline and keeps the connection for later requests', async () => {
    const kv = await peer((frame, connection) => {
      if (pairsOf(frame).amount === '8.05') return;
      connection.reply(frame.id, approval(frame, '3'));
    });
    const pay = client(kv.port);
    const late = await pay.sale({ ...SALE, amount: '8.05' }, { answerMs: 80 });
    expect(late).toMatchObject({ outcome: 'unknown', reason: 'deadline' });
    expect((await pay.sale(SALE)).outcome).toBe('approved');
    expect(kv.connections).toHaveLength(1);
  });

  it('closes an idle connection itself', async () => {
    const kv = await peer((frame, connection) => connection.reply(frame.id, approval(frame, '4')));
    await client(kv.port, { kv: { idleCloseMs: 100 } }).sale(SALE);
    const socket = kv.connections[0]?.socket;
    const ended = new Promise((resolve) => socket?.once('end', resolve));
    await expect(
      Promise.race([ended.then(() => 'ended'), wait(2000).then(() => 'open')]),
    ).resolves.toBe('ended');
  });

  it('reports a connection that never answers its PING as not sent, after its retries', async () => {
    const kv = track(await startScriptedKv(() => undefined));
    const pay = client(kv.port, { retries: 1, kv: { pingTimeoutMs: 100 } });
    await expect(pay.sale(SALE)).rejects.toMatchObject({
      code: 'not_sent',
      reason: 'ping',
      attempts: 2,
    });
    for (const connection of kv.connections) {
      expect(connection.frames.map((frame) => frame.body.toString())).toEqual(['PING']);
    }
  });

  it('answers unknown when the peer sends bytes that are not frames', async () => {
    const kv = await peer((_frame, connection) => connection.socket.write('garbage'));
    expect(await client(kv.port).sale(SALE)).toMatchObject({
      outcome: 'unknown',
      reason: 'connection_lost',
    });
  });

  it('reads a CSV report into rows by its header', async () => {
    const kv = await peer((frame, connection) =>
      connection.reply(frame.id, 'ttid,amount\n1,6.01\n2,"7,00"\n'),
    );
    const report = await client(kv.port).failedReport({ bdate: '-1 day' });
    expect(report).toMatchObject({
      outcome: 'report',
      format: 'csv',
      columns: ['ttid', 'amount'],
      rows: [
        { ttid: '1', amount: '6.01' },
        { ttid: '2', amount: '7,00' },
      ],
    });
    const request = pairsOf(kv.connections[0]?.frames[1] as KvFrame);
    expect(request).toMatchObject({ action_trans: 'admin', admin: 'GFT', bdate: '-1 day' });
  });

  it('speaks v1 with action and username/password when asked', async () => {
    const kv = await peer((frame, connection) => connection.reply(frame.id, approval(frame, '6')));
    const auth = {
      credential: { kind: 'password', username: 'shop:lane1', password: 'pw' },
    } as const;
    await client(kv.port, { kvVersion: 'v1', auth }).capture('12');
    expect(pairsOf(kv.connections[0]?.frames[1] as KvFrame)).toEqual({
      action: 'capture',
      username: 'shop:lane1',
      password: 'pw',
      ttid: '12',
    });
  });
});
