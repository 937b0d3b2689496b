import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_LIMITS } from '../../../server/auth/auth-limits.ts';
import { Authenticator, type AuthResult } from '../../../server/auth/authenticator.ts';
import type { PresentedCredentials } from '../../../server/auth/credentials.ts';
import { SCRYPT, type PasswordVerifier } from '../../../server/auth/password-check.ts';
import { accountsFixture, FIXTURE_PASSWORD } from '../helpers/accounts-fixture.ts';

// Floods against the authenticator of a store, with one scrypt slot as on a small till server.
// scrypt is real; what is counted is how often it runs, never how long anything takes.

/** scrypt, counting the checks of stored hashes and of the decoy. */
function countingScrypt(): PasswordVerifier & { verified: number; decoys: number } {
  const counter = {
    verified: 0,
    decoys: 0,
    verify: (password: string, hash: string) => {
      counter.verified += 1;
      return SCRYPT.verify(password, hash);
    },
    decoy: (password: string) => {
      counter.decoys += 1;
      return SCRYPT.decoy(password);
    },
  };
  return counter;
}

const password = (username: string, secret: string): PresentedCredentials => ({
  primary: { kind: 'password', username, password: secret },
  mfaCode: undefined,
  mfaCookie: undefined,
  dual: undefined,
});

/** The msoft_code a client would see, or how the identity proved itself. */
const seen = (result: AuthResult): string =>
  'denial' in result ? result.denial.msoftCode : `verified by ${result.identity.proof}`;

async function authenticatorWithCounter() {
  const fixture = await accountsFixture();
  const scrypt = countingScrypt();
  const limits = { ...DEFAULT_AUTH_LIMITS, passwordChecks: 1 };
  const logger = pino({ level: 'silent' });
  return { ...fixture, scrypt, auth: new Authenticator(fixture.accounts, limits, logger, scrypt) };
}

describe('password checks a flood cannot spend', () => {
  it('spends no scrypt on names that match no login, and a first login meanwhile is checked', async () => {
    const { auth, scrypt } = await authenticatorWithCounter();
    const now = new Date();
    const flood = Array.from({ length: 150 }, (_, address) =>
      Array.from({ length: 10 }, (_, n) =>
        auth.authenticate(password(`nobody-${address}-${n}`, 'guess'), `10.9.${address}.1`, now),
      ),
    ).flat();
    const legitimate = auth.authenticate(password('acme', FIXTURE_PASSWORD), '10.1.1.1', now);
    expect(seen(await legitimate)).toBe('verified by password');
    const answers = (await Promise.all(flood)).map(seen);
    expect(answers).toEqual(Array(1500).fill('ACCT_AUTHFAIL'));
    expect(scrypt.verified).toBe(1);
    expect(scrypt.decoys).toBeLessThanOrEqual(1);
  });

  it('spends at most ten scrypt checks on an account per lockout window, then none', async () => {
    const { auth, scrypt } = await authenticatorWithCounter();
    const now = new Date();
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        auth.authenticate(password('acme', `guess-${i}`), `10.2.${i % 5}.1`, now),
      ),
    );
    const answers = guesses.map(seen).sort();
    expect(answers).toEqual([...Array(10).fill('ACCT_AUTHFAIL'), ...Array(15).fill('ACCT_LOCKED')]);
    expect(seen(await auth.authenticate(password('acme', FIXTURE_PASSWORD), '10.3.0.1', now))).toBe(
      'ACCT_LOCKED',
    );
    expect(scrypt.verified).toBe(10);
    expect(scrypt.decoys).toBe(0);
  });

  it('answers every name the same from a throttled address, and still admits a right password', async () => {
    const { auth, scrypt } = await authenticatorWithCounter();
    const now = new Date();
    const source = '10.4.0.1';
    for (let n = 0; n < 10; n += 1) {
      expect(seen(await auth.authenticate(password(`nobody-${n}`, 'guess'), source, now))).toBe(
        'ACCT_AUTHFAIL',
      );
    }
    const unknown = await auth.authenticate(password('nobody-else', 'guess'), source, now);
    const known = await auth.authenticate(password('acme', 'guess'), source, now);
    const sub = await auth.authenticate(password('acme:clerk', 'guess'), source, now);
    expect([unknown, known, sub].map(seen)).toEqual(Array(3).fill('ACCT_THROTTLED'));
    const right = await auth.authenticate(password('acme', FIXTURE_PASSWORD), source, now);
    expect(seen(right)).toBe('verified by password');
    expect(scrypt.verified).toBe(3);
  });
});
