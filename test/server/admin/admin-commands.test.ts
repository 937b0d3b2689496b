import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { openAccounts } from '../../../server/accounts/accounts.ts';
import { openSecretKey } from '../../../server/accounts/secret-box.ts';
import { secretMatches } from '../../../server/accounts/secret-digest.ts';
import { addressSubject, userSubject } from '../../../server/auth/credential-guard.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { admin } from '../helpers/admin-run.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';
import { CardVault } from '../../../server/vault/index.ts';

const tempDir = useTempDirs();

async function merchantWithClerk(dir: string) {
  expect((await admin(dir, ['add-user', 'acme', '--password', 'merchant-pw'])).code).toBe(0);
  expect(
    (await admin(dir, ['add-sub-user', 'acme:clerk', '--password-stdin'], 'clerk-pw1\n')).code,
  ).toBe(0);
  expect((await admin(dir, ['add-profile', 'acme', 'front'])).code).toBe(0);
}

function openDir(dir: string) {
  const store = new SqliteServiceStore(join(dir, 'service.db'));
  return {
    store,
    accounts: openAccounts(
      store,
      CardVault.open(dir),
      openSecretKey(join(dir, 'totp-key.sealed'), CardVault.open(dir)),
    ),
  };
}

describe('admin commands', () => {
  it('lists every command with its usage', async () => {
    const run = await admin(tempDir(), ['help']);
    expect(run.code).toBe(0);
    for (const name of [
      'add-user',
      'add-sub-user',
      'add-profile',
      'set-default-profile',
      'set-permissions',
      'create-api-key',
      'list-api-keys',
      'revoke-api-key',
      'enable-mfa',
      'set-dual-auth',
      'unlock',
      'locked',
      'disable-user',
      'enable-user',
    ]) {
      expect(run.out).toContain(name);
    }
  });

  it('creates users, sub-users and profiles, and sets defaults and permissions', async () => {
    const dir = tempDir();
    await merchantWithClerk(dir);
    expect((await admin(dir, ['set-default-profile', 'acme:clerk', 'front'])).out).toMatch(
      /acme:clerk: default profile \d+ "front"/,
    );
    expect((await admin(dir, ['set-permissions', 'acme:clerk', 'sale,trandetail'])).code).toBe(0);
    const shown = await admin(dir, ['show-merchant', 'acme']);
    expect(shown.out).toContain('profile 1 "front" (loopback)');
    expect(shown.out).toContain(
      'user acme:clerk: default profile 1; may run sale, trandetail; MFA off',
    );
    expect(shown.out).toContain('user acme: default profile none; may run every operation');
    const { accounts, store } = openDir(dir);
    const clerk = await accounts.users.find({ merchant: 'acme', sub: 'clerk' });
    expect(clerk && (await accounts.permissions.allows(clerk, 'sale'))).toBe(true);
    expect(clerk && (await accounts.permissions.allows(clerk, 'reversal'))).toBe(false);
    await store.close();
  });

  it('prints a new API key’s secret once and stores only its digest', async () => {
    const dir = tempDir();
    await merchantWithClerk(dir);
    const created = await admin(dir, ['create-api-key', 'acme:clerk', '--profile', 'front']);
    expect(created.code).toBe(0);
    const keyId = /api key id: +(P[0-9A-F]{16})/.exec(created.out)?.[1] ?? '';
    const secret = /api key secret: +(\S+)/.exec(created.out)?.[1] ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await admin(dir, ['list-api-keys', 'acme']);
    expect(listed.out).toContain(keyId);
    expect(listed.out).toContain('acme:clerk  profile "front"');
    expect(listed.out).not.toContain(secret);
    const database = readFileSync(join(dir, 'service.db'));
    expect(database.includes(Buffer.from(secret))).toBe(false);
    const { accounts, store } = openDir(dir);
    expect(
      secretMatches(secret, (await accounts.apiKeys.lookup(keyId)).key?.secretHash ?? ''),
    ).toBe(true);
    await store.close();
    expect((await admin(dir, ['revoke-api-key', keyId])).out).toContain('revoked');
    expect((await admin(dir, ['list-api-keys', 'acme'])).out).toMatch(/revoked \d{4}-/);
    expect((await admin(dir, ['revoke-api-key', keyId])).code).toBe(1);
  });

  it('enables MFA with an otpauth URI whose secret yields accepted codes', async () => {
    const dir = tempDir();
    await merchantWithClerk(dir);
    const run = await admin(dir, ['enable-mfa', 'acme:clerk']);
    const secret = /secret=([A-Z2-7]+)/.exec(run.out)?.[1] ?? '';
    expect(run.out).toContain('otpauth://totp/LaneTerm:acme%3Aclerk?secret=');
    const { accounts, store } = openDir(dir);
    const clerk = await accounts.users.find({ merchant: 'acme', sub: 'clerk' });
    expect(await accounts.mfa.verifyCode(clerk?.userId ?? 0, authenticator.generate(secret))).toBe(
      'accepted',
    );
    await store.close();
    expect((await admin(dir, ['disable-mfa', 'acme:clerk'])).code).toBe(0);
    expect((await admin(dir, ['disable-mfa', 'acme:clerk'])).code).toBe(1);
  });

  it('sets the operations needing dual authorization', async () => {
    const dir = tempDir();
    await merchantWithClerk(dir);
    expect((await admin(dir, ['set-dual-auth', 'acme', 'reversal,refund'])).out).toBe(
      'acme: dual authorization for reversal, refund',
    );
    const { accounts, store } = openDir(dir);
    expect(await accounts.permissions.dualOperations(1)).toEqual(['refund', 'reversal']);
    await store.close();
    expect((await admin(dir, ['set-dual-auth', 'acme', 'none'])).code).toBe(0);
  });

  it('replaces a password', async () => {
    const dir = tempDir();
    await merchantWithClerk(dir);
    expect(
      (await admin(dir, ['set-password', 'acme:clerk', '--password', 'new-password'])).code,
    ).toBe(0);
  });

  it('lists locks and throttles, ends a lock, and disables and enables a user', async () => {
    const dir = tempDir();
    await merchantWithClerk(dir);
    expect((await admin(dir, ['locked'])).out).toBe('nothing locked or throttled');
    const { accounts, store } = openDir(dir);
    const clerk = await accounts.users.find({ merchant: 'acme', sub: 'clerk' });
    const limit = { maxFailures: 1, windowMs: 3_600_000 };
    await accounts.failures.record(userSubject(clerk?.userId ?? 0), limit, Date.now());
    await accounts.failures.record(addressSubject('10.9.8.7'), limit, Date.now());
    const listed = (await admin(dir, ['locked'])).out.split('\n');
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(/^user acme:clerk {2}locked until \S+Z {2}failed attempts: 1$/);
    expect(listed[1]).toMatch(/^address 10\.9\.8\.7 \(unknown names\) {2}throttled until /);
    expect((await admin(dir, ['unlock', 'acme:clerk'])).out).toBe('acme:clerk: unlocked');
    expect((await admin(dir, ['unlock', 'acme:clerk'])).err).toMatch(/not locked/);
    expect((await admin(dir, ['disable-user', 'acme:clerk'])).out).toBe('acme:clerk: disabled');
    expect((await accounts.users.findById(clerk?.userId ?? 0))?.disabled).toBe(true);
    expect((await admin(dir, ['show-merchant', 'acme'])).out).toMatch(/acme:clerk: .*; disabled/);
    expect((await admin(dir, ['enable-user', 'acme:clerk'])).out).toBe('acme:clerk: enabled');
    expect((await accounts.users.findById(clerk?.userId ?? 0))?.disabled).toBe(false);
    await store.close();
  });

  it('refuses bad input with a message naming the problem, changing nothing', async () => {
    const dir = tempDir();
    await merchantWithClerk(dir);
    const cases: [string[], number, RegExp][] = [
      [['no-such-command'], 2, /unknown command "no-such-command"/],
      [['add-user'], 2, /expects 1 argument/],
      [['add-user', 'x', '--bogus'], 2, /Unknown option '--bogus'/],
      [['add-user', 'a|b', '--password', 'long-enough'], 1, /merchant name: 1 to 64/],
      [['add-user', 'acme', '--password', 'long-enough'], 1, /"acme": already exists/],
      [['add-user', 'shop', '--password', 'short'], 1, /at least 8 characters/],
      [['add-user', 'shop'], 1, /exactly one of --password or --password-stdin/],
      [
        ['add-user', 'shop', '--password', 'long-enough', '--time-zone', 'Mars/Base'],
        1,
        /not an IANA zone/,
      ],
      [['add-sub-user', 'acme', '--password', 'long-enough'], 1, /merchant:sub/],
      [['add-sub-user', 'nobody:x', '--password', 'long-enough'], 1, /"nobody": no such user/],
      [['set-permissions', 'acme:clerk', 'sale,steal'], 1, /"steal": not an operation/],
      [['set-permissions', 'acme', 'sale'], 1, /merchant user may always/],
      [['set-default-profile', 'acme', 'nope'], 1, /profile "nope": not a profile/],
      [['create-api-key', 'acme:ghost'], 1, /"acme:ghost": no such user/],
      [['unlock', 'acme:ghost'], 1, /"acme:ghost": no such user/],
      [['disable-user'], 2, /expects 1 argument/],
    ];
    for (const [argv, code, message] of cases) {
      const run = await admin(dir, argv);
      expect({ argv, code: run.code }).toEqual({ argv, code });
      expect(run.err).toMatch(message);
    }
    const { accounts, store } = openDir(dir);
    expect(await accounts.users.find({ merchant: 'shop', sub: '' })).toBeUndefined();
    await store.close();
  });
});
