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

function authority(dir: string, name: string, cn: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  openssl([
    'req',
    '-x509',
    ...KEY,
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    `/CN=${cn}`,
  ]);
  return { cert, key };
}

function signed(
  dir: string,
  ca: { cert: string; key: string },
  name: string,
  subject: string,
  extensions: string[],
): { cert: string; key: string } {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  openssl([
    'req',
    '-x509',
    '-CA',
    ca.cert,
    '-CAkey',
    ca.key,
    ...KEY,
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    subject,
    '-addext',
    'basicConstraints=critical,CA:FALSE',
    ...extensions.flatMap((extension) => ['-addext', extension]),
  ]);
  return { cert, key };
}

/**
 * Makes, with the openssl command (Debian's, which the postgresql package depends on), a CA, a
 * server certificate for localhost and a client certificate for CERT_USER signed by it, and a
 * second, unrelated CA, in `dir`.
 */
export function makeClusterCertificates(dir: string): ClusterCertificates {
  const ca = authority(dir, 'ca', 'LaneTerm test CA');
  const server = signed(dir, ca, 'server', '/CN=localhost', [
    'subjectAltName=DNS:localhost',
    'extendedKeyUsage=serverAuth',
  ]);
  const client = signed(dir, ca, 'client', `/CN=${CERT_USER}`, ['extendedKeyUsage=clientAuth']);
  const other = authority(dir, 'other-ca', 'Another CA');
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
