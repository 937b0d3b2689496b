import type { ApiVersion } from '../../protocol/index.ts';
import { PaymentConfigError } from './errors.ts';

/** A v2 API key: public id and private secret; profile keys suit an unattended lane (docs/interface.md › Authentication §5). */
export interface ApiKeyCredential {
  readonly kind: 'apikey';
  readonly id: string;
  readonly secret: string;
}

/** A transaction account's login: "merchant" or "merchant:sub", and its password (docs/interface.md › Authentication §2). */
export interface PasswordCredential {
  readonly kind: 'password';
  readonly username: string;
  readonly password: string;
}

/** Who the lane is: an API key (v2 only) or a username and password (both versions). */
export type Credential = ApiKeyCredential | PasswordCredential;

/** A standing MFA answer: a code, or a long-lived MFA cookie sent instead (docs/interface.md › Authentication §6). */
export type MfaSetting = { readonly code: string } | { readonly cookie: string };

/**
 * A manager override for one call: a second, different user's password login and, when that user
 * has MFA, a code; API keys and MFA cookies cannot be used here (docs/interface.md › Authentication §7).
 */
export interface DualAuthorization {
  readonly username: string;
  readonly password: string;
  readonly mfaCode?: string;
}

/** How the client authenticates: the credential and, when the user has MFA, a code or cookie. */
export interface AuthSettings {
  readonly credential: Credential;
  readonly mfa?: MfaSetting;
}

/** True when the text holds a control character (C0 or DEL), which no header or pair may carry. */
function hasControl(text: string): boolean {
  return [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

function checkText(field: string, value: string): void {
  if (value === '') throw new PaymentConfigError(field, `${field}.empty`, 'must not be empty');
  if (hasControl(value)) {
    throw new PaymentConfigError(field, `${field}.control`, 'must not hold control characters');
  }
}

/**
 * Checks a value that travels as it is in an HTTP header (an API key part, an MFA code or cookie):
 * non-empty, visible ASCII only, so it can never break or be refused as a header.
 */
function checkToken(field: string, value: string): void {
  checkText(field, value);
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new PaymentConfigError(field, `${field}.characters`, 'must be visible ASCII characters');
  }
}

/**
 * Refuses a username the version cannot carry: v1 takes "merchant" or "merchant:sub" only, since a
 * colon travels as a pipe and a name holding a pipe of its own is not supported (docs/interface.md › Authentication §2).
 */
function checkUsername(field: string, username: string, version: ApiVersion): void {
  checkText(field, username);
  if (version !== 'v1') return;
  const parts = username.split(':');
  if (username.includes('|') || parts.length > 2 || parts.some((part) => part === '')) {
    throw new PaymentConfigError(
      field,
      'username.v1_pipe',
      'v1 takes "merchant" or "merchant:sub" only; names holding a pipe are not supported',
    );
  }
}

/** Checks a password login: its username by the version's rule, its password for control bytes. */
function checkLogin(
  prefix: string,
  login: { readonly username: string; readonly password: string },
  version: ApiVersion,
): void {
  checkUsername(`${prefix}username`, login.username, version);
  if (hasControl(login.password)) {
    const field = `${prefix}password`;
    throw new PaymentConfigError(field, 'password.control', 'must not hold control characters');
  }
}

/** Checks credentials before anything is sent: API keys are v2 only, usernames per version. */
export function checkAuth(auth: AuthSettings, version: ApiVersion): void {
  const { credential } = auth;
  if (credential.kind === 'apikey') {
    if (version === 'v1') {
      throw new PaymentConfigError(
        'auth',
        'auth.apikey_v1',
        'API keys are v2 only; v1 takes Basic',
      );
    }
    checkToken('apikey.id', credential.id);
    checkToken('apikey.secret', credential.secret);
  } else {
    checkLogin('', credential, version);
  }
  if (auth.mfa !== undefined) {
    checkToken(
      'code' in auth.mfa ? 'mfa.code' : 'mfa.cookie',
      'code' in auth.mfa ? auth.mfa.code : auth.mfa.cookie,
    );
  }
}

/** Checks what a call adds: its MFA code, and a manager override valid in the version. */
export function checkCallAuth(call: CallAuth, version: ApiVersion): void {
  if (call.mfaCode !== undefined) checkToken('mfa.code', call.mfaCode);
  const dual = call.dual;
  if (dual === undefined) return;
  checkLogin('dual.', dual, version);
  if (dual.mfaCode !== undefined) checkToken('dual.mfa_code', dual.mfaCode);
}

/**
 * An HTTP Basic value for a login, sent on the first request without waiting for a challenge:
 * base64 of "user-id:password" with every colon of the username written as a pipe, so
 * "merchant:sub" travels as "merchant|sub" (docs/interface.md › Authentication §2, §4).
 */
export function basicAuthorization(username: string, password: string): string {
  const userId = username.replaceAll(':', '|');
  return `Basic ${Buffer.from(`${userId}:${password}`, 'utf8').toString('base64')}`;
}

/** What one call adds to the standing settings: an MFA code, a manager override. */
export interface CallAuth {
  readonly mfaCode?: string;
  readonly dual?: DualAuthorization;
}

function mfaOf(auth: AuthSettings, call: CallAuth): MfaSetting | undefined {
  return call.mfaCode === undefined ? auth.mfa : { code: call.mfaCode };
}

/**
 * REST headers of a call (docs/interface.md › Authentication §2–7): X-API-KEY-ID and X-API-KEY, or Basic;
 * X-MFA-CODE or X-MFA-COOKIE; X-DUAL-Authorization (Basic) and X-DUAL-MFA-CODE.
 */
export function restAuthHeaders(auth: AuthSettings, call: CallAuth): Record<string, string> {
  const headers: Record<string, string> = {};
  const { credential } = auth;
  if (credential.kind === 'apikey') {
    headers['X-API-KEY-ID'] = credential.id;
    headers['X-API-KEY'] = credential.secret;
  } else {
    headers['Authorization'] = basicAuthorization(credential.username, credential.password);
  }
  const mfa = mfaOf(auth, call);
  if (mfa !== undefined) {
    if ('code' in mfa) headers['X-MFA-CODE'] = mfa.code;
    else headers['X-MFA-COOKIE'] = mfa.cookie;
  }
  if (call.dual !== undefined) {
    headers['X-DUAL-Authorization'] = basicAuthorization(call.dual.username, call.dual.password);
    if (call.dual.mfaCode !== undefined) headers['X-DUAL-MFA-CODE'] = call.dual.mfaCode;
  }
  return headers;
}

/**
 * Key/value credential pairs of a call (docs/interface.md › Authentication §5–7): auth_apikey_id and
 * auth_apikey_secret, or username ("merchant:sub" as is) and password; mfa_code or mfa_cookie;
 * user, pwd and mfa_code_dual for a manager override.
 */
export function kvAuthPairs(auth: AuthSettings, call: CallAuth): [string, string][] {
  const { credential } = auth;
  const pairs: [string, string][] =
    credential.kind === 'apikey'
      ? [
          ['auth_apikey_id', credential.id],
          ['auth_apikey_secret', credential.secret],
        ]
      : [
          ['username', credential.username],
          ['password', credential.password],
        ];
  const mfa = mfaOf(auth, call);
  if (mfa !== undefined)
    pairs.push('code' in mfa ? ['mfa_code', mfa.code] : ['mfa_cookie', mfa.cookie]);
  if (call.dual !== undefined) {
    pairs.push(['user', call.dual.username], ['pwd', call.dual.password]);
    if (call.dual.mfaCode !== undefined) pairs.push(['mfa_code_dual', call.dual.mfaCode]);
  }
  return pairs;
}
