import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentError,
  type AuthSettings,
  type CallOptions,
  type PaymentClient,
  type PaymentResult,
  type TransportKind,
} from '../../main/payment/index.ts';
import { admin } from '../server/helpers/admin-run.ts';
import { DEMO_LOGIN, TRANSPORTS, laneClient } from './helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from './helpers/service-process.ts';
import { CARD, observe, ttidOf } from './operation-scenarios.ts';
import type { Observed } from './transport-differences.ts';

let service: ServiceProcess;
const opened: PaymentClient[] = [];

beforeAll(async () => {
  service = await startServiceProcess(undefined, ['--throttle-failures', '1000']);
});

afterAll(async () => {
  for (const client of opened) await client.close();
  await stopServiceProcess(service);
});

/** Runs the service's admin command on its data directory; returns what it printed. */
async function adminRun(...argv: string[]): Promise<string> {
  const run = await admin(service.dataDir, argv);
  expect(run.code, `admin ${argv[0]}: ${run.err}`).toBe(0);
  return run.out;
}

function client(
  transport: TransportKind,
  auth?: AuthSettings,
  kvVersion?: 'v1' | 'v2',
): PaymentClient {
  const made = laneClient(service, transport, {
    ...(auth ? { auth } : {}),
    ...(kvVersion ? { kvVersion } : {}),
  });
  opened.push(made);
  return made;
}

function password(username: string, secret = 'Manager-pw-1'): AuthSettings {
  return { credential: { kind: 'password', username, password: secret } };
}

const sale = (pay: PaymentClient, options?: CallOptions) =>
  observe(pay.sale({ ...CARD, money: { amount: '2.00' } }, options));

/** The rule a client configuration is refused by when it is built: before anything is sent. */
function configRefusal(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    if (error instanceof PaymentError) return `refused ${error.rule}`;
    throw error;
  }
  return 'accepted';
}

/** Outcome and msoft_code of an observation, or the rule of a refusal before sending. */
function summary(observed: Observed): string {
  if (observed instanceof PaymentError) return `refused ${observed.rule}`;
  if (observed.outcome === 'unknown' || observed.outcome === 'report') return observed.outcome;
  return `${observed.outcome} ${observed.response.msoftCode ?? ''}`.trim();
}

/** The HTTP status of a REST result; undefined on key/value. */
function status(observed: Observed): number | undefined {
  return observed instanceof PaymentError || observed.outcome === 'report'
    ? undefined
    : observed.httpStatus;
}

/** Six-digit TOTP code of a secret for the 30-second step `ahead` steps from now (RFC 6238). */
function totp(secret: string, ahead = 0): string {
  return authenticator.clone({ epoch: Date.now() + ahead * 30_000 }).generate(secret);
}

async function mfaUser(name: string): Promise<string> {
  await adminRun('add-sub-user', name, '--password', 'Manager-pw-1');
  await adminRun('set-default-profile', name, 'retail');
  const printed = await adminRun('enable-mfa', name);
  const secret = /secret:\s+(\S+)/.exec(printed)?.[1];
  if (secret === undefined) throw new Error('enable-mfa printed no secret');
  return secret;
}

describe('authentication matrix against server/', () => {
  it('profile API key: accepted on v2 and key/value; v1 takes no API keys and sends nothing', async () => {
    const auth: AuthSettings = { credential: { kind: 'apikey', ...service.apiKey } };
    for (const transport of ['v2', 'kv'] as const) {
      expect(summary(await sale(client(transport, auth))), transport).toBe('approved INT_SUCCESS');
    }
    expect(configRefusal(() => client('v1', auth))).toBe('refused auth.apikey_v1');
  });

  it('revoked API key: refused with ACCT_AUTHFAIL (v2: 401) once revoked', async () => {
    const printed = await adminRun(
      'create-api-key',
      'test_retail',
      '--profile',
      'retail',
      '--name',
      'lane 9',
    );
    const id = /api key id:\s+(\S+)/.exec(printed)?.[1] ?? '';
    const secret = /api key secret:\s+(\S+)/.exec(printed)?.[1] ?? '';
    const auth: AuthSettings = { credential: { kind: 'apikey', id, secret } };
    for (const transport of ['v2', 'kv'] as const) {
      expect(summary(await sale(client(transport, auth))), transport).toBe('approved INT_SUCCESS');
    }
    await adminRun('revoke-api-key', id);
    for (const transport of ['v2', 'kv'] as const) {
      const refused = await sale(client(transport, auth));
      expect(summary(refused), transport).toBe('declined_service ACCT_AUTHFAIL');
      expect(status(refused), transport).toBe(transport === 'v2' ? 401 : undefined);
    }
  });

  it('Basic with a sub-user: merchant:sub travels as merchant|sub and is accepted everywhere', async () => {
    for (const transport of TRANSPORTS) {
      const observed = await sale(
        client(transport, password(DEMO_LOGIN.username, DEMO_LOGIN.password)),
      );
      expect(summary(observed), transport).toBe('approved INT_SUCCESS');
    }
    const kvV1 = await sale(client('kv', password(DEMO_LOGIN.username, DEMO_LOGIN.password), 'v1'));
    expect(summary(kvV1), 'key/value v1').toBe('approved INT_SUCCESS');
  });

  it('wrong password: refused with ACCT_AUTHFAIL, 401 on both REST versions', async () => {
    for (const transport of TRANSPORTS) {
      const refused = await sale(
        client(transport, password(DEMO_LOGIN.username, 'not-the-password')),
      );
      expect(summary(refused), transport).toBe('declined_service ACCT_AUTHFAIL');
      expect(status(refused), transport).toBe(transport === 'kv' ? undefined : 401);
    }
  });

  it('a v1 username holding a pipe is refused before sending, on REST v1 and key/value v1', async () => {
    const auth = password('test_retail|public:x', DEMO_LOGIN.password);
    expect(configRefusal(() => client('v1', auth))).toBe('refused username.v1_pipe');
    expect(configRefusal(() => client('kv', auth, 'v1'))).toBe('refused username.v1_pipe');
    const piped = { dual: { username: 'test_retail|boss', password: 'x' } };
    expect(summary(await observe(client('v1').void('1', piped)))).toBe('refused username.v1_pipe');
  });

  it('MFA: a code is required, accepted, and buys an MFA cookie that then stands in for it', async () => {
    for (const transport of TRANSPORTS) {
      const name = `test_retail:mfa_${transport}`;
      const secret = await mfaUser(name);
      const pay = client(transport, password(name));
      expect(summary(await sale(pay)), transport).toBe('declined_service ACCT_MFA_REQUIRED');
      expect(summary(await sale(pay, { mfaCode: totp(secret) })), transport).toBe(
        'approved INT_SUCCESS',
      );
      const issued = await pay.mfaCookie({ mfaCode: totp(secret, 1) });
      expect(issued.outcome, transport).toBe('approved');
      const cookie =
        (issued as PaymentResult & { outcome: 'approved' }).response.get('mfa_cookie') ?? '';
      const withCookie = client(transport, { ...password(name), mfa: { cookie } });
      expect(summary(await sale(withCookie)), transport).toBe('approved INT_SUCCESS');
    }
  });

  it('dual authorization: a void needs a second user, with that user’s MFA code', async () => {
    await adminRun('set-dual-auth', 'test_retail', 'void');
    for (const transport of TRANSPORTS) {
      const manager = `test_retail:manager_${transport}`;
      const secret = await mfaUser(manager);
      const pay = client(transport);
      const ttid = ttidOf((await sale(pay)) as PaymentResult);
      const voidWith = (options?: CallOptions) => observe(pay.void(ttid, options));
      expect(summary(await voidWith()), transport).toBe('declined_service ACCT_DUAL_REQUIRED');
      const noCode = { username: manager, password: 'Manager-pw-1' };
      expect(summary(await voidWith({ dual: noCode })), transport).toBe(
        'declined_service ACCT_DUAL_REQUIRED',
      );
      const wrong = { ...noCode, password: 'wrong', mfaCode: totp(secret) };
      expect(summary(await voidWith({ dual: wrong })), transport).toBe(
        'declined_service ACCT_DUAL_REQUIRED',
      );
      const right = { ...noCode, mfaCode: totp(secret, 1) };
      expect(summary(await voidWith({ dual: right })), transport).toBe('approved INT_SUCCESS');
    }
  });
});
