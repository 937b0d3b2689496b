import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The role a test cluster admits only with a client certificate (pg_hba "cert", CN = role). */
export const CERT_USER = 'laneterm_cert';

/** The PEM files of a throwaway certificate authority for TLS to a test cluster. */
export interface ClusterCertificates {
  /** The CA certificate that signed the server's and the client's. */
  caFile: string;
  /** The server's certificate: CN and subjectAltName localhost (DNS) only, not 127.0.0.1. */
  serverCertFile: string;
  serverKeyFile: string;
  /** A client certificate for CERT_USER, and its key. */
  clientCertFile: string;
  clientKeyFile: string;
  /** A CA that signed none of them. */
  otherCaFile: string;
}

/** The key every certificate gets: ECDSA on P-256 (fast to make, accepted by OpenSSL's defaults). */
const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function openssl(args: string[]): void {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`openssl ${args[0]} failed (${result.status}): ${result.stderr}`);
  }
}

/** A PEM file pair made by openssl: a certificate and its key. */
interface Pair {
  cert: string;
  key: string;
}

/** A certificate named `name` in `dir`: self-signed (a CA) without `ca`, else a leaf signed by it. */
function certificate(
  dir: string,
  name: string,
  subject: string,
  ca?: Pair,
  extensions: string[] = [],
): Pair {
  const pair = { cert: join(dir, `${name}.crt`), key: join(dir, `${name}.key`) };
  const signer = ca === undefined ? [] : ['-CA', ca.cert, '-CAkey', ca.key];
  const leaf = ca === undefined ? [] : ['basicConstraints=critical,CA:FALSE', ...extensions];
  openssl([
    'req',
    '-x509',
    ...signer,
    ...KEY,
    '-keyout',
    pair.key,
    '-out',
    pair.cert,
    '-days',
    '2',
    '-subj',
    subject,
    ...leaf.flatMap((extension) => ['-addext', extension]),
  ]);
  return pair;
}

/**
 * Makes, with the openssl command (Debian's, which the postgresql package depends on), a CA, a
 * server certificate for localhost and a client certificate for CERT_USER signed by it, and a
 * second, unrelated CA, in `dir`.
 */
export function makeClusterCertificates(dir: string): ClusterCertificates {
  const ca = certificate(dir, 'ca', '/CN=LaneTerm test CA');
  const server = certificate(dir, 'server', '/CN=localhost', ca, [
    'subjectAltName=DNS:localhost',
    'extendedKeyUsage=serverAuth',
  ]);
  const client = certificate(dir, 'client', `/CN=${CERT_USER}`, ca, [
    'extendedKeyUsage=clientAuth',
  ]);
  const other = certificate(dir, 'other-ca', '/CN=Another CA');
  return {
    caFile: ca.cert,
    serverCertFile: server.cert,
    serverKeyFile: server.key,
    clientCertFile: client.cert,
    clientKeyFile: client.key,
    otherCaFile: other.cert,
  };
}

/** What a cluster serving TLS needs: its certificates, server settings and pg_hba.conf lines. */
export interface ClusterTls {
  certificates: ClusterCertificates;
  /** ssl=on with the server's certificate and key, and the CA that signs client certificates. */
  settings: Record<string, string>;
  /** Put before initdb's lines: CERT_USER over TLS with a client certificate (no password). */
  hbaLines: string;
}

/**
 * Makes the certificates in `dir` (created) and hands the server's key to the account the cluster
 * runs as (`owner`, when the tests run as root), readable by it alone as PostgreSQL requires.
 */
export function prepareClusterTls(dir: string, owner?: { uid: number; gid: number }): ClusterTls {
  mkdirSync(dir, { recursive: true });
  const certificates = makeClusterCertificates(dir);
  if (owner !== undefined) chownSync(certificates.serverKeyFile, owner.uid, owner.gid);
  chmodSync(certificates.serverKeyFile, 0o600);
  return {
    certificates,
    settings: {
      ssl: 'on',
      ssl_cert_file: certificates.serverCertFile,
      ssl_key_file: certificates.serverKeyFile,
      ssl_ca_file: certificates.caFile,
    },
    hbaLines: [
      `hostssl all ${CERT_USER} 127.0.0.1/32 cert`,
      `hostssl all ${CERT_USER} ::1/128 cert`,
      `host all ${CERT_USER} all reject`,
    ].join('\n'),
  };
}
