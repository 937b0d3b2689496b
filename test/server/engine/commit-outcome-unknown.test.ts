// A new transaction whose outcome's commit met a database server lost during COMMIT
// (CommitOutcomeUnknown, as the PostgreSQL session reports it; test/server/store/pg-commit-lost
// shows that on a real server). A SQLite file never gives that fault, so here the fixture's store
// is made to report it once: after committing (the commit landed, its answer was lost) or without
// committing (the commit never landed); or, once the operation's commit landed, the store is lost
// while what it read is made durable.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommitOutcomeUnknown } from '../../../server/store/commit-outcome-unknown.ts';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

/** The next store transaction reports a server lost during its COMMIT, having `landed` or not. */
function loseNextCommit(landed: boolean): void {
  const store = fx.store;
  const transaction = store.transaction.bind(store);
  store.transaction = async (work) => {
    store.transaction = transaction;
    if (landed) await transaction(work);
    throw new CommitOutcomeUnknown(new Error('Connection terminated unexpectedly'));
  };
}

describe('a new transaction whose commit outcome is unknown', () => {
  it('is not answered, and keeps the outcome that landed: no settling, no second record', async () => {
    loseNextCommit(true);
    await expect(fx.run('sale', keyedSale('12.00', { order_id: 'CL-1' }))).rejects.toBeInstanceOf(
      CommitOutcomeUnknown,
    );
    const found = await fx.run('trandetail', { order_id: 'CL-1' });
    expect(found).toMatchObject({ orig_code: 'AUTH', txnstatus: 'APPROVED', order_id: 'CL-1' });
    expect(found.trans?.split('|')).toHaveLength(1);
    expect(await fx.store.inFlight.findByOrder(fx.merchantId, 'CL-1')).toEqual([]);
  });

  it('is not answered, and settles as not completed a record a read still finds in flight', async () => {
    loseNextCommit(false);
    await expect(fx.run('sale', keyedSale('12.00', { order_id: 'CL-2' }))).rejects.toBeInstanceOf(
      CommitOutcomeUnknown,
    );
    const found = await fx.run('trandetail', { order_id: 'CL-2' });
    expect(found).toMatchObject({ orig_msoft_code: 'SYS_FAILURE', order_id: 'CL-2' });
    expect(found.txnstatus).not.toBe('APPROVED');
    expect(await fx.store.inFlight.findByOrder(fx.merchantId, 'CL-2')).toEqual([]);
  });

  it('settles a record without an order id that a read by its id still finds in flight', async () => {
    loseNextCommit(false);
    await expect(fx.run('sale', keyedSale('13.00'))).rejects.toBeInstanceOf(CommitOutcomeUnknown);
    expect(await fx.store.inFlight.orphans()).toEqual([]);
    const declined = await fx.store.transactions.list({
      profileId: fx.profileId,
      states: ['declined'],
    });
    expect(declined.map((txn) => txn.msoftCode)).toEqual(['SYS_FAILURE']);
    expect(fx.pace.seen.map((seen) => seen.request.kind)).toEqual(['authorize', 'reverse']);
  });

  it('keeps the outcome that landed without an order id: nothing is reversed', async () => {
    loseNextCommit(true);
    await expect(fx.run('sale', keyedSale('14.00'))).rejects.toBeInstanceOf(CommitOutcomeUnknown);
    expect(await fx.store.inFlight.orphans()).toEqual([]);
    const standing = await fx.store.transactions.list({
      profileId: fx.profileId,
      states: ['authorized', 'captured', 'declined'],
    });
    expect(standing.map((txn) => [txn.state, txn.code])).toEqual([['captured', 'AUTH']]);
    expect(fx.pace.seen.map((seen) => seen.request.kind)).toEqual(['authorize']);
  });
});

describe('an operation whose reads cannot be made durable', () => {
  it('a reversal whose commit landed is not answered once the store is lost while its reads settle, and stays applied', async () => {
    const sale = await fx.run('sale', keyedSale('15.00', { order_id: 'CL-3' }));
    const settled = fx.store.settled.bind(fx.store);
    fx.store.settled = () => {
      fx.store.settled = settled;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    };
    await expect(fx.run('reversal', { ttid: sale.ttid ?? '' })).rejects.toBeInstanceOf(
      CommitOutcomeUnknown,
    );
    const found = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(found.txnstatus?.split('|')).toContain('REVERSED');
  });
});
