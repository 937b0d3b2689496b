import { describe, expect, it } from 'vitest';
import type { OutboxCopy } from '../../../server/store/receipt-outbox-store.ts';
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
});
