import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  OPERATIONS,
  isApiVersion,
  isOperationName,
  shownName,
  type OperationName,
} from '../../protocol/index.ts';
import type { PaymentClientConfig } from './client-config.ts';
import type { CallOptions } from './payment-core.ts';
import type { Credential } from './credentials.ts';
import type { TransportKind } from './transport.ts';

/** The command-line help of `npm run -s pay`. */
export const PAY_USAGE = `usage: npm run -s pay -- <operation> [key=value …] --url URL [options]
       npm run -s pay -- resolve <order_id> --url URL [options]

  operation            ${OPERATIONS.join(', ')}
  key=value            a request parameter, e.g. amount=12.50 zip=32606
                       (key= sends an empty value; a key not given is not sent)
  --url URL            http:// or https:// for REST (/api/v1 or /api/v2 is added),
                       kv:// (plain) or kvs:// (TLS) for the key/value protocol
  --transport T        v2 (default for http/https), v1, or kv (default for kv/kvs)
  --kv-version V       version spoken on key/value: v2 (default) or v1
  --apikey-file FILE   API key as JSON {"id", "secret"} (the demo server writes demo-apikey.json)
  --user U --password P   username ("merchant" or "merchant:sub") and password
  --mfa-code C | --mfa-cookie C    MFA code, or MFA cookie
  --dual-user U --dual-password P [--dual-mfa-code C]   a second user's authorization
  --ca FILE | --pin SHA256   trust a CA (PEM) or exactly the certificate of this fingerprint
  --connect-timeout S  seconds to connect (default 10)
  --answer-timeout S   seconds to wait for the answer once sent (default 30)
  -h, --help           print this help and exit

Prints the outcome and the answer's pairs as JSON, card data masked. Exit status: 0 approved
(or report rows, or resolve found it approved), 4 declined (resolve: declined, or not found),
3 unknown, 1 refused before sending or transport error, 2 usage error (nothing was sent).`;

/** What the command line asked for. */
export interface PayCommand {
  readonly operation: OperationName | 'resolve';
  readonly params: Record<string, string>;
  /** The order id of resolve. */
  readonly orderId: string | undefined;
  readonly config: PaymentClientConfig;
  readonly call: CallOptions;
}

const OPTIONS = {
  url: { type: 'string' },
  transport: { type: 'string' },
  'kv-version': { type: 'string' },
  'apikey-file': { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  'mfa-code': { type: 'string' },
  'mfa-cookie': { type: 'string' },
  'dual-user': { type: 'string' },
  'dual-password': { type: 'string' },
  'dual-mfa-code': { type: 'string' },
  ca: { type: 'string' },
  pin: { type: 'string' },
  'connect-timeout': { type: 'string' },
  'answer-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function usageError(message: string): Error {
  return new Error(message);
}

function seconds(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0)
    throw usageError(`--${name}: a number of seconds above 0`);
  return Math.round(Number(text) * 1000);
}

function apiKeyFrom(file: string): Credential {
  let saved: { id?: unknown; secret?: unknown };
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as typeof saved;
  } catch {
    throw usageError('--apikey-file: cannot read a JSON file');
  }
  if (typeof saved.id !== 'string' || typeof saved.secret !== 'string') {
    throw usageError('--apikey-file: must hold {"id": "…", "secret": "…"}');
  }
  return { kind: 'apikey', id: saved.id, secret: saved.secret };
}

function credentialFrom(v: Record<string, string | boolean | undefined>): Credential {
  const file = v['apikey-file'];
  const { user, password } = v;
  if (typeof file === 'string') {
    if (user !== undefined) throw usageError('give --apikey-file or --user, not both');
    return apiKeyFrom(file);
  }
  if (typeof user !== 'string' || typeof password !== 'string') {
    throw usageError('give --apikey-file FILE, or --user U and --password P');
  }
  return { kind: 'password', username: user, password };
}

function pairsFrom(positionals: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [index, item] of positionals.entries()) {
    const equals = item.indexOf('=');
    if (equals <= 0)
      throw usageError(`parameter ${index + 1}: not key=value (its text is not shown)`);
    const key = item.slice(0, equals);
    if (key in params) throw usageError(`${shownName(key)}: given twice`);
    params[key] = item.slice(equals + 1);
  }
  return params;
}

/** Reads `pay`'s command line; throws Error with a usage message, returns 'help' for --help. */
export function parsePayArgs(argv: readonly string[]): PayCommand | 'help' {
  const { values: v, positionals } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (v.help === true) return 'help';
  const [operation, ...rest] = positionals;
  if (operation === undefined) throw usageError('name an operation');
  if (operation !== 'resolve' && !isOperationName(operation))
    throw usageError('the first argument is not an operation (its text is not shown)');
  if (v.url === undefined) throw usageError('--url is required');
  const transport = v.transport;
  if (transport !== undefined && !['v1', 'v2', 'kv'].includes(transport))
    throw usageError('--transport: v2, v1 or kv');
  const kvVersion = v['kv-version'];
  if (kvVersion !== undefined && !isApiVersion(kvVersion))
    throw usageError('--kv-version: v1 or v2');
  const mfaCode = v['mfa-code'];
  const mfaCookie = v['mfa-cookie'];
  if (mfaCode !== undefined && mfaCookie !== undefined)
    throw usageError('give --mfa-code or --mfa-cookie, not both');
  const dualUser = v['dual-user'];
  const dualPassword = v['dual-password'];
  if ((dualUser === undefined) !== (dualPassword === undefined))
    throw usageError('give --dual-user with --dual-password');
  if (operation === 'resolve' && rest.length !== 1) throw usageError('resolve takes one order id');
  const config: PaymentClientConfig = {
    url: v.url,
    transport: transport as TransportKind | undefined,
    kvVersion,
    auth: {
      credential: credentialFrom(v),
      mfa: mfaCookie !== undefined ? { cookie: mfaCookie } : undefined,
    },
    tls: v.ca !== undefined || v.pin !== undefined ? { caFile: v.ca, pin: v.pin } : undefined,
    retries: 2,
  };
  const call: CallOptions = {
    connectMs: seconds('connect-timeout', v['connect-timeout']),
    answerMs: seconds('answer-timeout', v['answer-timeout']),
    mfaCode,
    dual:
      dualUser !== undefined && dualPassword !== undefined
        ? { username: dualUser, password: dualPassword, mfaCode: v['dual-mfa-code'] }
        : undefined,
  };
  if (operation === 'resolve') return { operation, params: {}, orderId: rest[0], config, call };
  return { operation, params: pairsFrom(rest), orderId: undefined, config, call };
}
