import { constants } from 'node:crypto';
import type { SecureContextOptions } from 'node:tls';
import type { TlsIdentity } from './certificate.ts';

/**
 * TLS 1.3 suites offered, in order: the AEAD suites OpenSSL enables by default (RFC 8446 §B.4);
 * TLS 1.3 has no other kind.
 */
const TLS13_SUITES = [
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'TLS_AES_128_GCM_SHA256',
];

/**
 * TLS 1.2 suites offered, in the server's order: ECDHE key exchange (forward secrecy) with AES-GCM
 * or ChaCha20-Poly1305 only, for ECDSA and RSA certificates; no RSA key exchange, no DHE, no CBC,
 * no SHA-1 MAC (docs/security.md, TLS; PCI DSS v4.0 4.2.1 "strong cryptography").
 */
const TLS12_SUITES = [
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
];

/**
 * The service's TLS policy as secure-context options for a certificate and key: TLS 1.2 and 1.3
 * only (1.3 chosen whenever the client offers it, as OpenSSL picks the highest common version),
 * the suites above in the server's order, and renegotiation refused (SSL_OP_NO_RENEGOTIATION:
 * a client asking for it gets a no_renegotiation alert). Used when listening and on every reload.
 */
export function tlsContextOptions(
  identity: Pick<TlsIdentity, 'cert' | 'key'>,
): SecureContextOptions {
  return {
    cert: identity.cert,
    key: identity.key,
    minVersion: 'TLSv1.2',
    maxVersion: 'TLSv1.3',
    ciphers: [...TLS13_SUITES, ...TLS12_SUITES].join(':'),
    honorCipherOrder: true,
    secureOptions: constants.SSL_OP_NO_RENEGOTIATION,
  };
}
