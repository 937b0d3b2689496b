import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

const PANS = ['4111111111111111', '5454545454545454', '371449635398431'];

/** Every byte the service wrote to its data directory (database, WAL, key file). */
function everythingOnDisk(): string {
  return readdirSync(fx.dir)
    .map((name) => readFileSync(join(fx.dir, name)).toString('latin1'))
    .join('\n');
}

describe('card data at rest', () => {
  it('never writes an account number, track or CV in the clear; only masked account and last four', async () => {
    await fx.run('sale', keyedSale('10.00', { tokenize: 'yes' }));
    await fx.run('preauth', {
      trackdata: '%B5454545454545454^TEST CARD/MC^3012101000000000?',
      amount: '5.00',
    });
    await fx.run('refund', { account: '371449635398431', expdate: '1230', amount: '3.00' });
    const disk = everythingOnDisk();
    for (const pan of PANS) expect(disk).not.toContain(pan);
    expect(disk).not.toContain('TEST CARD/MC^30121');
    expect(disk).toContain('XXXXXXXXXXXX1111');
    const rows = fx.db
      .prepare(
        'SELECT last4, account_masked, card_sealed IS NOT NULL AS held FROM transactions ORDER BY ttid',
      )
      .all();
    expect(rows).toEqual([
      { last4: '1111', account_masked: 'XXXXXXXXXXXX1111', held: 1 },
      { last4: '5454', account_masked: 'XXXXXXXXXXXX5454', held: 1 },
      { last4: '8431', account_masked: 'XXXXXXXXXXX8431', held: 0 },
    ]);
  });

  it('masks card numbers typed into comments, descriptors and custom parameters', async () => {
    const sale = await fx.run(
      'sale',
      keyedSale('10.00', {
        comments: 'customer read out 5454 5454 5454 5454',
        descloc: 'lane 4',
        note_4111111111111111: 'card 371449635398431 on file',
      }),
    );
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({
      comments: 'customer read out XXXX XXXX XXXX 5454',
      descloc: 'lane 4',
      note_XXXXXXXXXXXX1111: 'card XXXXXXXXXXX8431 on file',
    });
    const disk = everythingOnDisk();
    for (const pan of [...PANS, '5454 5454 5454 5454']) expect(disk).not.toContain(pan);
  });

  it('clears the card data of an authorization left open past the retention period', async () => {
    const preauth = await fx.run('preauth', keyedSale('20.00'));
    fx.clock.advance(29 * 86_400);
    await fx.service.runHousekeeping();
    expect((await fx.run('trandetail', { ttid: preauth.ttid ?? '' })).tranflags).toContain(
      'SENSITIVEDATA',
    );
    fx.clock.advance(2 * 86_400);
    await fx.service.runHousekeeping();
    const detail = await fx.run('trandetail', { ttid: preauth.ttid ?? '' });
    expect(detail.tranflags).toBe('ONLINE');
    expect(detail.txnstatus).toBe('APPROVED');
    expect((await fx.run('preauthcomplete', { ttid: preauth.ttid ?? '' })).code).toBe('AUTH');
  });
});
