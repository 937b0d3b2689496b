import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CERT_USER, prepareClusterTls, type ClusterCertificates } from './postgres-certificates.ts';

/** The unprivileged account a cluster runs as when the tests run as root (PostgreSQL refuses root). */
const UNPRIVILEGED = 'nobody';
/** The superuser every throwaway cluster is created with (trust authentication, local only). */
export const CLUSTER_USER = 'laneterm';
/** How long a cluster may take to accept connections, ms. */
const START_TIMEOUT_MS = 60_000;

/** Where Debian's postgresql packages put the server binaries: the newest version, or PG_BIN. */
export function postgresBinDir(): string | undefined {
  const given = process.env.PG_BIN;
  if (given !== undefined) return existsSync(join(given, 'initdb')) ? given : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/**
 * Why the PostgreSQL tests cannot run here, or undefined when they can; with `tls`, for a cluster
 * serving TLS (openssl makes its certificates). Under CI (the CI variable set) they always run: a
 * missing server is then a failure, never a skip.
 */
export function postgresUnavailable(options: { tls?: boolean } = {}): string | undefined {
  if (process.env.CI !== undefined && process.env.CI !== '') return undefined;
  const bin = postgresBinDir();
  if (bin === undefined) return 'no PostgreSQL server binaries (apt install postgresql)';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', UNPRIVILEGED]).status !== 0) {
    return `running as root and no "${UNPRIVILEGED}" account to run PostgreSQL as`;
  }
  if (options.tls === true && spawnSync('openssl', ['version']).status !== 0) {
    return 'no openssl command to make the certificates (apt install openssl)';
  }
  return undefined;
}

/** Prints the one line saying why a PostgreSQL test file is skipped; true when it is. */
export function skipWithoutPostgres(what: string, options: { tls?: boolean } = {}): boolean {
  const reason = postgresUnavailable(options);
  if (reason !== undefined) console.warn(`${what}: skipped, ${reason}`);
  return reason !== undefined;
}

/** Runs a PostgreSQL binary as the cluster's owner (root hands it to an unprivileged account). */
function asOwner(bin: string, args: string[]): { command: string; args: string[] } {
  return process.getuid?.() === 0
    ? { command: 'runuser', args: ['-u', UNPRIVILEGED, '--', bin, ...args] }
    : { command: bin, args };
}

function runOrThrow(bin: string, args: string[]): void {
  const { command, args: full } = asOwner(bin, args);
  const result = spawnSync(command, full, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One running PostgreSQL server of a throwaway cluster. */
export interface PostgresNode {
  readonly port: number;
  readonly dataDir: string;
  /** postgres://laneterm@127.0.0.1:PORT/postgres */
  readonly url: string;
  /** The postmaster's process id (its backends are its children). */
  readonly pid: number;
  /** Kills the postmaster with `signal` (SIGKILL: a crash) and waits until it has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Promotes a standby to primary and waits until it accepts writes. */
  promote(): Promise<void>;
}

/** Server settings of every node: local TCP only, sockets in the cluster's folder. */
function serverArgs(dataDir: string, port: number, settings: Record<string, string>): string[] {
  const all: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dataDir,
    max_connections: '200',
    shared_buffers: '64MB',
    ...settings,
  };
  return [
    '-D',
    dataDir,
    '-p',
    String(port),
    ...Object.entries(all).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
}

async function waitReady(url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited: ${log.join('')}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function startNode(
  bin: string,
  dataDir: string,
  settings: Record<string, string>,
): Promise<PostgresNode> {
  const port = await freePort();
  const { command, args } = asOwner(join(bin, 'postgres'), serverArgs(dataDir, port, settings));
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const log: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://${CLUSTER_USER}@127.0.0.1:${port}/postgres`;
  await waitReady(url, child, log);
  const postmasterPid = Number(
    readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  return {
    port,
    dataDir,
    url,
    pid: postmasterPid,
    kill: async (signal) => {
      if (child.exitCode !== null) return;
      try {
        process.kill(postmasterPid, signal);
      } catch {
        return;
      }
      await exited;
    },
    promote: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_promote(true, 60)');
      } finally {
        await client.end();
      }
    },
  };
}

/** A throwaway PostgreSQL cluster in a temporary folder: a primary and, when asked, a standby. */
export interface PostgresCluster {
  readonly primary: PostgresNode;
  /** The synchronous streaming standby, when the cluster was started with one. */
  readonly standby: PostgresNode | undefined;
  /** The certificates of a cluster started with `tls`: its server's is for localhost. */
  readonly tls: ClusterCertificates | undefined;
  /** A fresh database on the primary for one test; returns its connection URL. */
  createDatabase(): Promise<string>;
  /** Stops every node and removes the folder. */
  stop(): Promise<void>;
}

/** How a throwaway cluster starts. */
export interface ClusterOptions {
  /** Start a synchronous streaming standby beside the primary (default false). */
  standby?: boolean;
  /** fsync commits to disk like a production server (default false: a crash of the OS may lose them). */
  durable?: boolean;
  /**
   * Serve TLS (ssl=on) on every node, plain connections still taken, with a certificate for
   * localhost from a throwaway CA; the role CERT_USER is admitted over TLS with a client
   * certificate of that CA only (default false).
   */
  tls?: boolean;
}

/** The account the cluster runs as when the caller is root, or undefined (the caller's own). */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, UNPRIVILEGED], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

let databases = 0;

/** Creates CERT_USER, a superuser (it runs the store's migrations) with no password. */
async function createCertUser(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE ROLE ${CERT_USER} LOGIN SUPERUSER`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a throwaway cluster from Debian's postgresql binaries: initdb in a temporary folder with
 * trust authentication for the local user "laneterm", the primary on a random port of 127.0.0.1;
 * with `standby`, pg_basebackup makes a streaming standby the primary waits for on every commit
 * (synchronous_standby_names); with `tls`, every node serves TLS (ClusterOptions.tls). Runs as
 * "nobody" when the caller is root.
 */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error('no PostgreSQL server binaries (apt install postgresql)');
  const root = mkdtempSync(join(tmpdir(), 'laneterm-pg-'));
  const owner = clusterOwner();
  if (owner !== undefined) chownSync(root, owner.uid, owner.gid);
  const nodes: PostgresNode[] = [];
  try {
    const primaryDir = join(root, 'primary');
    runOrThrow(join(bin, 'initdb'), [
      '-D',
      primaryDir,
      '-U',
      CLUSTER_USER,
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const tls = options.tls === true ? prepareClusterTls(join(root, 'tls'), owner) : undefined;
    if (tls !== undefined) {
      const hba = join(primaryDir, 'pg_hba.conf');
      writeFileSync(hba, `${tls.hbaLines}\n${readFileSync(hba, 'utf8')}`);
    }
    const common = { fsync: options.durable === true ? 'on' : 'off', ...tls?.settings };
    const primary = await startNode(bin, primaryDir, {
      ...common,
      ...(options.standby === true && { synchronous_standby_names: 'standby1' }),
    });
    nodes.push(primary);
    let standby: PostgresNode | undefined;
    if (options.standby === true) {
      const standbyDir = join(root, 'standby');
      runOrThrow(join(bin, 'pg_basebackup'), [
        '-D',
        standbyDir,
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        CLUSTER_USER,
        '-X',
        'stream',
        '--no-sync',
      ]);
      runOrThrow('/bin/sh', ['-c', `touch ${standbyDir}/standby.signal`]);
      appendFileSync(
        join(standbyDir, 'postgresql.auto.conf'),
        `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=${CLUSTER_USER} application_name=standby1'\n`,
      );
      standby = await startNode(bin, standbyDir, common);
      nodes.push(standby);
    }
    // After the standby: the primary waits for it on every commit.
    if (tls !== undefined) await createCertUser(primary.url);
    return {
      primary,
      standby,
      tls: tls?.certificates,
      createDatabase: async () => {
        databases += 1;
        const name = `laneterm_${process.pid}_${databases}`;
        const client = new pg.Client({ connectionString: primary.url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return primary.url.replace(/\/postgres$/, `/${name}`);
      },
      stop: async () => {
        for (const node of nodes.reverse()) await node.kill('SIGTERM');
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const node of nodes.reverse()) await node.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
