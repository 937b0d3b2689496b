import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PasswordCache, type RememberLimits } from '../../../server/auth/password-cache.ts';
import type { PasswordCheckStore } from '../../../server/store/password-check-store.ts';
import { CardVault } from '../../../server/vault/index.ts';
import { accountsFixture } from '../helpers/accounts-fixture.ts';

const MINUTE = 60_000;
const LIMITS: RememberLimits = { idleMs: 60 * MINUTE, maxMs: 12 * 60 * MINUTE };

/** A cache over a fresh store holding the fixture's merchant, under `vault`'s digest key. */
async function cacheOver(limits = LIMITS, vault = new CardVault(randomBytes(32))) {
  const { store, merchant } = await accountsFixture();
  const writes: string[] = [];
  const counted: PasswordCheckStore = {
    find: (userId) => store.passwordChecks.find(userId),
    remember: (...args) => (writes.push('remember'), store.passwordChecks.remember(...args)),
    touch: (...args) => (writes.push('touch'), store.passwordChecks.touch(...args)),
    forget: (...args) => (writes.push('forget'), store.passwordChecks.forget(...args)),
  };
  const digest = (context: string, secret: string) => vault.credentialDigest(context, secret);
  const open = (v = vault) =>
    new PasswordCache(counted, (c, s) => v.credentialDigest(c, s), limits);
  return {
    cache: new PasswordCache(counted, digest, limits),
    open,
    store,
    login: merchant,
    writes,
  };
}

describe('PasswordCache', () => {
  it('remembers the password a login proved, and only that one', async () => {
    const { cache, login } = await cacheOver();
    expect(await cache.matches(login, 'right', 0)).toBe(false);
    await cache.remember(login, 'right', 0);
    expect(await cache.matches(login, 'right', 1)).toBe(true);
    expect(await cache.matches(login, 'wrong', 1)).toBe(false);
    expect(await cache.matches({ ...login, userId: login.userId + 1 }, 'right', 1)).toBe(false);
    expect(await cache.matches(undefined, 'right', 1)).toBe(false);
  });

  it('holds while it is used within the idle limit, up to the absolute limit', async () => {
    const { cache, login } = await cacheOver();
    await cache.remember(login, 'right', 0);
    for (let at = 50 * MINUTE; at < 12 * 60 * MINUTE; at += 50 * MINUTE) {
      expect(await cache.matches(login, 'right', at), `at ${at / MINUTE} min`).toBe(true);
    }
    expect(await cache.matches(login, 'right', 12 * 60 * MINUTE)).toBe(false);
    await cache.remember(login, 'right', 0);
    expect(await cache.matches(login, 'right', 60 * MINUTE)).toBe(false);
  });

  it('survives a restart through the store, but not a store read without the vault key', async () => {
    const { cache, open, login } = await cacheOver();
    await cache.remember(login, 'right', 0);
    expect(await cache.matches(login, 'right', 10 * MINUTE)).toBe(true);
    expect(await open().matches(login, 'right', 20 * MINUTE)).toBe(true);
    const otherKey = open(new CardVault(randomBytes(32)));
    expect(await otherKey.matches(login, 'right', 20 * MINUTE)).toBe(false);
  });

  it('stores a keyed digest, never the password, and writes a use only now and then', async () => {
    const { cache, store, login, writes } = await cacheOver();
    await cache.remember(login, 'right-password', 0);
    for (let at = 1; at <= 6 * MINUTE; at += 1000) await cache.matches(login, 'right-password', at);
    expect(writes).toEqual(['remember']);
    await cache.matches(login, 'right-password', 6 * MINUTE + 1);
    expect(writes).toEqual(['remember', 'touch']);
    const kept = await store.passwordChecks.find(login.userId);
    expect(kept?.usedAt).toBe(6 * MINUTE + 1);
    expect(kept?.digest.length).toBe(32);
    expect(store.database.serialize().includes('right-password')).toBe(false);
  });

  it('never holds after the stored hash changed, nor after forget, and remembers nothing at 0', async () => {
    const { cache, open, login } = await cacheOver();
    await cache.remember(login, 'right', 0);
    expect(
      await cache.matches({ ...login, passwordHash: 'scrypt$15$8$1$new$hash' }, 'right', 1),
    ).toBe(false);
    await cache.forget(login.userId);
    expect(await cache.matches(login, 'right', 2)).toBe(false);
    expect(await open().matches(login, 'right', 2)).toBe(false);
    const { cache: off, login: again } = await cacheOver({ idleMs: 0, maxMs: LIMITS.maxMs });
    await off.remember(again, 'right', 0);
    expect(await off.matches(again, 'right', 0)).toBe(false);
  });
});
