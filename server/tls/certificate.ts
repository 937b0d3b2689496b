import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import selfsigned from 'selfsigned';

/** A certificate and key in PEM, with the certificate's SHA-256 fingerprint for pinning. */
export interface TlsIdentity {
  cert: string;
  key: string;
  /** SHA-256 of the DER certificate, colon-separated uppercase hex (as openssl prints it). */
  fingerprint256: string;
  /** True when this start generated the certificate. */
  generated: boolean;
}

/** Validity of a generated certificate in days: 825 (the longest many TLS clients accept). */
const GENERATED_CERT_DAYS = 825;

/** Where the certificate comes from: given files, or files generated once in the data directory. */
export interface CertificateSource {
  certPath: string;
  keyPath: string;
  /** True when the paths were given (--cert/--key): never generated, must exist. */
  given: boolean;
  /** Host name the service listens on, added to a generated certificate's names. */
  host: string;
}

/**
 * Loads the TLS certificate, generating a self-signed one (RSA 2048, SHA-256, CN localhost, names
 * localhost, 127.0.0.1, ::1 and the listening host) on first start when none was given.
 */
export function loadOrCreateCertificate(source: CertificateSource): TlsIdentity {
  let generated = false;
  if (!source.given && !existsSync(source.certPath)) {
    const pems = selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      days: GENERATED_CERT_DAYS,
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: altNames(source.host) }],
    });
    writeFileSync(source.keyPath, pems.private, { mode: 0o600 });
    writeFileSync(source.certPath, pems.cert);
    generated = true;
  }
  const cert = readFileSync(source.certPath, 'utf8');
  const key = readFileSync(source.keyPath, 'utf8');
  return { cert, key, fingerprint256: new X509Certificate(cert).fingerprint256, generated };
}

function altNames(host: string): { type: number; value?: string; ip?: string }[] {
  const names = new Set(['localhost', '127.0.0.1', '::1', host]);
  return [...names].map((name) =>
    /^[0-9.]+$/.test(name) || name.includes(':') ? { type: 7, ip: name } : { type: 2, value: name },
  );
}
