import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { accountsFixture } from '../helpers/accounts-fixture.ts';

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (secret: string, when: Date) =>
  authenticator.clone({ epoch: when.getTime() }).generate(secret);

describe('MfaStore (TOTP, RFC 6238)', () => {
  it('gives an otpauth URI naming the user and the base32 secret', async () => {
    const { accounts, clerk } = await accountsFixture();
    const { secret, uri } = await accounts.mfa.enable(clerk.userId, clerk.username, T0);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/LaneTerm:acme%3Aclerk?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=LaneTerm`,
    );
    expect(await accounts.mfa.isEnabled(clerk.userId)).toBe(true);
  });

  it('stores the secret sealed, not in the clear', async () => {
    const { store, accounts, clerk } = await accountsFixture();
    const { secret } = await accounts.mfa.enable(clerk.userId, clerk.username, T0);
    const row = store.database
      .prepare('SELECT secret_sealed FROM user_mfa')
      .pluck()
      .get() as string;
    expect(row).toMatch(/^v1:/);
    expect(row).not.toContain(secret);
  });

  it('accepts the current code and the codes one step either side, and nothing further', async () => {
    const { accounts, clerk } = await accountsFixture();
    const { secret } = await accounts.mfa.enable(clerk.userId, clerk.username, T0);
    const verdict = (when: Date) =>
      accounts.mfa.verifyCode(clerk.userId, codeAt(secret, when), at(0));
    expect(await verdict(at(-30))).toBe('accepted');
    expect(await verdict(at(0))).toBe('accepted');
    expect(await verdict(at(30))).toBe('accepted');
    expect(await verdict(at(90))).toBe('failure');
  });

  it('never accepts a code twice, nor an older one after a newer (RFC 6238 §5.2)', async () => {
    const { accounts, clerk } = await accountsFixture();
    const { secret } = await accounts.mfa.enable(clerk.userId, clerk.username, T0);
    const code = codeAt(secret, at(0));
    expect(await accounts.mfa.verifyCode(clerk.userId, code, at(0))).toBe('accepted');
    expect(await accounts.mfa.verifyCode(clerk.userId, code, at(5))).toBe('failure');
    expect(await accounts.mfa.verifyCode(clerk.userId, codeAt(secret, at(-30)), at(5))).toBe(
      'repeat',
    );
    expect(await accounts.mfa.verifyCode(clerk.userId, codeAt(secret, at(30)), at(30))).toBe(
      'accepted',
    );
  });

  it('takes replays of one code, however many at once, for one failure', async () => {
    const { accounts, clerk } = await accountsFixture();
    const { secret } = await accounts.mfa.enable(clerk.userId, clerk.username, T0);
    const code = codeAt(secret, at(0));
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, () => accounts.mfa.verifyCode(clerk.userId, code, at(1))),
    );
    expect(verdicts.sort()).toEqual(['accepted', 'failure', ...Array(6).fill('repeat')]);
    const later = codeAt(secret, at(30));
    expect(await accounts.mfa.verifyCode(clerk.userId, later, at(30))).toBe('accepted');
    expect(await accounts.mfa.verifyCode(clerk.userId, later, at(31))).toBe('failure');
    expect(await accounts.mfa.verifyCode(clerk.userId, later, at(32))).toBe('repeat');
  });

  it('refuses a wrong code, a code of the wrong shape, and users without MFA', async () => {
    const { accounts, clerk, merchant } = await accountsFixture();
    const { secret } = await accounts.mfa.enable(clerk.userId, clerk.username, T0);
    const right = codeAt(secret, at(0));
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await accounts.mfa.verifyCode(clerk.userId, wrong, at(0))).toBe('failure');
    expect(await accounts.mfa.verifyCode(clerk.userId, wrong, at(1))).toBe('failure');
    expect(await accounts.mfa.verifyCode(clerk.userId, ` ${right}`, at(0))).toBe('failure');
    expect(await accounts.mfa.verifyCode(merchant.userId, right, at(0))).toBe('failure');
  });

  it('forgets the secret when MFA is turned off', async () => {
    const { accounts, clerk } = await accountsFixture();
    await accounts.mfa.enable(clerk.userId, clerk.username, T0);
    expect(await accounts.mfa.disable(clerk.userId)).toBe(true);
    expect(await accounts.mfa.isEnabled(clerk.userId)).toBe(false);
    expect(await accounts.mfa.disable(clerk.userId)).toBe(false);
  });
});

describe('MfaCookieStore', () => {
  it('issues a cookie for one user, stored as a digest, usable until it expires', async () => {
    const { store, accounts, clerk, merchant } = await accountsFixture();
    const { cookie, expiresAt } = await accounts.mfaCookies.issue(clerk.userId, 3600, T0);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(T0.getTime() / 1000 + 3600);
    const stored = store.database.prepare('SELECT cookie_hash FROM mfa_cookies').pluck().all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]).not.toBe(cookie);
    expect(await accounts.mfaCookies.verify(clerk.userId, cookie, at(3599))).toBe(true);
    expect(await accounts.mfaCookies.verify(clerk.userId, cookie, at(3600))).toBe(false);
    expect(await accounts.mfaCookies.verify(merchant.userId, cookie, at(0))).toBe(false);
    expect(await accounts.mfaCookies.verify(clerk.userId, `${cookie}x`, at(0))).toBe(false);
  });

  it('drops a user’s expired cookies when a new one is issued', async () => {
    const { store, accounts, clerk } = await accountsFixture();
    await accounts.mfaCookies.issue(clerk.userId, 60, T0);
    await accounts.mfaCookies.issue(clerk.userId, 60, at(120));
    expect(store.database.prepare('SELECT COUNT(*) FROM mfa_cookies').pluck().get()).toBe(1);
  });
});
