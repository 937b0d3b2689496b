import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moveLegacyOutbox } from '../../../server/engine/receipts/legacy-outbox.ts';
import { outboxCopy } from '../../../server/engine/receipts/receipt-outbox.ts';
import type { OutboxCopy } from '../../../server/store/receipt-outbox-store.ts';
import type { ServiceStore } from '../../../server/store/service-store.ts';
import { startServer } from '../../../server/index.ts';
import { parseStoreLocation } from '../../../server/store/store-location.ts';
import { RestClient } from '../durability/helpers/rest-client.ts';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';
import {
  postgresBackend,
  sqliteBackend,
  useStores,
  type BackendUnderTest,
} from '../store/store-fixture.ts';

const BACKENDS: BackendUnderTest[] = [sqliteBackend(), postgresBackend()];
const tempDir = useTempDirs();

const AT = new Date('2025-06-15T14:30:00Z');
const LATER = new Date('2025-06-15T14:31:00Z');

/** An SMS asked for a minute after an e-mail whose subject tries a header and body holds a PAN. */
function copies(): [email: OutboxCopy, sms: OutboxCopy] {
  return [
    outboxCopy({
      channel: 'email',
      to: 'pat@example.com',
      subject: 'SHOP:\r\nBcc: x@y.z SALE',
      body: 'line 1\nacct 4111111111111111',
      ttid: '96',
      at: AT,
    }),
    outboxCopy({ channel: 'sms', to: '+13525551234', body: 'SHOP: SALE', at: LATER }),
  ];
}

/** The outbox folder an earlier version left in `dir`: one file per copy, and a half-written one. */
function legacyFolder(dir: string, kept: readonly OutboxCopy[]): string {
  const folder = join(dir, 'outbox');
  mkdirSync(folder, { recursive: true });
  for (const copy of kept) writeFileSync(join(folder, copy.name), copy.message);
  writeFileSync(join(folder, '.20250615T143200Z-none-sms-00000000.sms.tmp'), 'Date: ');
  return folder;
}

describe.each(BACKENDS)('admin outbox on $name', (backend) => {
  const stores = useStores(backend);
  /** A fresh store, and `admin outbox` over it with a data directory of its own. */
  async function fresh(): Promise<{
    store: ServiceStore;
    dir: string;
    location: string;
    outbox: () => Promise<string[]>;
  }> {
    const { store, location } = await stores.fresh();
    const dir = tempDir();
    const outbox = async () => (await admin(dir, ['outbox', '--store', location])).out.split('\n');
    return { store, dir, location, outbox };
  }

  it.skipIf(backend.skip)(
    'lists the copies in the store oldest first, without a card number, or says there are none',
    async () => {
      const { store, outbox } = await fresh();
      expect(await outbox()).toEqual(['outbox: no receipt copies']);
      const [email, sms] = copies();
      await store.outbox.add([sms, email]);
      expect(email.name).toMatch(/^20250615T143000Z-96-email-[0-9a-f]{8}\.eml$/);
      const listed = await outbox();
      expect(listed).toEqual([
        `${email.name}  email  pat@example.com  Sun, 15 Jun 2025 14:30:00 +0000  SHOP:  Bcc: x@y.z SALE`,
        `${sms.name}  sms  +13525551234  Sun, 15 Jun 2025 14:31:00 +0000  SHOP: SALE`,
      ]);
      expect(listed.join('\n')).not.toContain('4111111111111111');
      expect(email.message).toContain('Subject: SHOP:  Bcc: x@y.z SALE\r\n');
      expect(email.message.endsWith('\r\n\r\nline 1\r\nacct XXXXXXXXXXXX1111\r\n')).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    "moves a data directory's outbox folder into the store once, then removes the folder",
    async () => {
      const { store, dir, outbox } = await fresh();
      const kept = copies();
      const folder = legacyFolder(dir, kept);
      const first = await outbox();
      expect(first.map((line) => line.split('  ')[0])).toEqual(kept.map((copy) => copy.name));
      expect(existsSync(folder)).toBe(false);
      const moved = await store.outbox.list();
      expect(moved.map(({ id: _id, ...copy }) => copy)).toEqual(kept);
      // A start stopped after the commit, before the folder went: the next adds nothing twice.
      legacyFolder(dir, kept);
      expect(await outbox()).toEqual(first);
      expect(existsSync(folder)).toBe(false);
      expect(await store.outbox.list()).toEqual(moved);
    },
  );

  it.skipIf(backend.skip)(
    "a service moves an outbox folder at start and keeps a sale's copies, which admin lists",
    async () => {
      const { store, dir, location, outbox } = await fresh();
      const kept = copies();
      const folder = legacyFolder(dir, kept);
      const logs: string[] = [];
      const server = await startServer({
        port: 0,
        plainPort: 0,
        dataDir: dir,
        store: parseStoreLocation(location),
        demo: true,
        logDestination: { write: (line: string) => logs.push(line) },
      });
      try {
        expect(existsSync(folder)).toBe(false);
        expect(logs.join('')).toContain('receipt copies moved into the store');
        const key = { id: server.demo?.apiKeyId ?? '', secret: server.demo?.apiKeySecret ?? '' };
        const client = new RestClient(server.plainAddress?.port ?? 0, key);
        const sale = await client.send('POST', 'transaction/purchase', {
          account: '4111111111111111',
          expdate: '1230',
          amount: '12.34',
          rcpt_email: 'pat@example.com',
        });
        client.close();
        expect(sale.body).toMatchObject({ code: 'AUTH' });
        const listed = await outbox();
        expect(listed).toHaveLength(3);
        expect(listed.slice(0, 2).map((line) => line.split('  ')[0])).toEqual(
          kept.map((copy) => copy.name),
        );
        expect(listed[2]).toMatch(
          new RegExp(
            `-${sale.body.ttid}-email-\\w{8}\\.eml  email  pat@example\\.com  .*SALE APPROVED$`,
          ),
        );
        const mine = (await store.outbox.list()).at(-1);
        expect(mine?.message).toContain('XXXXXXXXXXXX1111');
        expect(mine?.message).not.toContain('4111111111111111');
      } finally {
        await server.close();
      }
    },
  );
});

describe('moving an outbox folder', () => {
  it('keeps the folder when the store does not commit the copies', async () => {
    const kept = copies();
    const folder = legacyFolder(tempDir(), kept);
    const failing = {
      add: () => Promise.reject(new Error('connection lost')),
      list: () => Promise.resolve([]),
    };
    await expect(moveLegacyOutbox(folder, failing)).rejects.toThrow('connection lost');
    for (const copy of kept) expect(existsSync(join(folder, copy.name))).toBe(true);
  });
});
