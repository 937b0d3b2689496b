import { describe, expect, it } from 'vitest';
import {
  addressSubject,
  apiKeySubject,
  userSubject,
} from '../../../server/auth/credential-guard.ts';
import { accountsFixture } from '../helpers/accounts-fixture.ts';

const LIMIT = { maxFailures: 3, windowMs: 1000 };
const T = 1_900_000_000_000;

describe('CredentialFailureStore', () => {
  it('locks a subject at its limit within the window, for the window from that failure', async () => {
    const { accounts } = await accountsFixture();
    const { failures } = accounts;
    const user = userSubject(1);
    expect(await failures.record(user, LIMIT, T)).toEqual({ failures: 1, lockedUntil: null });
    expect(await failures.record(user, LIMIT, T + 400)).toEqual({ failures: 2, lockedUntil: null });
    expect(await failures.record(user, LIMIT, T + 900)).toEqual({
      failures: 3,
      lockedUntil: T + 1900,
    });
    expect(await failures.state(user)).toEqual({ failures: 3, lockedUntil: T + 1900 });
    expect(await failures.state(userSubject(2))).toBeUndefined();
    expect(await failures.listLocked(T + 1899)).toEqual([
      { kind: 'user', subject: '1', failures: 3, lockedUntil: T + 1900 },
    ]);
    expect(await failures.listLocked(T + 1900)).toEqual([]);
  });

  it('starts counting again once the window of the first failure has passed', async () => {
    const { accounts } = await accountsFixture();
    const key = apiKeySubject('P0123456789ABCDEF');
    await accounts.failures.record(key, LIMIT, T);
    await accounts.failures.record(key, LIMIT, T + 999);
    expect(await accounts.failures.record(key, LIMIT, T + 1000)).toEqual({
      failures: 1,
      lockedUntil: null,
    });
  });

  it('keeps subjects apart, clears one, and deletes rows neither counting nor locked', async () => {
    const { accounts, store } = await accountsFixture();
    const { failures } = accounts;
    const address = addressSubject('10.0.0.1');
    for (const at of [0, 1, 800]) await failures.record(address, LIMIT, T + at);
    await failures.record(userSubject(1), LIMIT, T);
    await failures.record(apiKeySubject('U0000000000000001'), LIMIT, T);
    expect((await failures.listLocked(T + 801)).map((locked) => locked.kind)).toEqual(['address']);
    expect(await failures.clear(userSubject(1))).toBe(true);
    expect(await failures.clear(userSubject(1))).toBe(false);
    await failures.record(userSubject(2), LIMIT, T + 1500);
    const rows = store.database
      .prepare('SELECT kind, subject FROM credential_failures ORDER BY kind')
      .all();
    expect(rows).toEqual([
      { kind: 'address', subject: '10.0.0.1' },
      { kind: 'user', subject: '2' },
    ]);
  });
});

describe('failure subjects', () => {
  it('counts IPv4 (also IPv4-mapped) by address and other IPv6 by its /64', () => {
    expect(addressSubject('127.0.0.5')).toEqual({ kind: 'address', subject: '127.0.0.5' });
    expect(addressSubject('::ffff:10.1.2.3')).toEqual({ kind: 'address', subject: '10.1.2.3' });
    expect(addressSubject('2001:db8:a:b:1:2:3:4').subject).toBe('2001:db8:a:b::/64');
    expect(addressSubject('2001:db8:a:b::9').subject).toBe('2001:db8:a:b::/64');
    expect(addressSubject('2001:0db8::1').subject).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1').subject).toBe('0:0:0:0::/64');
    expect(addressSubject('fe80::1%eth0').subject).toBe('fe80:0:0:0::/64');
    expect(addressSubject('unknown')).toEqual({ kind: 'address', subject: 'unknown' });
  });
});
