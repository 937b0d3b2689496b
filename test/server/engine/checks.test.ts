import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

/** A check on JPMorgan Chase's routing number (checksum 30); the account decides its fate. */
function check(account: string, amount = '25.00', extra: Record<string, string> = {}) {
  return { abaroute: '021000021', account, checknum: '1001', amount, ...extra };
}

/** The check_entries row of a transaction, as stored. */
function entryRow(ttid: string): Record<string, unknown> | undefined {
  return fx.db.prepare('SELECT * FROM check_entries WHERE ttid = ?').get(Number(ttid)) as
    Record<string, unknown> | undefined;
}

async function settle(): Promise<void> {
  expect((await fx.run('settle', {})).code).toBe('AUTH');
}

describe('check sale', () => {
  it('approves and captures, masking the account and echoing the check in the detail', async () => {
    const sale = await fx.run('sale', check('1234567890', '25.00', { accounttype: 'savings' }));
    expect(sale).toMatchObject({
      code: 'AUTH',
      phard_code: 'SUCCESS',
      account: 'XXXXXX7890',
      cardtype: 'ACH',
      batch: '1',
      rcpt_entry_mode: 'M',
    });
    expect(sale.avs).toBeUndefined();
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({
      abaroute: '021000021',
      checknum: '1001',
      accounttype: 'savings',
      account: 'XXXXXX7890',
      txnstatus: 'APPROVED',
    });
    expect(JSON.stringify(detail)).not.toContain('1234567890');
    expect(entryRow(sale.ttid ?? '')).toMatchObject({ accounttype: 'PERSONAL|SAVINGS' });
    expect(readFileSync(fx.path).includes(Buffer.from('1234567890'))).toBe(false);
  });

  it.each([
    [{ abaroute: '123456780' }, 'UNKNOWN ROUTING NUMBER'],
    [{ account: '5000000005' }, 'CHECK DECLINED'],
    [{ amount: '6.01' }, 'DECLINE'],
  ])('declines by the test routing numbers, accounts and amounts: %o', async (change, verbiage) => {
    const pairs = await fx.run('sale', { ...check('1234567890'), ...change });
    expect(pairs).toMatchObject({ code: 'DENY', msoft_code: 'INT_SUCCESS', verbiage });
    expect(entryRow(pairs.ttid ?? '')).toBeUndefined();
  });

  it.each([
    [{ abaroute: '021000022' }, 'abaroute: fails the routing number checksum'],
    [{ accounttype: 'checking|savings' }, 'accounttype: may name one of'],
    [{ accounttype: 'money' }, 'accounttype: members must be'],
    [{ checknum: '10a' }, 'checknum: must be 1–15 digits'],
  ])('refuses bad check data naming the field: %o', async (change, verbiage) => {
    const pairs = await fx.run('sale', { ...check('1234567890'), ...change });
    expect(pairs.msoft_code).toBe('DATA_INVALIDFIELD');
    expect(pairs.verbiage).toContain(verbiage);
  });

  it('refuses holds on a check: preauth and capture=no', async () => {
    for (const [op, extra] of [
      ['preauth', {}],
      ['sale', { capture: 'no' }],
    ] as const) {
      const pairs = await fx.run(op, check('1234567890', '5.00', extra));
      expect(pairs).toMatchObject({
        msoft_code: 'DATA_BADTRANS',
        verbiage: 'abaroute: holds on checks not offered by this server',
      });
    }
  });
});

describe('check void and refund', () => {
  it('voids before settlement and drops the sealed account in the same commit', async () => {
    const sale = await fx.run('sale', check('1234567890'));
    expect(entryRow(sale.ttid ?? '')?.account_sealed).toBeInstanceOf(Buffer);
    expect((await fx.run('void', { ttid: sale.ttid ?? '' })).code).toBe('AUTH');
    expect(entryRow(sale.ttid ?? '')?.account_sealed).toBeNull();
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail.txnstatus).toBe('APPROVED|VOIDED');
  });

  it('refunds a settled check as a credit, and refuses a whole refund before settlement', async () => {
    const sale = await fx.run('sale', check('1234567890', '30.00'));
    const early = await fx.run('refund', { ttid: sale.ttid ?? '' });
    expect(early.msoft_code).toBe('DATA_INVALIDMOD');
    await settle();
    const refund = await fx.run('refund', { ttid: sale.ttid ?? '', amount: '10.00' });
    expect(refund).toMatchObject({ code: 'AUTH', account: 'XXXXXX7890', cardtype: 'ACH' });
    const detail = await fx.run('trandetail', { ttid: refund.ttid ?? '' });
    expect(detail).toMatchObject({ action: 'refund', amount: '10.00' });
  });

  it('credits a bank account entered in a refund', async () => {
    const refund = await fx.run('refund', check('1234567890', '7.00'));
    expect(refund).toMatchObject({ code: 'AUTH', cardtype: 'ACH', batch: '1' });
    const settled = await fx.run('settle', {});
    expect(settled).toMatchObject({ refund_count: '1', refund_amount: '7.00' });
  });
});

describe('check returns', () => {
  it('a settled check on a return account comes back once, after its return time', async () => {
    const sale = await fx.run('sale', check('2000000001', '40.00'));
    const good = await fx.run('sale', check('1234567890', '41.00'));
    await settle();
    expect(await fx.service.fetchCheckReturns()).toBe(0);
    fx.clock.advance(60);
    expect(await fx.service.fetchCheckReturns()).toBe(1);
    expect(await fx.service.fetchCheckReturns()).toBe(0);
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({
      txnstatus: 'APPROVED|RETURNED|COMPLETE',
      return_code: 'R01',
      return_reason: 'INSUFFICIENT FUNDS',
    });
    expect(detail.return_ts).toMatch(/^\d+$/);
    const standing = await fx.run('trandetail', { ttid: good.ttid ?? '' });
    expect(standing.return_code).toBeUndefined();
    for (const ttid of [sale.ttid, good.ttid]) {
      expect(entryRow(ttid ?? '')?.account_sealed).toBeNull();
    }
    const report = await fx.report('report_settled');
    const row = report.rows.find((r) => r.ttid === sale.ttid);
    expect(row).toMatchObject({ return_code: 'R01', txnstatus: 'APPROVED|RETURNED|COMPLETE' });
    expect(report.rows.find((r) => r.ttid === good.ttid)?.return_code).toBe('');
    const refund = await fx.run('refund', { ttid: sale.ttid ?? '' });
    expect(refund.msoft_code).toBe('DATA_INVALIDMOD');
  });

  it.each([
    ['2000000002', 'R02', 'ACCOUNT CLOSED'],
    ['2000000003', 'R03', 'NO ACCOUNT/UNABLE TO LOCATE ACCOUNT'],
  ])('account %s comes back %s', async (account, code, reason) => {
    const sale = await fx.run('sale', check(account));
    await settle();
    fx.clock.advance(60);
    await fx.service.fetchCheckReturns();
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({ return_code: code, return_reason: reason });
  });

  it('loses no return across a restart: a return due while the service was down arrives', async () => {
    const sale = await fx.run('sale', check('2000000002'));
    await settle();
    await fx.service.close();
    fx.clock.advance(3600);
    const reopened = fx.open();
    expect(await reopened.fetchCheckReturns()).toBe(1);
    const detail = await reopened.execute('trandetail', { ttid: sale.ttid ?? '' }, fx.caller());
    expect(detail.kind === 'response' && detail.pairs.return_code).toBe('R02');
    await reopened.close();
  });

  it('an unsettled check is never returned', async () => {
    await fx.run('sale', check('2000000001'));
    fx.clock.advance(3600);
    expect(await fx.service.fetchCheckReturns()).toBe(0);
  });
});
