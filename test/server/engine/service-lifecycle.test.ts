import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture, keyedSale, until } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture({ concurrency: 1 });
});
afterEach(() => fx.close());

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('TransactionService lifecycle', () => {
  it('close() answers new work SYS_UNAVAILABLE and waits for work in flight to commit', async () => {
    fx.pace.holding = true;
    const inFlight = fx.run('sale', keyedSale('10.00'));
    await until(() => fx.pace.held === 1);
    let closed = false;
    const closing = fx.service.close().then(() => {
      closed = true;
    });
    expect(await fx.run('sale', keyedSale('1.00'))).toEqual({
      code: 'DENY',
      msoft_code: 'SYS_UNAVAILABLE',
      verbiage: 'service is shutting down; try again shortly',
    });
    await settle();
    expect(closed).toBe(false);
    fx.pace.releaseAll();
    const answer = await inFlight;
    await closing;
    expect(answer.code).toBe('AUTH');
    expect(fx.db.prepare('SELECT count(*) AS n FROM transactions').get()).toEqual({ n: 1 });
  });

  it('orders waiting transactions by priority and times out one that waits past its timeout', async () => {
    fx.pace.holding = true;
    const first = fx.run('sale', keyedSale('1.00'));
    await until(() => fx.pace.held === 1);
    const low = fx.run('sale', keyedSale('2.00', { priority: 'low' }));
    await until(() => fx.queue.waiting === 1);
    const high = fx.run('sale', keyedSale('3.00', { priority: 'high' }));
    await until(() => fx.queue.waiting === 2);
    const normal = fx.run('sale', keyedSale('4.00'));
    await until(() => fx.queue.waiting === 3);
    fx.pace.releaseAll();
    await Promise.all([first, low, high, normal]);
    const amounts = fx.pace.seen.map((m) => m.request.amount);
    expect(amounts).toEqual([100, 300, 400, 200]);
  });

  it('answers TIMEOUT (SYS_TIMEOUT) without going online when the queue wait passes timeout', async () => {
    fx.pace.holding = true;
    const first = fx.run('sale', keyedSale('1.00'));
    await until(() => fx.pace.held === 1);
    const waiting = fx.run('sale', keyedSale('2.00', { timeout: '0', order_id: 'Q-1' }));
    const answer = await waiting;
    expect(answer).toMatchObject({ code: 'TIMEOUT', msoft_code: 'SYS_TIMEOUT' });
    expect(answer.phard_code).toBeUndefined();
    expect(answer.stan).toBeUndefined();
    fx.pace.releaseAll();
    await first;
    expect(fx.pace.seen).toHaveLength(1);
    const detail = await fx.run('trandetail', { order_id: 'Q-1' });
    expect(detail).toMatchObject({ orig_code: 'TIMEOUT', txnstatus: 'DECLINED', tranflags: '' });
  });

  it('passes the delay of a trigger amount to the processor’s pace', async () => {
    await fx.run('sale', keyedSale('8.03'));
    expect(fx.pace.seen.map((m) => m.delayMs)).toEqual([3000]);
  });

  it('resumes ttid, batch item and stan numbering after a restart on the same database', async () => {
    const before = await fx.run('sale', keyedSale('1.00'));
    await fx.service.close();
    const service = fx.open();
    const after = await service.execute('sale', keyedSale('2.00'), fx.caller());
    expect(after.kind === 'response' && after.pairs).toMatchObject({
      ttid: String(Number(before.ttid) + 1),
      batch: '1',
      item: '2',
      stan: '000002',
    });
    await service.close();
  });

  it('refuses financial work for a profile whose processor this service does not have', async () => {
    fx.db.prepare("UPDATE profiles SET processor = 'elavon' WHERE id = ?").run(fx.profileId);
    expect(await fx.run('sale', keyedSale('1.00'))).toEqual({
      code: 'DENY',
      msoft_code: 'SYS_SETUP',
      verbiage: "profile_id: the profile's processor elavon is not available on this server",
    });
    expect((await fx.run('settle', {})).msoft_code).toBe('SYS_SETUP');
    expect((await fx.report('report_unsettled')).rows).toEqual([]);
  });
});
