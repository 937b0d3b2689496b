import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTransport, parseServiceUrl } from '../../../main/payment/client-config.ts';
import { PaymentConfigError } from '../../../main/payment/errors.ts';
import { loadTrust, normalisePin } from '../../../main/payment/tls-trust.ts';
import { caught } from '../../drivers/crypto/helpers/caught.ts';

const auth = { credential: { kind: 'apikey', id: 'P1', secret: 's' } } as const;

function configRule(run: () => unknown): string {
  return caught(PaymentConfigError, run).rule;
}

describe('parseServiceUrl', () => {
  it('reads REST and key/value URLs with their default ports and transports', () => {
    expect(parseServiceUrl('https://pay.example', undefined)).toEqual({
      endpoint: { host: 'pay.example', port: 443, tls: true },
      transport: 'v2',
      pathPrefix: '',
    });
    expect(parseServiceUrl('http://10.0.0.5:8080/pts/', 'v1')).toMatchObject({
      endpoint: { port: 8080, tls: false },
      transport: 'v1',
      pathPrefix: '/pts',
    });
    expect(parseServiceUrl('kvs://[::1]', undefined)).toMatchObject({
      endpoint: { host: '::1', port: 8665, tls: true },
      transport: 'kv',
    });
    expect(parseServiceUrl('kv://127.0.0.1', undefined).endpoint).toEqual({
      host: '127.0.0.1',
      port: 8333,
      tls: false,
    });
  });

  it.each([
    ['ftp://host', undefined, 'url.scheme'],
    ['not a url', undefined, 'url.format'],
    ['https://host', 'kv', 'url.transport'],
    ['kvs://host', 'v2', 'url.transport'],
    ['https://host/api/v2', 'v2', 'url.path'],
    ['kvs://host/x', 'kv', 'url.path'],
    ['https://user:pw@host', 'v2', 'url.extra'],
  ] as const)('refuses %s (transport %s): %s', (url, transport, rule) => {
    expect(configRule(() => parseServiceUrl(url, transport))).toBe(rule);
  });
});

describe('TLS trust', () => {
  it('normalises a pin to the form the service prints', () => {
    const hex = 'cf'.repeat(32);
    expect(normalisePin(hex)).toBe(Array(32).fill('CF').join(':'));
    expect(normalisePin(normalisePin(hex))).toBe(normalisePin(hex));
    expect(configRule(() => normalisePin('CF:AB'))).toBe('tls.pin_format');
  });

  it('takes one trust anchor, and refuses an unreadable or non-PEM CA file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'laneterm-pay-'));
    const notPem = join(dir, 'ca.txt');
    writeFileSync(notPem, 'hello');
    expect(configRule(() => loadTrust({ caFile: join(dir, 'missing.pem') }))).toBe(
      'tls.ca_file_unreadable',
    );
    expect(configRule(() => loadTrust({ caFile: notPem }))).toBe('tls.ca_file_format');
    expect(configRule(() => loadTrust({ caFile: notPem, pin: 'AB'.repeat(32) }))).toBe(
      'tls.one_anchor',
    );
    expect(loadTrust()).toEqual({});
  });

  it('refuses TLS trust for a plain URL rather than ignoring it', () => {
    const config = { url: 'http://127.0.0.1:1', auth, tls: { pin: 'AB'.repeat(32) } };
    expect(configRule(() => createTransport(config))).toBe('tls.plain_url');
  });

  it('refuses deadlines and retry counts that are not whole numbers in range', () => {
    const base = { url: 'http://h', auth };
    expect(configRule(() => createTransport({ ...base, deadlines: { answerMs: 0 } }))).toBe(
      'number.range',
    );
    expect(configRule(() => createTransport({ ...base, retries: 1.5 }))).toBe('number.range');
    expect(configRule(() => createTransport({ ...base, deadlines: { connectMs: NaN } }))).toBe(
      'number.range',
    );
  });

  it('refuses API keys on v1 and on key/value v1 when the transport is built', () => {
    expect(configRule(() => createTransport({ url: 'http://h', transport: 'v1', auth }))).toBe(
      'auth.apikey_v1',
    );
    expect(configRule(() => createTransport({ url: 'kv://h', kvVersion: 'v1', auth }))).toBe(
      'auth.apikey_v1',
    );
    expect(createTransport({ url: 'kv://h', auth }).version).toBe('v2');
  });
});
