import { X509Certificate, createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type { PostgresTls } from './postgres-location.ts';

/** TLS to the database cannot be set up (a file of the ssl* parameters) or a server was refused. */
export class StoreTlsError extends Error {
  readonly code = 'STORE_TLS';

  constructor(detail: string) {
    super(`store: ${detail}`);
    this.name = 'StoreTlsError';
  }
}

/** Where libpq looks for the CA file when sslrootcert is not given: ~/.postgresql/root.crt. */
export function defaultRootCert(): string {
  return join(homedir(), '.postgresql', 'root.crt');
}

/** Reads a PEM file named by an ssl* parameter, refusing one unreadable or not of that kind. */
function readPem(parameter: string, path: string, kind: 'certificate' | 'key'): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StoreTlsError(`${parameter}: cannot read ${path} (${reason})`);
  }
  try {
    if (kind === 'certificate') new X509Certificate(text);
    else createPrivateKey(text);
  } catch {
    throw new StoreTlsError(`${parameter}: ${path} is not a PEM ${kind}`);
  }
  return text;
}

/** The CA certificates to check a server against: sslrootcert's, libpq's default file's, or none. */
function rootCertificates(tls: PostgresTls): string | undefined {
  if (tls.sslrootcert !== undefined) return readPem('sslrootcert', tls.sslrootcert, 'certificate');
  const fallback = defaultRootCert();
  if (existsSync(fallback)) return readPem('sslrootcert', fallback, 'certificate');
  if (tls.sslmode === 'require') return undefined;
  throw new StoreTlsError(
    `sslrootcert: sslmode=${tls.sslmode} checks the server against a CA, and ${fallback} ` +
      'does not exist; give sslrootcert=PATH, or sslrootcert=system for the trusted roots',
  );
}

/**
 * node-postgres's `ssl` setting for a location's ssl* parameters, with libpq's meaning of each
 * sslmode (PostgreSQL docs §34.19.3), not node-postgres's (which checks the certificate under
 * require): false for disable; for require, TLS that checks nothing unless a CA file is given or
 * at ~/.postgresql/root.crt, when it checks the chain as verify-ca does; verify-ca, the chain and
 * not the host name; verify-full, both (the name against the certificate's subjectAltName).
 * sslrootcert=system takes Node's trusted roots. Reads the files once, now.
 */
export function pgTlsOptions(tls: PostgresTls): ConnectionOptions | false {
  if (tls.sslmode === 'disable') return false;
  const system = tls.sslrootcert === 'system';
  const ca = system ? undefined : rootCertificates(tls);
  const checked = system || ca !== undefined;
  const client =
    tls.sslcert === undefined || tls.sslkey === undefined
      ? {}
      : {
          cert: readPem('sslcert', tls.sslcert, 'certificate'),
          key: readPem('sslkey', tls.sslkey, 'key'),
        };
  return {
    ...client,
    ...(ca !== undefined && { ca }),
    rejectUnauthorized: checked,
    ...(tls.sslmode !== 'verify-full' && { checkServerIdentity: () => undefined }),
  };
}

const NOT_OUR_CA = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
]);

/**
 * What refused a server at the TLS step, or undefined when `error` is no TLS refusal: a server
 * without TLS under any sslmode but disable, a certificate not signed by the CA, a host name the
 * certificate does not carry (verify-full), or another certificate check of OpenSSL.
 */
export function tlsRefusal(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (/server does not support SSL/i.test(error.message)) {
    return 'the server does not take TLS, and sslmode asks for it';
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  if (NOT_OUR_CA.has(code))
    return `its certificate is not signed by the CA of sslrootcert (${code})`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `its certificate does not name the host (verify-full): ${error.message}`;
  }
  if (/^(CERT_|ERR_TLS_|ERR_SSL_)/.test(code)) return `${error.message} (${code})`;
  return undefined;
}
