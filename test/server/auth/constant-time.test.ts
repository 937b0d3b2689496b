import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openAccounts } from '../../../server/accounts/accounts.ts';
import { DEFAULT_AUTH_LIMITS } from '../../../server/auth/auth-limits.ts';
import { Authenticator } from '../../../server/auth/authenticator.ts';
import type { PresentedCredentials } from '../../../server/auth/credentials.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { accountsFixture, FIXTURE_PASSWORD, memoryVault } from '../helpers/accounts-fixture.ts';

// Timing is compared, never asserted against a clock: the two kinds of request alternate, one
// pair A then B, the next B then A, each pair gives one difference, and the median of the differences (robust to the
// pauses a shared machine inflicts on either side alike) must stay under a share of the check's
// own median time, so a leak fails alike on a fast machine and on a loaded, slow one. The unknown
// key id's 2 µs head start of a plain lookup (a quarter of that check) fails it five times over.
// A password check, one scrypt swinging widely under load, takes more pairs before it fails.

/** Largest median difference tolerated for an API key, as a share of the median check. */
const KEY_TOLERANCE = 0.05;
/**
 * The same for a password, whose check is one scrypt whose time swings widely on a loaded machine:
 * a leak there is a scrypt more or less (100%), which half of it catches while another suite loads the machine.
 */
const PASSWORD_TOLERANCE = 0.5;
/** No counting ever refuses: every sample does the whole check and counts its failure. */
const UNLIMITED = { maxFailures: 1_000_000_000, windowMs: 60_000 };
const LIMITS = { ...DEFAULT_AUTH_LIMITS, throttle: UNLIMITED, lockout: UNLIMITED };
const SOURCE = '10.1.2.3';

const apiKey = (keyId: string, secret: string): PresentedCredentials => ({
  primary: { kind: 'apikey', keyId, secret },
  mfaCode: undefined,
  mfaCookie: undefined,
  dual: undefined,
});
const password = (username: string, secret: string): PresentedCredentials => ({
  primary: { kind: 'password', username, password: secret },
  mfaCode: undefined,
  mfaCookie: undefined,
  dual: undefined,
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Median of the paired differences (a − b, ns) as a share of the median time of one check of a,
 * over `pairs` pairs after `warmup`; while the share is not under `tolerance`, up to `rounds`
 * rounds of pairs more are taken and judged with the ones before, so a pause of the shared
 * machine is outvoted while a leak, present in every pair, stays.
 */
async function gapShare(
  pairs: number,
  warmup: number,
  a: () => Promise<unknown>,
  b: typeof a,
  tolerance: number,
  rounds = 1,
) {
  const time = async (run: typeof a) => {
    const start = process.hrtime.bigint();
    await run();
    return Number(process.hrtime.bigint() - start);
  };
  const differences: number[] = [];
  const times: number[] = [];
  for (let i = 0; ; i += 1) {
    const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
    const firstTime = await time(first);
    const secondTime = await time(second);
    const [ta, tb] = first === a ? [firstTime, secondTime] : [secondTime, firstTime];
    if (i < warmup) continue;
    differences.push(ta - tb);
    times.push(ta);
    if (differences.length % pairs !== 0) continue;
    const gap = median(differences);
    const check = median(times);
    const share = Math.abs(gap) / check;
    if (share < tolerance || differences.length >= pairs * rounds)
      return {
        share,
        text: `gap ${gap} ns on a check of ${check} ns, ${differences.length} pairs`,
      };
  }
}

/**
 * A store that records every statement it runs, in order, with its literal values (quoted text,
 * numbers) taken out, so runs that differ only in the values bound compare equal.
 */
function tracedStore(trace: string[]): SqliteServiceStore {
  const shape = (sql: unknown) =>
    String(sql)
      .replace(/'(?:[^']|'')*'/g, '?')
      .replace(/\b\d+(?:\.\d+)?\b/g, '?');
  return new SqliteServiceStore(':memory:', { verbose: (sql) => trace.push(shape(sql)) });
}

describe('credential checks take the same time for unknown names as for wrong secrets', () => {
  it('runs the same statements for an unknown key id as for a known one with a wrong secret', async () => {
    const trace: string[] = [];
    const accounts = openAccounts(tracedStore(trace), memoryVault(), randomBytes(32));
    const owner = await accounts.users.createMerchant('acme', 'scrypt$15$8$1$AA==$AA==', 'UTC', 0);
    const { keyId } = await accounts.apiKeys.create(owner.userId, null, 'lane');
    const authenticator = new Authenticator(accounts, LIMITS, pino({ level: 'silent' }));
    /** The answer a client sees (the log line alone names whom the failure counted against). */
    const traceOf = async (credentials: PresentedCredentials) => {
      trace.length = 0;
      const outcome = await authenticator.authenticate(credentials, SOURCE, new Date());
      const result = 'denial' in outcome ? { ...outcome.denial, subject: undefined } : outcome;
      return { result, statements: [...trace] };
    };
    const known = await traceOf(apiKey(keyId, 'wrong'));
    const unknown = await traceOf(apiKey('P0123456789ABCDEF', 'wrong'));
    expect(unknown.result).toEqual(known.result);
    expect(unknown.statements).toEqual(known.statements);
    expect(known.statements.length).toBeGreaterThanOrEqual(3);
    const wrongPassword = await traceOf(password('acme', 'wrong'));
    const unknownUser = await traceOf(password('nosuch', 'wrong'));
    expect(unknownUser.result).toEqual(wrongPassword.result);
    expect(unknownUser.statements).toEqual(wrongPassword.statements);
  });

  it('answers every key id and name the same from a throttled address, with the same statements', async () => {
    const trace: string[] = [];
    const accounts = openAccounts(tracedStore(trace), memoryVault(), randomBytes(32));
    const owner = await accounts.users.createMerchant('acme', 'scrypt$15$8$1$AA==$AA==', 'UTC', 0);
    const { keyId } = await accounts.apiKeys.create(owner.userId, null, 'lane');
    const throttleAtOnce = { ...LIMITS, throttle: { maxFailures: 1, windowMs: 60_000 } };
    const authenticator = new Authenticator(accounts, throttleAtOnce, pino({ level: 'silent' }));
    await authenticator.authenticate(apiKey('P00000000000000FF', 'wrong'), SOURCE, new Date());
    const traceOf = async (credentials: PresentedCredentials) => {
      trace.length = 0;
      const outcome = await authenticator.authenticate(credentials, SOURCE, new Date());
      return {
        code: 'denial' in outcome ? outcome.denial.msoftCode : 'none',
        statements: [...trace],
      };
    };
    const known = await traceOf(apiKey(keyId, 'wrong'));
    const unknown = await traceOf(apiKey('P0123456789ABCDEF', 'wrong'));
    expect(known.code).toBe('ACCT_THROTTLED');
    expect(unknown).toEqual(known);
    const wrongPassword = await traceOf(password('acme', 'wrong'));
    const unknownUser = await traceOf(password('nosuch', 'wrong'));
    expect([wrongPassword.code, unknownUser.code]).toEqual(['ACCT_THROTTLED', 'ACCT_THROTTLED']);
  });

  it('answers an unknown key id in the time of a known key id with a wrong secret', async () => {
    const { accounts, merchant, profileId } = await accountsFixture();
    const { keyId } = await accounts.apiKeys.create(merchant.userId, profileId, 'lane');
    const authenticator = new Authenticator(accounts, LIMITS, pino({ level: 'silent' }));
    const secret = randomBytes(32).toString('base64url');
    const { share, text } = await gapShare(
      20_000,
      2000,
      () => authenticator.authenticate(apiKey(keyId, secret), SOURCE, new Date()),
      () => authenticator.authenticate(apiKey('P0123456789ABCDEF', secret), SOURCE, new Date()),
      KEY_TOLERANCE,
    );
    expect(share, text).toBeLessThan(KEY_TOLERANCE);
  });

  it(
    'answers an unknown user in the time of a known user with a wrong password',
    {
      timeout: 120_000,
    },
    async () => {
      const { accounts } = await accountsFixture();
      const authenticator = new Authenticator(accounts, LIMITS, pino({ level: 'silent' }));
      const now = new Date();
      const known = await authenticator.authenticate(
        password('acme', FIXTURE_PASSWORD),
        SOURCE,
        now,
      );
      expect(known).toHaveProperty('identity.proof', 'password');
      const { share, text } = await gapShare(
        24,
        1,
        () => authenticator.authenticate(password('acme', 'wrong-password'), SOURCE, new Date()),
        () => authenticator.authenticate(password('nosuch', 'wrong-password'), SOURCE, new Date()),
        PASSWORD_TOLERANCE,
        3,
      );
      expect(share, text).toBeLessThan(PASSWORD_TOLERANCE);
    },
  );

  it(
    'answers an unknown user in the time of a known user with a wrong password from a throttled address',
    { timeout: 120_000 },
    async () => {
      const { accounts } = await accountsFixture();
      const throttleAtOnce = { ...LIMITS, throttle: { maxFailures: 1, windowMs: 600_000 } };
      const authenticator = new Authenticator(accounts, throttleAtOnce, pino({ level: 'silent' }));
      const refused = await authenticator.authenticate(password('nobody', 'x'), SOURCE, new Date());
      expect(refused).toHaveProperty('denial.msoftCode', 'ACCT_AUTHFAIL');
      const answers = new Set<string>();
      const run = (username: string) => async () => {
        const outcome = await authenticator.authenticate(
          password(username, 'wrong-password'),
          SOURCE,
          new Date(),
        );
        answers.add('denial' in outcome ? outcome.denial.msoftCode : 'verified');
      };
      const { share, text } = await gapShare(
        12,
        1,
        run('acme'),
        run('nosuch'),
        PASSWORD_TOLERANCE,
        3,
      );
      expect([...answers]).toEqual(['ACCT_THROTTLED']);
      expect(share, text).toBeLessThan(PASSWORD_TOLERANCE);
    },
  );
});
