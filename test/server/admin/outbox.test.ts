import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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

/** Three copies a minute apart, the last with text beyond ASCII. */
function queued(): OutboxCopy[] {
  const [email, sms] = copies();
  const third = outboxCopy({
    channel: 'email',
    to: 'zoë@example.com',
    subject: 'CAFÉ: SALE',
    body: 'merci — à bientôt',
    ttid: '97',
    at: new Date('2025-06-15T14:32:00Z'),
  });
  return [email, sms, third];
}

describe.each(BACKENDS)('admin outbox take on $name', (backend) => {
  const stores = useStores(backend);
  /** A fresh store holding queued() copies, an empty spool folder, and `outbox take` into it. */
  async function queuedStore() {
    const { store, location } = await stores.fresh();
    const dir = tempDir();
    const spool = tempDir();
    const kept = queued();
    await store.outbox.add(kept);
    const take = (into: string, ...more: string[]) =>
      admin(dir, ['outbox', 'take', into, '--store', location, ...more]);
    return { store, spool, kept, take };
  }

  it.skipIf(backend.skip)(
    'writes the oldest copies up to --limit as files of their exact message, and removes them',
    async () => {
      const { store, spool, kept, take } = await queuedStore();
      const first = await take(spool, '--limit', '2');
      expect(first).toMatchObject({ code: 0, err: '' });
      expect(first.out).toBe(`outbox take: 2 receipt copies written to ${spool}`);
      expect(readdirSync(spool).sort()).toEqual(kept.slice(0, 2).map((copy) => copy.name));
      for (const copy of kept.slice(0, 2)) {
        expect(readFileSync(join(spool, copy.name))).toEqual(Buffer.from(copy.message, 'utf8'));
      }
      expect((await store.outbox.list()).map((copy) => copy.name)).toEqual([kept[2]?.name]);
      expect((await take(spool)).out).toBe(`outbox take: 1 receipt copies written to ${spool}`);
      const last = kept[2] as OutboxCopy;
      expect(readFileSync(join(spool, last.name))).toEqual(Buffer.from(last.message, 'utf8'));
      expect(await store.outbox.list()).toEqual([]);
      expect((await take(spool)).out).toBe(`outbox take: 0 receipt copies written to ${spool}`);
      expect(readdirSync(spool)).toHaveLength(3);
    },
  );

  it.skipIf(backend.skip)(
    'removes no copy when a file cannot be written, leaves no part of one, and names the path',
    async () => {
      const { store, spool, kept, take } = await queuedStore();
      // The second copy's temporary file cannot be written: a directory holds its name.
      const blocked = join(spool, `.${kept[1]?.name}.tmp`);
      mkdirSync(blocked);
      const run = await take(spool);
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        `admin outbox take: ${blocked}: EISDIR: illegal operation on a directory; no receipt copy was taken`,
      );
      expect(readdirSync(spool)).toEqual([`.${kept[1]?.name}.tmp`]);
      expect((await store.outbox.list()).map(({ id: _id, ...copy }) => copy)).toEqual(kept);
      const missing = join(spool, 'gone');
      const refused = await take(missing);
      expect(refused.err).toBe(
        `admin outbox take: ${missing}: ENOENT: no such file or directory; no receipt copy was taken`,
      );
      expect(await store.outbox.list()).toHaveLength(3);
    },
  );
});

describe('admin outbox take', () => {
  it('refuses a --limit that is not a whole number from 1 to 1000, taking nothing', async () => {
    const dir = tempDir();
    for (const limit of ['0', '1001', '2.5', 'all']) {
      const run = await admin(dir, ['outbox', 'take', dir, '--limit', limit]);
      expect(run).toMatchObject({ code: 1, out: '' });
      expect(run.err).toBe(
        `admin outbox take: --limit: a whole number from 1 to 1000, not "${limit}"`,
      );
    }
  });

  it('is listed in the help with its usage, and asks for the folder', async () => {
    const dir = tempDir();
    expect((await admin(dir, ['help'])).out).toContain('outbox take <dir> [--limit N]');
    const run = await admin(dir, ['outbox', 'take']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('usage: outbox take <dir> [--limit N]');
  });
});

describe('moving an outbox folder', () => {
  it('keeps the folder when the store does not commit the copies', async () => {
    const kept = copies();
    const folder = legacyFolder(tempDir(), kept);
    const failing = {
      add: () => Promise.reject(new Error('connection lost')),
      list: () => Promise.resolve([]),
      take: () => Promise.resolve([]),
    };
    await expect(moveLegacyOutbox(folder, failing)).rejects.toThrow('connection lost');
    for (const copy of kept) expect(existsSync(join(folder, copy.name))).toBe(true);
  });
});
