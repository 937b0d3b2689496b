import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

describe('reports', () => {
  it('list failed, unsettled and settled transactions under stable column names', async () => {
    const settled = await fx.run('sale', keyedSale('10.00'));
    await fx.run('settle', {});
    const unsettled = await fx.run('sale', keyedSale('20.00', { ordernum: 'N-2' }));
    const held = await fx.run('preauth', keyedSale('30.00'));
    const failed = await fx.run('sale', keyedSale('6.01'));

    const failedReport = await fx.report('report_failed');
    expect(failedReport.columns.slice(0, 4)).toEqual(['ttid', 'action', 'txnstatus', 'tranflags']);
    expect(failedReport.rows.map((r) => r.ttid)).toEqual([failed.ttid]);
    expect(failedReport.rows[0]).toMatchObject({
      code: 'DENY',
      phard_code: 'GENERICFAIL',
      amount: '6.01',
      batch: '',
    });

    const open = await fx.report('report_unsettled');
    expect(open.rows.map((r) => r.ttid)).toEqual([unsettled.ttid, held.ttid]);
    expect(open.rows[0]).toMatchObject({
      amount: '20.00',
      batch: '2',
      ordernum: 'N-2',
      account: 'XXXXXXXXXXXX1111',
    });
    expect(Object.keys(open.rows[0] ?? {})).toEqual(open.columns);

    const done = await fx.report('report_settled');
    expect(done.rows.map((r) => r.ttid)).toEqual([settled.ttid]);
    expect(done.rows[0]?.txnstatus).toBe('APPROVED|COMPLETE');
  });

  it('filter by batch, ttid, order_id and a date range in the merchant’s zone', async () => {
    const early = await fx.run('sale', keyedSale('1.00', { order_id: 'A' }));
    fx.clock.advance(2 * 86_400);
    const late = await fx.run('sale', keyedSale('2.00', { order_id: 'B' }));
    const ids = async (params: Record<string, string>): Promise<(string | undefined)[]> =>
      (await fx.report('report_unsettled', params)).rows.map((r) => r.ttid);
    expect(await ids({ ttid: late.ttid ?? '' })).toEqual([late.ttid]);
    expect(await ids({ order_id: 'A' })).toEqual([early.ttid]);
    expect(await ids({ batch: '1' })).toEqual([early.ttid, late.ttid]);
    expect(await ids({ bdate: '-1 day' })).toEqual([late.ttid]);
    expect(await ids({ edate: '2025-06-16' })).toEqual([early.ttid]);
    expect(await ids({ bdate: 'BOD' })).toEqual([late.ttid]);
  });

  it('answer a bad filter with a decline naming it', async () => {
    const answer = await fx.answer('report_unsettled', { bdate: 'yesterday-ish' });
    expect(answer.kind).toBe('response');
    if (answer.kind === 'response') expect(answer.pairs.verbiage).toMatch(/^bdate: /);
  });
});

describe('settlement', () => {
  it('settles the open batch, answering its totals, and opens the next batch on the next capture', async () => {
    await fx.run('sale', keyedSale('10.00'));
    await fx.run('sale', keyedSale('5.75'));
    const voided = await fx.run('sale', keyedSale('3.00'));
    await fx.run('void', { ttid: voided.ttid ?? '' });
    await fx.run('refund', { account: '5454545454545454', expdate: '1230', amount: '2.25' });
    const settle = await fx.run('settle', {});
    expect(settle).toEqual({
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      verbiage: 'BATCH SETTLED',
      batch: '1',
      trans_count: '3',
      sale_count: '2',
      sale_amount: '15.75',
      refund_count: '1',
      refund_amount: '2.25',
      net_amount: '13.50',
    });
    const next = await fx.run('sale', keyedSale('1.00'));
    expect([next.batch, next.item]).toEqual(['2', '1']);
  });

  it('answers not found without an open batch, and refuses a settled batch', async () => {
    expect(await fx.run('settle', {})).toMatchObject({
      msoft_code: 'DATA_RECORDNOTFOUND',
      verbiage: 'batch: no such open batch to settle',
    });
    await fx.run('sale', keyedSale('1.00'));
    await fx.run('settle', {});
    expect(await fx.run('settle', { batch: '1' })).toMatchObject({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'batch: already settled',
    });
    expect((await fx.run('settle', { batch: '7' })).msoft_code).toBe('DATA_RECORDNOTFOUND');
  });

  it('lists open batches with BatchNum and Sub for the settle loop of libmonetra', async () => {
    await fx.run('sale', keyedSale('10.00'));
    await fx.run('settle', {});
    await fx.run('sale', keyedSale('4.00'));
    const report = await fx.report('report_batches');
    expect(report.columns.slice(0, 2)).toEqual(['BatchNum', 'Sub']);
    expect(report.rows).toEqual([
      expect.objectContaining({
        BatchNum: '2',
        Sub: String(fx.profileId),
        Status: 'open',
        Count: '1',
        NetAmount: '4.00',
        SettledTs: '',
      }),
    ]);
    const settled = await fx.report('report_settled_batches');
    expect(settled.columns).toEqual(report.columns);
    expect(settled.rows).toEqual([
      expect.objectContaining({ BatchNum: '1', Status: 'settled', SaleAmount: '10.00' }),
    ]);
    for (const row of report.rows) {
      const done = await fx.run('settle', { batch: row.BatchNum ?? '', sub: row.Sub ?? '' });
      expect(done).toMatchObject({ code: 'AUTH', batch: '2' });
    }
    expect((await fx.report('report_batches')).rows).toEqual([]);
    const both = (await fx.report('report_settled_batches')).rows.map((r) => r.BatchNum);
    expect(both).toEqual(['2', '1']);
    expect((await fx.report('report_settled_batches', { batch: '1' })).rows).toHaveLength(1);
  });

  it('refuses a sub that does not name the profile of the batch, settling nothing', async () => {
    await fx.run('sale', keyedSale('10.00'));
    const other = String(fx.profileId + 1);
    expect(await fx.run('settle', { batch: '1', sub: other })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: `sub: names profile ${other}, not ${fx.profileId}, the profile this request settles`,
    });
    expect((await fx.report('report_batches')).rows.map((r) => r.Status)).toEqual(['open']);
    expect((await fx.run('settle', { sub: `0${fx.profileId}` })).code).toBe('AUTH');
  });

  it('writes a net below zero with a sign when refunds exceed sales', async () => {
    const sale = await fx.run('sale', keyedSale('10.00'));
    await fx.run('settle', {});
    await fx.run('refund', { ttid: sale.ttid ?? '', amount: '4.00' });
    await fx.run('sale', keyedSale('1.50'));
    expect((await fx.report('report_batches')).rows[0]).toMatchObject({
      SaleAmount: '1.50',
      RefundAmount: '4.00',
      NetAmount: '-2.50',
    });
    expect(await fx.run('settle', {})).toMatchObject({
      code: 'AUTH',
      sale_amount: '1.50',
      refund_amount: '4.00',
      net_amount: '-2.50',
    });
    expect((await fx.report('report_settled_batches')).rows[0]?.NetAmount).toBe('-2.50');
  });

  it('echoes keys the interface does not list on reports and settle, and keeps none', async () => {
    const sale = await fx.run('sale', keyedSale('10.00', { identifier: '1' }));
    const report = await fx.answer('report_unsettled', { identifier: '1', code: 'x' });
    expect(report).toMatchObject({ kind: 'report', echo: { identifier: '1' } });
    expect(report.kind === 'report' && report.rows.map((r) => r.ttid)).toEqual([sale.ttid]);
    const empty = await fx.answer('report_failed', { identifier: '4111111111111111' });
    expect(empty).toMatchObject({
      kind: 'report',
      rows: [],
      echo: { identifier: 'XXXXXXXXXXXX1111' },
    });
    const settle = await fx.run('settle', { identifier: '1', verbiage: 'x', rcpt_x: 'y' });
    expect(settle).toMatchObject({ code: 'AUTH', verbiage: 'BATCH SETTLED', identifier: '1' });
    expect(settle.rcpt_x).toBeUndefined();
    expect((await fx.run('trandetail', { ttid: sale.ttid ?? '' })).identifier).toBe('1');
  });

  it('settles automatically at the profile’s time in the merchant’s zone, once per day', async () => {
    const directory = fx.store.merchants;
    await directory.setAutoSettle(
      fx.profileId,
      '23:00',
      Math.floor(fx.clock.current.getTime() / 1000),
    );
    await fx.run('sale', keyedSale('10.00'));
    await fx.service.runHousekeeping();
    expect((await fx.report('report_batches')).rows[0]?.Status).toBe('open');
    fx.clock.current = new Date('2025-06-16T02:59:00Z');
    await fx.service.runHousekeeping();
    expect((await fx.report('report_batches')).rows[0]?.Status).toBe('open');
    fx.clock.current = new Date('2025-06-16T03:00:00Z');
    await fx.service.runHousekeeping();
    expect((await fx.report('report_batches')).rows).toEqual([]);
    expect((await fx.report('report_settled_batches')).rows[0]).toMatchObject({
      BatchNum: '1',
      Status: 'settled',
    });
    await fx.run('sale', keyedSale('2.00'));
    fx.clock.advance(3600);
    await fx.service.runHousekeeping();
    expect((await fx.report('report_batches')).rows[0]).toMatchObject({
      BatchNum: '2',
      Status: 'open',
    });
    fx.clock.current = new Date('2025-06-17T05:00:00Z');
    await fx.service.runHousekeeping();
    expect((await fx.report('report_settled_batches')).rows[0]).toMatchObject({
      BatchNum: '2',
      Status: 'settled',
    });
  });
});
