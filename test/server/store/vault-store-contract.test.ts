import { describe, expect, it } from 'vitest';
import {
  postgresBackend,
  sqliteBackend,
  useStores,
  type BackendUnderTest,
} from './store-fixture.ts';

const BACKENDS: BackendUnderTest[] = [sqliteBackend(), postgresBackend()];

const FIRST = { vault: '0011223344556677', wrappedJson: '{"format":1,"n":1}' };
const SECOND = { vault: '8899aabbccddeeff', wrappedJson: '{"format":1,"n":2}' };

/**
 * The contract of the shared card vault's area (vault-store.ts), the same on every back end, from
 * two stores over one database: on PostgreSQL two instances.
 */
describe.each(BACKENDS)('vault store on $name', (backend) => {
  const { pair } = useStores(backend);

  it.skipIf(backend.skip)('keeps the first vault key either store puts, for both', async () => {
    const [a, b] = await pair();
    expect(await a.vault.key()).toBeUndefined();
    const made = await Promise.all([a.vault.createKey(FIRST, 1), b.vault.createKey(SECOND, 2)]);
    expect(made.filter(Boolean)).toHaveLength(1);
    const kept = made[0] ? FIRST : SECOND;
    expect(await a.vault.key()).toEqual(kept);
    expect(await b.vault.key()).toEqual(kept);
  });

  it.skipIf(backend.skip)('replaces the wrapping only from the one still there', async () => {
    const [a, b] = await pair();
    await a.vault.createKey(FIRST, 1);
    expect(await b.vault.replaceKey('{"format":1,"n":9}', '{"x":1}', 2)).toBe(false);
    expect(await b.vault.replaceKey(FIRST.wrappedJson, SECOND.wrappedJson, 2)).toBe(true);
    expect(await a.vault.replaceKey(FIRST.wrappedJson, '{"x":2}', 3)).toBe(false);
    expect(await a.vault.key()).toEqual({ vault: FIRST.vault, wrappedJson: SECOND.wrappedJson });
  });

  it.skipIf(backend.skip)('keeps the first sealed service key of a name', async () => {
    const [a, b] = await pair();
    expect(await a.vault.serviceKey('totp')).toBeUndefined();
    const first = Buffer.from('first sealed');
    expect(await a.vault.keepServiceKey('totp', first, 1)).toEqual(first);
    expect(await b.vault.keepServiceKey('totp', Buffer.from('second'), 2)).toEqual(first);
    expect(await b.vault.serviceKey('totp')).toEqual(first);
    expect(await b.vault.serviceKey('other')).toBeUndefined();
  });
});
