// The cost of authenticating one request: a remembered password beside an API key (the baseline),
// on a real in-memory store; what a client sending its password with every request pays per request.
import pino from 'pino';
import { bench, describe } from 'vitest';
import { DEFAULT_AUTH_LIMITS } from '../../server/auth/auth-limits.ts';
import { Authenticator } from '../../server/auth/authenticator.ts';
import type { PresentedCredentials } from '../../server/auth/credentials.ts';
import { accountsFixture, FIXTURE_PASSWORD } from '../server/helpers/accounts-fixture.ts';

const { accounts, merchant, profileId } = await accountsFixture();
const key = await accounts.apiKeys.create(merchant.userId, profileId, 'lane');
const authenticator = new Authenticator(accounts, DEFAULT_AUTH_LIMITS, pino({ level: 'silent' }));
const presented = (primary: PresentedCredentials['primary']): PresentedCredentials => ({
  primary,
  mfaCode: undefined,
  mfaCookie: undefined,
  dual: undefined,
});
const API_KEY = presented({ kind: 'apikey', keyId: key.keyId, secret: key.secret });
const PASSWORD = presented({
  kind: 'password',
  username: 'acme:clerk',
  password: FIXTURE_PASSWORD,
});
const first = await authenticator.authenticate(PASSWORD, '127.0.0.1', new Date());
if (!('identity' in first)) throw new Error('the fixture password was refused');

describe('authenticating one request', () => {
  bench('baseline: API key (SHA-256 digest)', async () => {
    await authenticator.authenticate(API_KEY, '127.0.0.1', new Date());
  });
  bench('LaneTerm: username and password, remembered after one scrypt', async () => {
    await authenticator.authenticate(PASSWORD, '127.0.0.1', new Date());
  });
});
