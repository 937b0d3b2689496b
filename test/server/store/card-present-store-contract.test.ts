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

const TDES_KEY = {
  keySetId: 'FFFF987654',
  type: 'tdes' as const,
  keySealed: Buffer.from('00ff10203040', 'hex'),
  checkValue: '08D7B4',
  createdTs: 1_000,
};

/**
 * The contract of the card-present and receipt stores (bdk-store.ts, emv-store.ts,
 * receipt-header-store.ts), the same on every back end; on PostgreSQL also from two instances.
 */
describe.each(BACKENDS)('card-present and receipt stores on $name', (backend) => {
  const { pair } = useStores(backend);

  it.skipIf(backend.skip)(
    'registers a key set once, lists it without its key, removes it',
    async () => {
      const [a, b] = await pair();
      const added = await Promise.all([
        a.bdks.add(TDES_KEY),
        b.bdks.add({ ...TDES_KEY, createdTs: 2 }),
      ]);
      expect(added.sort()).toEqual([false, true]);
      const aes = {
        ...TDES_KEY,
        keySetId: '12345678',
        type: 'aes128' as const,
        checkValue: 'AB12CD34EF',
      };
      expect(await b.bdks.add(aes)).toBe(true);
      const listed = await a.bdks.list();
      expect(listed.map((key) => key.keySetId)).toEqual(['12345678', 'FFFF987654']);
      expect(listed[1]).not.toHaveProperty('keySealed');
      const found = await b.bdks.find('FFFF987654');
      expect(found?.keySealed.equals(TDES_KEY.keySealed)).toBe(true);
      expect(found?.type).toBe('tdes');
      expect(await a.bdks.find('0000000000')).toBeUndefined();
      expect(await a.bdks.remove('FFFF987654')).toBe(true);
      expect(await b.bdks.remove('FFFF987654')).toBe(false);
      expect((await b.bdks.list()).map((key) => key.keySetId)).toEqual(['12345678']);
    },
  );

  it.skipIf(backend.skip)('refuses a key set id that does not fit its key type', async () => {
    const [a] = await pair();
    await expect(a.bdks.add({ ...TDES_KEY, keySetId: '12345678' })).rejects.toThrow();
    await expect(a.bdks.add({ ...TDES_KEY, keySetId: 'ffff987654' })).rejects.toThrow();
    expect(await a.bdks.list()).toEqual([]);
  });

  it.skipIf(backend.skip)(
    'keeps EMV receipt data in the transaction commit and a card decline',
    async () => {
      const [a, b] = await pair();
      const seeded = await seedMerchant(a);
      const receipt = { rcpt_emv_aid: 'A0000000031010', rcpt_emv_tvr: '0000008000' };
      const ttid = await a.transaction(async (tx) => {
        const created = await tx.transactions.insert(
          newSale(seeded, 500),
          eventOf('sale', 500, 1),
          1,
        );
        await tx.emv.insert(created.ttid, receipt);
        return created.ttid;
      });
      expect(await b.emv.find(ttid)).toEqual({ receipt, cardDecline: false });
      const final = { ...receipt, rcpt_emv_tvr: '0000048000' };
      await b.transaction((tx) => tx.emv.recordCardDecline(ttid, final));
      expect(await a.emv.find(ttid)).toEqual({ receipt: final, cardDecline: true });
      const rolledBack = a.transaction(async (tx) => {
        const created = await tx.transactions.insert(newSale(seeded, 7), eventOf('sale', 7, 2), 2);
        await tx.emv.insert(created.ttid, receipt);
        throw new Error(`abandon ${created.ttid}`);
      });
      const abandoned = Number(
        /\d+$/.exec(((await rolledBack.catch((e: Error) => e)) as Error).message)?.[0],
      );
      expect(await b.emv.find(abandoned)).toBeUndefined();
    },
  );

  it.skipIf(backend.skip)(
    'updates the fields of a receipt header given, keeping the others',
    async () => {
      const [a, b] = await pair();
      const seeded = await seedMerchant(a);
      expect(await a.receiptHeaders.find(seeded.merchantId)).toBeUndefined();
      const first = await a.receiptHeaders.update(seeded.merchantId, { name: 'Corner Shop' }, 1);
      expect(first).toEqual({
        name: 'Corner Shop',
        addr1: '',
        addr2: '',
        addr3: '',
        phone: '',
        email: '',
      });
      // Two instances set different fields at once: each keeps the other's.
      await Promise.all([
        a.receiptHeaders.update(seeded.merchantId, { addr1: '1 Main St', phone: '555-0100' }, 2),
        b.receiptHeaders.update(seeded.merchantId, { email: 'shop@example.com' }, 2),
      ]);
      const cleared = await b.receiptHeaders.update(seeded.merchantId, { phone: '' }, 3);
      expect(cleared).toEqual({
        name: 'Corner Shop',
        addr1: '1 Main St',
        addr2: '',
        addr3: '',
        phone: '',
        email: 'shop@example.com',
      });
      expect(await a.receiptHeaders.find(seeded.merchantId)).toEqual(cleared);
    },
  );
});
