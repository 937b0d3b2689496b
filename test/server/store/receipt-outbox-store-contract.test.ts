import { describe, expect, it } from 'vitest';
import type {
  OutboxCopy,
  OutboxRecord,
  ReceiptOutboxStore,
} from '../../../server/store/receipt-outbox-store.ts';
import {
  postgresBackend,
  sqliteBackend,
  useStores,
  type BackendUnderTest,
} from './store-fixture.ts';

const BACKENDS: BackendUnderTest[] = [sqliteBackend(), postgresBackend()];

const EMAIL: OutboxCopy = {
  name: '20250615T143000Z-17-email-0a1b2c3d.eml',
  channel: 'email',
  recipient: 'pat@example.com',
  subject: 'SHOP: SALE APPROVED',
  ttid: '17',
  createdTs: 1_750_000_000,
  message: 'To: pat@example.com\r\nSubject: SHOP: SALE APPROVED\r\n\r\nXXXXXXXXXXXX1111\r\n',
};

const SMS: OutboxCopy = {
  name: '20250615T142959Z-none-sms-99887766.sms',
  channel: 'sms',
  recipient: '+13525551234',
  subject: null,
  ttid: null,
  createdTs: 1_749_999_999,
  message: 'To: +13525551234\r\n\r\nSHOP: SALE APPROVED\r\n',
};

/** `count` e-mail copies a second apart, named so that name order is not time order. */
function queue(count: number): OutboxCopy[] {
  return Array.from({ length: count }, (_, index) => ({
    ...EMAIL,
    name: `${String(count - index).padStart(3, '0')}-email.eml`,
    createdTs: EMAIL.createdTs + index,
    message: `To: pat@example.com\r\n\r\ncopy ${index}\r\n`,
  }));
}

/** Takes `limit` at a time until a take finds none; returns every batch taken. */
async function takeAll(outbox: ReceiptOutboxStore, limit: number): Promise<OutboxRecord[][]> {
  const batches: OutboxRecord[][] = [];
  for (;;) {
    const batch = await outbox.take(limit);
    if (batch.length === 0) return batches;
    batches.push(batch);
  }
}

const copyOf = ({ id: _id, ...copy }: OutboxRecord): OutboxCopy => copy;

/**
 * The contract of the receipt outbox (receipt-outbox-store.ts), the same on every back end, from
 * two stores over one database: on PostgreSQL two instances, each seeing the other's copies.
 */
describe.each(BACKENDS)('receipt outbox store on $name', (backend) => {
  const { pair } = useStores(backend);

  it.skipIf(backend.skip)(
    'keeps the copies either store adds, listed by both oldest first, as they were given',
    async () => {
      const [a, b] = await pair();
      expect(await b.outbox.list()).toEqual([]);
      expect(await a.outbox.add([EMAIL])).toBe(1);
      expect(await b.outbox.add([SMS])).toBe(1);
      for (const store of [a, b]) {
        const listed = await store.outbox.list();
        expect(listed.map(({ id: _id, ...copy }) => copy)).toEqual([SMS, EMAIL]);
        expect(new Set(listed.map((copy) => copy.id)).size).toBe(2);
      }
    },
  );

  it.skipIf(backend.skip)(
    'adds a copy of a name kept already no second time, also when two stores race with it',
    async () => {
      const [a, b] = await pair();
      const rival = { ...EMAIL, recipient: 'other@example.com' };
      const added = await Promise.all([a.outbox.add([EMAIL, SMS]), b.outbox.add([rival])]);
      expect(added[0] + added[1]).toBe(2);
      expect(await a.outbox.add([SMS, EMAIL])).toBe(0);
      const listed = await b.outbox.list();
      expect(listed.map((copy) => copy.name)).toEqual([SMS.name, EMAIL.name]);
      expect([EMAIL.recipient, rival.recipient]).toContain(listed[1]?.recipient);
    },
  );

  it.skipIf(backend.skip)(
    'keeps a copy added in a store transaction with its commit, and none of one rolled back',
    async () => {
      const [a, b] = await pair();
      const failed = a.transaction(async (tx) => {
        await tx.outbox.add([SMS]);
        throw new Error('outcome not committed');
      });
      await expect(failed).rejects.toThrow('outcome not committed');
      expect(await b.outbox.list()).toEqual([]);
      expect(await a.transaction((tx) => tx.outbox.add([EMAIL, SMS]))).toBe(2);
      expect((await b.outbox.list()).map((copy) => copy.channel)).toEqual(['sms', 'email']);
    },
  );

  it.skipIf(backend.skip)(
    'takes the oldest copies up to the limit, oldest first, whole and gone from the outbox',
    async () => {
      const [a, b] = await pair();
      const kept = queue(5);
      await a.outbox.add(kept);
      expect((await b.outbox.take(2)).map(copyOf)).toEqual(kept.slice(0, 2));
      expect((await a.outbox.list()).map(copyOf)).toEqual(kept.slice(2));
      expect((await a.outbox.take(10)).map(copyOf)).toEqual(kept.slice(2));
      expect(await b.outbox.take(1)).toEqual([]);
      expect(await b.outbox.list()).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'gives the copies taken in a store transaction back when it rolls back, none when it commits',
    async () => {
      const [a, b] = await pair();
      const kept = queue(3);
      await a.outbox.add(kept);
      const failed = a.transaction(async (tx) => {
        expect((await tx.outbox.take(2)).map(copyOf)).toEqual(kept.slice(0, 2));
        throw new Error('files not written');
      });
      await expect(failed).rejects.toThrow('files not written');
      expect((await b.outbox.list()).map(copyOf)).toEqual(kept);
      const taken = await a.transaction((tx) => tx.outbox.take(2));
      expect(taken.map(copyOf)).toEqual(kept.slice(0, 2));
      expect((await b.outbox.list()).map(copyOf)).toEqual(kept.slice(2));
    },
  );

  it.skipIf(backend.skip)(
    'hands a copy an open transaction took to no other taker, which gets the next ones',
    async () => {
      const [a, b] = await pair();
      const kept = queue(5);
      await a.outbox.add(kept);
      // SQLite's writers take turns: a second store's take would wait for this one's lock, in
      // this same thread; the store's own top-level take waits for the transaction instead.
      const rival = backend.name === 'postgres' ? b : a;
      let rivalTake: Promise<OutboxRecord[]> = Promise.resolve([]);
      const mine = await a.transaction(async (tx) => {
        const taken = await tx.outbox.take(2);
        rivalTake = rival.outbox.take(10);
        // PostgreSQL passes the rows this transaction holds over, without waiting for it.
        if (backend.name === 'postgres') await rivalTake;
        return taken;
      });
      expect(mine.map(copyOf)).toEqual(kept.slice(0, 2));
      expect((await rivalTake).map(copyOf)).toEqual(kept.slice(2));
      expect(await b.outbox.list()).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'takers racing on two stores never get the same copy, lose none, and keep to the limit',
    async () => {
      const [a, b] = await pair();
      const kept = queue(40);
      await a.outbox.add(kept);
      const runs = await Promise.all([a, b, a, b].map((store) => takeAll(store.outbox, 3)));
      const batches = runs.flat();
      expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(3);
      const names = batches.flat().map((copy) => copy.name);
      expect(names).toHaveLength(kept.length);
      expect(new Set(names)).toEqual(new Set(kept.map((copy) => copy.name)));
      expect(await a.outbox.list()).toEqual([]);
    },
  );
});
