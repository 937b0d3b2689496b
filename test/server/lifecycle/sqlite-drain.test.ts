import Database from 'better-sqlite3';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer | undefined;
afterEach(async () => {
  await service?.stop();
  service = undefined;
});

const SALE = { action_trans: 'sale', account: '4111111111111111', expdate: '1230', zip: '32606' };

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

describe('a drain on SQLite, one instance', () => {
  it('answers the sale in flight, closes idle connections at once, refuses new ones, and stores the sale', async () => {
    service = await startTestServer({ opsPort: 0 });
    const port = service.server.plainAddress?.port ?? 0;
    const key = { auth_apikey_id: service.apiKey.id, auth_apikey_secret: service.apiKey.secret };
    const idle = await KvTestClient.connect({ host: '127.0.0.1', port });
    idle.send('1', { ...SALE, ...key, amount: '1.11' });
    expect(await idle.pairs('1')).toMatchObject({ code: 'AUTH' });
    const busy = await KvTestClient.connect({ host: '127.0.0.1', port });
    // 8.02: the simulated processor waits 2 s before it answers (docs/test-cards.md).
    busy.send('2', { ...SALE, ...key, amount: '8.02', order_id: 'drained-1' });
    const ops = service.server.opsAddress;
    const inFlight = async () => {
      const text = (
        await call({ host: '127.0.0.1', port: ops?.port ?? 0 }, { method: 'GET', path: '/metrics' })
      ).text;
      return /^laneterm_transactions_in_flight 1$/m.test(text);
    };
    while (!(await inFlight())) await new Promise((resolve) => setTimeout(resolve, 20));
    const drained = service.server.drain(60_000);
    await idle.closed;
    expect(await refused(port)).toBe(true);
    const answer = await busy.pairs('2');
    expect(answer).toMatchObject({ code: 'AUTH' });
    await busy.closed;
    await drained;
    const db = new Database(join(service.dir, 'service.db'), { readonly: true });
    const rows = db
      .prepare(
        `SELECT t.ttid FROM orders o JOIN transactions t ON t.order_ref = o.id WHERE o.order_id = ?`,
      )
      .all('drained-1') as { ttid: number }[];
    db.close();
    expect(rows.map((row) => String(row.ttid))).toEqual([answer.ttid]);
  });
});
