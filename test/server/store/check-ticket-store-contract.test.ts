import { describe, expect, it } from 'vitest';
import {
  eventOf,
  newSale,
  postgresBackend,
  seedMerchant,
  sqliteBackend,
  useStores,
  type BackendUnderTest,
} from './store-fixture.ts';

const BACKENDS: BackendUnderTest[] = [sqliteBackend(), postgresBackend()];

const ACCOUNT = Buffer.from('sealed-account-bytes');
const CARD = Buffer.from('sealed-card-bytes');
const RETURN = { code: 'R01', reason: 'INSUFFICIENT FUNDS', ts: 9_000 };

/**
 * The contract of the check and card-ticket stores (check-store.ts, card-ticket-store.ts), the same
 * on every back end, from two stores over one database: on PostgreSQL two instances.
 */
describe.each(BACKENDS)('check and card-ticket stores on $name', (backend) => {
  const { pair } = useStores(backend);

  it.skipIf(backend.skip)(
    'keeps a check until its return time, then closes it once with its return',
    async () => {
      const [a, b] = await pair();
      const seeded = await seedMerchant(a);
      const check = await a.transaction(async (tx) => {
        const txn = await tx.transactions.insert(
          newSale(seeded, 4_200, { cardtype: 'CHECK', last4: '6789' }),
          eventOf('sale', 4_200, 1),
          2_000,
        );
        await tx.checks.insert(txn.ttid, '021000021', 'checking', ACCOUNT);
        return txn;
      });
      const stored = await b.checks.find(check.ttid);
      expect(stored).toMatchObject({
        ttid: check.ttid,
        merchantId: seeded.merchantId,
        abaroute: '021000021',
        accounttype: 'checking',
        returnDueTs: null,
        returned: null,
      });
      expect(stored?.accountSealed?.equals(ACCOUNT)).toBe(true);
      expect(await b.checks.nextDueTs()).toBeUndefined();
      const batch = await a.batches.open(seeded.profileId);
      expect(await a.batches.settle(batch?.id ?? 0, 3_000)).toBe(true);
      expect(await a.transaction((tx) => tx.checks.settled(batch?.id ?? 0, 3_060))).toBe(1);
      expect(await b.checks.settled(batch?.id ?? 0, 4_000)).toBe(0);
      expect(await b.checks.nextDueTs()).toBe(3_060);
      expect(await a.checks.due(3_059)).toEqual([]);
      expect((await b.checks.due(3_060)).map((entry) => entry.ttid)).toEqual([check.ttid]);

      // Store transactions race from two instances on PostgreSQL; a SQLite file has one owner.
      const rival = backend.name === 'postgres' ? b : a;
      const closed = await Promise.all([
        a.transaction((tx) => tx.checks.close(check.ttid, RETURN)),
        rival.transaction((tx) => tx.checks.close(check.ttid, { ...RETURN, code: 'R02' })),
      ]);
      expect(closed.sort()).toEqual([false, true]);
      const after = await a.checks.find(check.ttid);
      expect(after?.accountSealed).toBeNull();
      expect([RETURN.code, 'R02']).toContain(after?.returned?.code);
      expect(after?.returned).toMatchObject({ reason: RETURN.reason, ts: RETURN.ts });
      expect(await b.checks.close(check.ttid, null)).toBe(false);
      expect((await b.checks.find(check.ttid))?.returned?.code).toBe(after?.returned?.code);
      expect(await a.checks.due(10_000)).toEqual([]);
      expect(await a.checks.nextDueTs()).toBeUndefined();
      expect(await a.checks.find(check.ttid + 1)).toBeUndefined();
    },
  );

  it.skipIf(backend.skip)('drops a voided check account and never makes it due', async () => {
    const [a] = await pair();
    const seeded = await seedMerchant(a);
    const txn = await a.transactions.insert(newSale(seeded, 100), eventOf('sale', 100, 1), 2_000);
    await a.checks.insert(txn.ttid, '021000021', 'savings', ACCOUNT);
    await a.checks.dropAccount(txn.ttid);
    const batch = await a.batches.open(seeded.profileId);
    await a.batches.settle(batch?.id ?? 0, 3_000);
    expect(await a.checks.settled(batch?.id ?? 0, 3_060)).toBe(0);
    expect(await a.checks.find(txn.ttid)).toMatchObject({ accountSealed: null, returned: null });
    expect(await a.checks.close(txn.ttid, null)).toBe(false);
  });

  it.skipIf(backend.skip)('opens a session once per nonce and issues its one ticket', async () => {
    const [a, b] = await pair();
    const seeded = await seedMerchant(a);
    const request = {
      merchantId: seeded.merchantId,
      profileId: seeded.profileId,
      allowedOrigin: 'https://shop.example',
      signed: { keyId: 'P0123456789ABCDEF', nonce: 'n-1' },
    };
    const opened = await Promise.all([
      a.cardTickets.openSession('s1', request, 1_000, 1_600),
      b.cardTickets.openSession('s2', request, 1_000, 1_600),
    ]);
    const session = opened[0] ? 's1' : 's2';
    expect(opened.sort()).toEqual([false, true]);
    expect(await b.cardTickets.session(session, 1_100)).toEqual({
      merchantId: seeded.merchantId,
      profileId: seeded.profileId,
      allowedOrigin: 'https://shop.example',
      expiresTs: 1_600,
    });
    expect(await a.cardTickets.session(session, 1_600)).toBe('expired');
    expect(await a.cardTickets.session('none', 1_100)).toBe('unknown');
    const issued = await Promise.all([
      a.cardTickets.issueTicket(session, 't1', CARD, 1_200, 1_800),
      b.cardTickets.issueTicket(session, 't2', CARD, 1_200, 1_800),
    ]);
    expect(issued.sort()).toEqual([undefined, 'used'].sort());
    expect(await a.cardTickets.session(session, 1_300)).toBe('used');
    expect(await a.cardTickets.issueTicket('none', 't3', CARD, 1_200, 1_800)).toBe('unknown');
    await a.cardTickets.openSession('s3', { ...request, signed: undefined }, 1_000, 1_100);
    expect(await b.cardTickets.issueTicket('s3', 't4', CARD, 1_100, 1_800)).toBe('expired');
    expect(await a.cardTickets.takeTicket('t4', seeded.merchantId, 1_100)).toEqual({
      refusal: 'unknown',
    });
  });

  it.skipIf(backend.skip)(
    'gives a ticket to one of two stores racing for it, and to its merchant only',
    async () => {
      const [a, b] = await pair();
      const seeded = await seedMerchant(a);
      const other = await seedMerchant(a, 'other');
      const request = {
        merchantId: seeded.merchantId,
        profileId: seeded.profileId,
        allowedOrigin: 'https://shop.example',
      };
      for (const name of ['s1', 's2']) {
        await a.cardTickets.openSession(name, request, 1_000, 1_600);
        await a.cardTickets.issueTicket(name, `t-${name}`, CARD, 1_100, 1_700);
      }
      expect(await b.cardTickets.takeTicket('t-s1', other.merchantId, 1_200)).toEqual({
        refusal: 'other_merchant',
      });
      for (let round = 0; round < 5; round += 1) {
        const ticket = `t-r${round}`;
        await a.cardTickets.openSession(`r${round}`, request, 1_000, 1_600);
        await a.cardTickets.issueTicket(`r${round}`, ticket, CARD, 1_100, 1_700);
        const taken = await Promise.all(
          [a, b, a, b].map((store) =>
            store.cardTickets.takeTicket(ticket, seeded.merchantId, 1_200),
          ),
        );
        const got = taken.filter((answer) => 'cardSealed' in answer);
        expect(got).toHaveLength(1);
        expect('cardSealed' in got[0]! && got[0].cardSealed.equals(CARD)).toBe(true);
        expect(
          taken.filter((answer) => 'refusal' in answer && answer.refusal === 'used'),
        ).toHaveLength(3);
      }
      const first = await a.cardTickets.takeTicket('t-s1', seeded.merchantId, 1_200);
      expect('cardSealed' in first && first.cardSealed.equals(CARD)).toBe(true);
      expect(await b.cardTickets.takeTicket('t-s2', seeded.merchantId, 1_700)).toEqual({
        refusal: 'expired',
      });
      expect(await b.cardTickets.purge(1_700, 1_000)).toBe(1);
      expect(await a.cardTickets.takeTicket('t-s2', seeded.merchantId, 1_600)).toEqual({
        refusal: 'expired',
      });
      expect(await a.cardTickets.purge(2_000, 1_700)).toBe(0);
      expect(await a.cardTickets.takeTicket('t-s1', seeded.merchantId, 2_000)).toEqual({
        refusal: 'unknown',
      });
      expect(await b.cardTickets.session('s1', 1_200)).toBe('unknown');
    },
  );
});
