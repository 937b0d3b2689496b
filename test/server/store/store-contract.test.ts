import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceStore } from '../../../server/store/service-store.ts';
import { StaleTransactionError } from '../../../server/store/transaction-store.ts';
import {
  eventOf,
  newSale,
  postgresBackend,
  seedMerchant,
  sqliteBackend,
  type BackendUnderTest,
} from './store-fixture.ts';

const BACKENDS: BackendUnderTest[] = [sqliteBackend(), postgresBackend()];

/** The store boundary's contract, the same on every back end (server/store/*-store.ts). */
describe.each(BACKENDS)('store contract on $name', (backend) => {
  const open: ServiceStore[] = [];
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });
  async function fresh(): Promise<ServiceStore> {
    const { store } = await backend.fresh();
    open.push(store);
    return store;
  }

  it.skipIf(backend.skip)(
    'keeps merchants, logins, profiles, permissions and API keys',
    async () => {
      const store = await fresh();
      const seeded = await seedMerchant(store);
      const sub = await store.users.createSubUser(seeded.merchantId, 'lane1', 'h2', 1_001);
      expect(sub.username).toBe('shop:lane1');
      expect(await store.users.find({ merchant: 'shop', sub: 'lane1' })).toEqual(sub);
      await store.users.setDefaultProfile(sub.userId, seeded.profileId);
      await store.users.setDisabled(sub.userId, true);
      const again = await store.users.findById(sub.userId);
      expect(again).toMatchObject({ defaultProfileId: seeded.profileId, disabled: true });
      expect((await store.users.listForMerchant(seeded.merchantId)).map((l) => l.sub)).toEqual([
        '',
        'lane1',
      ]);
      await store.permissions.setUserPermissions(sub.userId, ['sale', 'void', 'sale']);
      expect(await store.permissions.userPermissions(sub.userId)).toEqual(['sale', 'void']);
      await store.permissions.setUserPermissions(sub.userId, []);
      expect(await store.permissions.userPermissions(sub.userId)).toEqual([]);
      const key = {
        keyId: 'P0123456789ABCDEF',
        userId: sub.userId,
        profileId: seeded.profileId,
        name: 'lane',
        secretHash: 'digest',
        signingKeySealed: Buffer.from('sealed'),
        createdAt: 1_002,
      };
      await store.apiKeys.insert(key);
      await store.permissions.setDualOperations(seeded.merchantId, ['void', 'refund']);
      const found = await store.apiKeys.lookupWithLogin(key.keyId);
      const { signingKeySealed, ...kept } = key;
      expect(found?.key).toEqual({ ...kept, hasSigningKey: true, revokedAt: null });
      expect(await store.apiKeys.sealedSigningKey(key.keyId)).toEqual(signingKeySealed);
      expect(found?.login).toEqual(await store.users.findById(sub.userId));
      expect(found?.login).toMatchObject({ username: 'shop:lane1', disabled: true });
      expect([...(found?.login.dualOperations ?? [])].sort()).toEqual(['refund', 'void']);
      expect(await store.apiKeys.lookupWithLogin('P0000000000000000')).toBeUndefined();
      expect(await store.apiKeys.setSigningKey(key.keyId, Buffer.from('other'))).toBe(false);
      const older = { ...key, keyId: 'P00000000000000AA', signingKeySealed: null };
      await store.apiKeys.insert(older);
      expect((await store.apiKeys.lookupWithLogin(older.keyId))?.key.hasSigningKey).toBe(false);
      expect(await store.apiKeys.sealedSigningKey(older.keyId)).toBeUndefined();
      expect(await store.apiKeys.setSigningKey(older.keyId, Buffer.from('kept'))).toBe(true);
      expect(await store.apiKeys.setSigningKey(older.keyId, Buffer.from('again'))).toBe(false);
      expect((await store.apiKeys.lookupWithLogin(older.keyId))?.key.hasSigningKey).toBe(true);
      expect(await store.apiKeys.sealedSigningKey(older.keyId)).toEqual(Buffer.from('kept'));
      expect(await store.apiKeys.sealedSigningKey('P0000000000000000')).toBeUndefined();
      await store.permissions.setDualOperations(seeded.merchantId, []);
      expect((await store.apiKeys.lookupWithLogin(key.keyId))?.login.dualOperations).toEqual([]);
      const { merchantId, profileId } = seeded;
      expect(await store.merchants.requestSetup(merchantId, profileId)).toEqual({
        customGiftRanges: undefined,
        processor: 'loopback',
      });
      await store.gift.setCustomRanges(merchantId, '777777:16', 1_002);
      expect(await store.merchants.requestSetup(merchantId, profileId + 1000)).toEqual({
        customGiftRanges: '777777:16',
        processor: undefined,
      });
      expect(await store.apiKeys.revoke(key.keyId, 1_003)).toBe(true);
      expect(await store.apiKeys.revoke(key.keyId, 1_004)).toBe(false);
      const [listed] = await store.apiKeys.listForMerchant(seeded.merchantId);
      expect(listed).toMatchObject({
        username: 'shop:lane1',
        profileName: 'main',
        revokedAt: 1_003,
      });
    },
  );

  it.skipIf(backend.skip)(
    "answers a new transaction's insert with the record a read of it returns afterwards",
    async () => {
      const store = await fresh();
      const seeded = await seedMerchant(store);
      const kinds = [
        newSale(seeded, 1_000, { orderId: 'O-7', cardSealed: Buffer.from('sealed card') }),
        newSale(seeded, 500, { state: 'authorized', statusFlags: ['ADJUSTED'] }),
        newSale(seeded, 250, { state: 'declined', code: 'DENY', orderId: 'O-7', auth: null }),
      ];
      for (const [i, txn] of kinds.entries()) {
        const inserted = await store.transactions.insert(
          txn,
          eventOf('sale', txn.amount, i + 1),
          2_000 + i,
        );
        expect(inserted).toEqual(await store.transactions.find(seeded.merchantId, inserted.ttid));
      }
    },
  );

  it.skipIf(backend.skip)(
    'numbers payments of an order, batch items, and settles a batch once',
    async () => {
      const store = await fresh();
      const seeded = await seedMerchant(store);
      const first = await store.transactions.insert(
        newSale(seeded, 1_000, { orderId: 'O-1' }),
        eventOf('sale', 1_000, 1),
        2_000,
      );
      const second = await store.transactions.insert(
        newSale(seeded, 250, { orderId: 'O-1' }),
        eventOf('sale', 250, 2),
        2_001,
      );
      expect([first.paymentId, second.paymentId]).toEqual(['1', '2']);
      expect([first.batchNumber, first.item, second.batchNumber, second.item]).toEqual([
        1, 1, 1, 2,
      ]);
      expect(second.ttid).toBeGreaterThan(first.ttid);
      expect(await store.transactions.lastStanSeq(seeded.profileId)).toBe(2);
      expect((await store.transactions.findByOrder(seeded.merchantId, 'O-1', '2'))[0]?.ttid).toBe(
        second.ttid,
      );
      const batch = await store.batches.open(seeded.profileId);
      expect(await store.batches.totals(batch?.id ?? 0)).toEqual({
        count: 2,
        saleCount: 2,
        saleAmount: 1_250,
        refundCount: 0,
        refundAmount: 0,
      });
      expect(await store.batches.settle(batch?.id ?? 0, 3_000)).toBe(true);
      expect(await store.batches.settle(batch?.id ?? 0, 3_001)).toBe(false);
      expect((await store.transactions.find(seeded.merchantId, first.ttid))?.state).toBe('settled');
      const next = await store.transactions.insert(newSale(seeded, 5), eventOf('sale', 5), 3_002);
      expect([next.batchNumber, next.item]).toEqual([2, 1]);
      const byStatus = async (status: 'open' | 'settled') =>
        (await store.batches.list({ profileId: seeded.profileId, status })).map((b) => b.number);
      expect([await byStatus('open'), await byStatus('settled')]).toEqual([[2], [1]]);
      const listed = await store.transactions.list({
        profileId: seeded.profileId,
        states: ['settled'],
        orderId: 'O-1',
      });
      expect(listed.map((t) => t.ttid)).toEqual([first.ttid, second.ttid]);
    },
  );

  it.skipIf(backend.skip)(
    'applies a move checked in the state it finds, and refuses a stale one',
    async () => {
      const store = await fresh();
      const seeded = await seedMerchant(store);
      const held = await store.transactions.insert(
        newSale(seeded, 700, { state: 'authorized', kind: 'preauth', operation: 'preauth' }),
        eventOf('preauth', 700),
        2_000,
      );
      const { before, after } = await store.transactions.update(
        held,
        { state: 'captured', amount: 650, addFlag: 'ADJUSTED' },
        eventOf('complete', 650),
        2_010,
      );
      expect(before.state).toBe('authorized');
      expect(after).toMatchObject({
        state: 'captured',
        amount: 650,
        batchNumber: 1,
        item: 1,
        statusFlags: ['ADJUSTED'],
      });
      await expect(
        store.transactions.update(held, { state: 'voided' }, eventOf('void', 0), 2_020),
      ).rejects.toBeInstanceOf(StaleTransactionError);
      expect((await store.transactions.find(seeded.merchantId, held.ttid))?.state).toBe('captured');
      expect(
        await store.transactions.hasDuplicate({
          profileId: seeded.profileId,
          fingerprint: 'fp-1111',
          operation: 'preauth',
          since: 1_999,
          ordernum: 'A',
        }),
      ).toBe(true);
      expect(
        await store.transactions.hasDuplicate({
          profileId: seeded.profileId,
          fingerprint: 'fp-1111',
          operation: 'preauth',
          since: 1_999,
          ordernum: null,
        }),
      ).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'keeps a gift balance equal to its ledger and never below 0',
    async () => {
      const store = await fresh();
      const seeded = await seedMerchant(store);
      const account = await store.gift.create(
        {
          merchantId: seeded.merchantId,
          fingerprint: 'gift-fp',
          accountMasked: '************0001',
          last4: '0001',
          denomination: null,
          pinDigest: null,
          cvDigest: null,
        },
        2_000,
      );
      const load = await store.transactions.insert(
        newSale(seeded, 500, { kind: 'refund', operation: 'issue', giftAccountId: account.id }),
        eventOf('issue', 500),
        2_000,
      );
      await store.transaction(async (tx) => {
        await tx.gift.setStatus(account.id, 'active', 2_001);
        return tx.gift.post(account.id, load.ttid, 'issue', 500, 2_001);
      });
      expect(await store.gift.post(account.id, load.ttid, 'sale', -200, 2_002)).toBe(300);
      await expect(
        store.transaction(async (tx) => {
          await tx.gift.post(account.id, load.ttid, 'sale', -100, 2_003);
          return tx.gift.post(account.id, load.ttid, 'sale', -400, 2_003);
        }),
      ).rejects.toThrow();
      const ledger = await store.gift.ledger(account.id);
      expect(ledger.map((row) => [row.amount, row.balanceAfter])).toEqual([
        [500, 500],
        [-200, 300],
      ]);
      expect((await store.gift.get(account.id)).balance).toBe(300);
    },
  );

  it.skipIf(backend.skip)(
    'rolls back everything a store transaction wrote when it throws',
    async () => {
      const store = await fresh();
      await expect(
        store.transaction(async (tx) => {
          await tx.users.createMerchant('gone', 'h', 'UTC', 1);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await store.users.find({ merchant: 'gone', sub: '' })).toBeUndefined();
    },
  );

  it.skipIf(backend.skip)(
    'counts failures to a lock, clears them, and accepts each MFA step once',
    async () => {
      const store = await fresh();
      const subject = { kind: 'user' as const, subject: '7' };
      const limit = { maxFailures: 3, windowMs: 60_000 };
      const states = [];
      for (let i = 0; i < 3; i += 1)
        states.push(await store.failures.record(subject, limit, 10_000));
      expect(states).toEqual([
        { failures: 1, lockedUntil: null },
        { failures: 2, lockedUntil: null },
        { failures: 3, lockedUntil: 70_000 },
      ]);
      expect(await store.failures.listLocked(20_000)).toEqual([
        { ...subject, failures: 3, lockedUntil: 70_000 },
      ]);
      expect(await store.failures.clear(subject)).toBe(true);
      expect(await store.failures.state(subject)).toBeUndefined();
      const seeded = await seedMerchant(store);
      await store.mfa.setSecret(seeded.userId, 'sealed', 1);
      expect(await store.mfa.acceptStep(seeded.userId, 5)).toBe(true);
      expect(await store.mfa.acceptStep(seeded.userId, 5)).toBe(false);
      expect(await store.mfa.secret(seeded.userId)).toEqual({ sealed: 'sealed', lastStep: 5 });
      const check = { digest: Buffer.alloc(32, 7), verifiedAt: 1_000, usedAt: 1_000 };
      const expired = { usedBefore: 0, verifiedBefore: 0 };
      await store.passwordChecks.remember(seeded.userId, check, expired);
      expect(await store.passwordChecks.find(seeded.userId)).toEqual(check);
      await store.passwordChecks.touch(seeded.userId, 5_000);
      await store.passwordChecks.touch(seeded.userId, 4_000);
      expect(await store.passwordChecks.find(seeded.userId)).toEqual({ ...check, usedAt: 5_000 });
      const renewed = { digest: Buffer.alloc(32, 8), verifiedAt: 9_000, usedAt: 9_000 };
      await store.passwordChecks.remember(seeded.userId, renewed, expired);
      expect(await store.passwordChecks.find(seeded.userId)).toEqual(renewed);
      await store.passwordChecks.remember(seeded.userId, renewed, {
        ...expired,
        usedBefore: 9_001,
      });
      expect(await store.passwordChecks.find(seeded.userId)).toEqual(renewed);
      expect(await store.passwordChecks.forget(seeded.userId)).toBe(true);
      expect(await store.passwordChecks.forget(seeded.userId)).toBe(false);
      expect(await store.passwordChecks.find(seeded.userId)).toBeUndefined();
      const replays = await Promise.all(
        Array.from({ length: 8 }, () => store.mfa.countReplay(seeded.userId, 5)),
      );
      expect(replays.filter(Boolean)).toHaveLength(1);
      expect(await store.mfa.countReplay(seeded.userId, 4)).toBe(false);
      expect(await store.mfa.countReplay(seeded.userId, 6)).toBe(true);
      await store.mfa.setSecret(seeded.userId, 'again', 2);
      expect(await store.mfa.countReplay(seeded.userId, 4)).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    'gives concurrent captures distinct ttids and items, and distinct stans',
    async () => {
      const store = await fresh();
      const seeded = await seedMerchant(store);
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.transaction((tx) =>
            tx.transactions.insert(newSale(seeded, 100 + i), eventOf('sale', 100 + i), 2_000),
          ),
        ),
      );
      expect(new Set(made.map((t) => t.ttid)).size).toBe(20);
      expect(made.map((t) => t.item).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      const stans = await Promise.all(
        Array.from({ length: 20 }, () => store.nextStanSeq(seeded.profileId)),
      );
      expect(new Set(stans).size).toBe(20);
      expect(Math.min(...stans)).toBe(1);
    },
  );

  it.skipIf(backend.skip)(
    'keeps a deny-listed card once and tokens by value and fingerprint',
    async () => {
      const store = await fresh();
      const seeded = await seedMerchant(store);
      const entry = {
        merchantId: seeded.merchantId,
        fingerprint: 'deny-fp',
        accountMasked: '************4242',
        last4: '4242',
        ttid: null,
        note: 'stolen',
      };
      const added = await store.denyList.add(entry, 2_000);
      expect(await store.denyList.add({ ...entry, note: 'again' }, 2_001)).toEqual(added);
      expect(await store.denyList.list(seeded.merchantId)).toEqual([added]);
      expect(await store.denyList.remove(seeded.merchantId, added.id)).toBe(true);
      const token = await store.tokens.create(
        {
          merchantId: seeded.merchantId,
          token: 'T123',
          fingerprint: 'tok-fp',
          cardSealed: Buffer.from([1, 2, 3, 0, 255]),
          accountMasked: '************4242',
          last4: '4242',
          cardtype: 'VISA',
        },
        2_000,
      );
      expect(await store.tokens.findByFingerprint(seeded.merchantId, 'tok-fp')).toEqual(token);
      expect((await store.tokens.findByToken(seeded.merchantId, 'T123'))?.cardSealed).toEqual(
        Buffer.from([1, 2, 3, 0, 255]),
      );
      expect(await store.tokens.exists('T123')).toBe(true);
      expect(await store.tokens.exists('T999')).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'finds records in flight by order and by id, and hands what a stopped store left to the next',
    async () => {
      const { store, again } = await backend.fresh();
      const seeded = await seedMerchant(store);
      const { orderId, ...draft } = newSale(seeded, 900, { orderId: 'O-9' });
      const record = await store.inFlight.insert(
        { ...draft, orderId },
        Buffer.from([9, 8, 7]),
        2_000,
      );
      expect(await store.inFlight.findByOrder(seeded.merchantId, 'O-9')).toEqual([record]);
      expect(await store.inFlight.isInFlight(record.id)).toBe(true);
      await store.close();
      const next = await again();
      open.push(next);
      const orphans = await next.inFlight.orphans();
      expect(orphans).toEqual([record]);
      expect(orphans[0]?.draft.reqAmount).toBe(900);
      await next.transaction((tx) => tx.inFlight.remove(record.id));
      expect(await next.inFlight.findByOrder(seeded.merchantId, 'O-9')).toEqual([]);
      expect(await next.inFlight.isInFlight(record.id)).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'gives records arriving together ids of their own, each its row, and a transaction its ttid',
    async () => {
      const { store, again } = await backend.fresh();
      const seeded = await seedMerchant(store);
      const orders = ['T-1', 'T-2', 'T-3', 'T-4'];
      const records = await Promise.all(
        orders.map((orderId, index) =>
          store.inFlight.insert({ ...newSale(seeded, 100 + index), orderId }, null, 3_000),
        ),
      );
      expect(new Set(records.map((record) => record.id)).size).toBe(orders.length);
      const stored = await store.transactions.insert(
        newSale(seeded, 700),
        eventOf('sale', 700),
        3_001,
      );
      expect(await store.transactions.find(seeded.merchantId, stored.ttid)).toEqual(stored);
      await store.close();
      const next = await again();
      open.push(next);
      for (const [index, orderId] of orders.entries()) {
        const found = await next.inFlight.findByOrder(seeded.merchantId, orderId);
        expect(found).toEqual([records[index]]);
        expect(found[0]?.draft.reqAmount).toBe(100 + index);
      }
    },
  );
});
