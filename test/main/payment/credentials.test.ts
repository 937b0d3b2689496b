import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  checkAuth,
  checkCallAuth,
  kvAuthPairs,
  restAuthHeaders,
  type AuthSettings,
} from '../../../main/payment/credentials.ts';
import { PaymentConfigError } from '../../../main/payment/errors.ts';
import { caught } from '../../drivers/crypto/helpers/caught.ts';

const password: AuthSettings = {
  credential: { kind: 'password', username: 'test_retail:public', password: 'publ1ct3st' },
};
const apiKey: AuthSettings = { credential: { kind: 'apikey', id: 'P1234', secret: 's3cret' } };

function configError(run: () => unknown): PaymentConfigError {
  return caught(PaymentConfigError, run);
}

describe('basicAuthorization', () => {
  it('encodes merchant:sub as merchant|sub before the password (docs/interface.md › Authentication §2)', () => {
    const header = basicAuthorization('test_retail:public', 'publ1ct3st');
    expect(header).toBe('Basic dGVzdF9yZXRhaWx8cHVibGljOnB1YmwxY3Qzc3Q=');
    expect(Buffer.from(header.slice(6), 'base64').toString()).toBe('test_retail|public:publ1ct3st');
  });

  it('leaves a password holding colons as it is', () => {
    const header = basicAuthorization('merchant', 'a:b');
    expect(Buffer.from(header.slice(6), 'base64').toString()).toBe('merchant:a:b');
  });
});

describe('checkAuth', () => {
  it('refuses in v1 a username holding a pipe, more than one colon, or an empty part', () => {
    for (const username of ['shop|front', 'a:b:c', ':sub', 'merchant:']) {
      const auth: AuthSettings = { credential: { kind: 'password', username, password: 'x' } };
      const error = configError(() => checkAuth(auth, 'v1'));
      expect(error.rule).toBe('username.v1_pipe');
      expect(error.field).toBe('username');
    }
  });

  it('accepts merchant and merchant:sub in v1, and a pipe in v2', () => {
    expect(() => checkAuth(password, 'v1')).not.toThrow();
    const piped: AuthSettings = {
      credential: { kind: 'password', username: 'a|b', password: 'x' },
    };
    expect(() => checkAuth(piped, 'v2')).not.toThrow();
  });

  it('refuses API keys in v1, empty key parts and control characters', () => {
    expect(configError(() => checkAuth(apiKey, 'v1')).rule).toBe('auth.apikey_v1');
    const empty: AuthSettings = { credential: { kind: 'apikey', id: '', secret: 'x' } };
    expect(configError(() => checkAuth(empty, 'v2')).field).toBe('apikey.id');
    const broken: AuthSettings = { ...apiKey, mfa: { code: '12\r\n34' } };
    expect(configError(() => checkAuth(broken, 'v2')).rule).toBe('mfa.code.control');
    const unicode: AuthSettings = { credential: { kind: 'apikey', id: 'P1', secret: 'sé€ret' } };
    expect(configError(() => checkAuth(unicode, 'v2')).rule).toBe('apikey.secret.characters');
  });

  it('checks a manager override by the version’s username rule', () => {
    const dual = { username: 'shop|manager', password: 'x' };
    expect(configError(() => checkCallAuth({ dual }, 'v1')).field).toBe('dual.username');
    expect(() =>
      checkCallAuth({ dual: { username: 'shop:manager', password: 'x' } }, 'v1'),
    ).not.toThrow();
  });
});

describe('restAuthHeaders', () => {
  it('sends API keys in X-API-KEY-ID and X-API-KEY', () => {
    expect(restAuthHeaders(apiKey, {})).toEqual({ 'X-API-KEY-ID': 'P1234', 'X-API-KEY': 's3cret' });
  });

  it('sends Basic, a per-call MFA code over a configured cookie, and a dual authorization', () => {
    const auth: AuthSettings = { ...password, mfa: { cookie: 'cookie-1' } };
    expect(restAuthHeaders(auth, {})['X-MFA-COOKIE']).toBe('cookie-1');
    const headers = restAuthHeaders(auth, {
      mfaCode: '123456',
      dual: { username: 'test_retail:manager', password: 'pw', mfaCode: '654321' },
    });
    expect(headers).toEqual({
      Authorization: 'Basic dGVzdF9yZXRhaWx8cHVibGljOnB1YmwxY3Qzc3Q=',
      'X-MFA-CODE': '123456',
      'X-DUAL-Authorization': basicAuthorization('test_retail|manager', 'pw'),
      'X-DUAL-MFA-CODE': '654321',
    });
  });
});

describe('kvAuthPairs', () => {
  it('sends API keys as auth_apikey_id and auth_apikey_secret', () => {
    expect(kvAuthPairs(apiKey, {})).toEqual([
      ['auth_apikey_id', 'P1234'],
      ['auth_apikey_secret', 's3cret'],
    ]);
  });

  it('sends username merchant:sub as it is, mfa_code, and user/pwd/mfa_code_dual', () => {
    const pairs = kvAuthPairs(password, {
      mfaCode: '111111',
      dual: { username: 'm:boss', password: 'pw', mfaCode: '2' },
    });
    expect(pairs).toEqual([
      ['username', 'test_retail:public'],
      ['password', 'publ1ct3st'],
      ['mfa_code', '111111'],
      ['user', 'm:boss'],
      ['pwd', 'pw'],
      ['mfa_code_dual', '2'],
    ]);
  });
});
