import { describe, expect, it } from 'vitest';
import { PasswordCache } from '../../../server/auth/password-cache.ts';

const login = { userId: 7, passwordHash: 'scrypt$15$8$1$salt$hash' };

describe('PasswordCache', () => {
  it('remembers the password a login proved, and only that one, for its lifetime', () => {
    const cache = new PasswordCache(1000);
    expect(cache.matches(login, 'right', 0)).toBe(false);
    cache.remember(login, 'right', 0);
    expect(cache.matches(login, 'right', 999)).toBe(true);
    expect(cache.matches(login, 'wrong', 999)).toBe(false);
    expect(cache.matches({ ...login, userId: 8 }, 'right', 999)).toBe(false);
    expect(cache.matches(undefined, 'right', 999)).toBe(false);
    expect(cache.matches(login, 'right', 1000)).toBe(false);
    expect(cache.matches(login, 'right', 0)).toBe(false);
  });

  it('never holds after the stored hash changed, nor after forget', () => {
    const cache = new PasswordCache(60_000);
    cache.remember(login, 'right', 0);
    expect(cache.matches({ ...login, passwordHash: 'scrypt$15$8$1$new$hash' }, 'right', 1)).toBe(
      false,
    );
    expect(cache.matches(login, 'right', 2)).toBe(false);
    cache.remember(login, 'right', 3);
    cache.forget(login.userId);
    expect(cache.matches(login, 'right', 4)).toBe(false);
  });

  it('remembers nothing with a lifetime of 0', () => {
    const cache = new PasswordCache(0);
    cache.remember(login, 'right', 0);
    expect(cache.matches(login, 'right', 0)).toBe(false);
  });

  it('keys its digests per process: another cache does not take this one’s entries', () => {
    const first = new PasswordCache(60_000);
    const second = new PasswordCache(60_000);
    first.remember(login, 'right', 0);
    expect(second.matches(login, 'right', 1)).toBe(false);
    expect(first.matches(login, 'right', 1)).toBe(true);
  });
});
