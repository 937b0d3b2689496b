import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgConnections } from '../../../server/store/postgres/pg-connections.ts';
import { StoreTlsError } from '../../../server/store/postgres/pg-tls-options.ts';
import { parsePostgresLocation } from '../../../server/store/postgres/postgres-location.ts';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { CARD } from '../../conformance/operation-scenarios.ts';
import { CERT_USER, type ClusterCertificates } from '../helpers/postgres-certificates.ts';
import {
  CLUSTER_USER,
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';
import { runEntry } from '../helpers/server-process.ts';

/** What a connection made from `url` by the store's own pool sees of itself. */
interface Session {
  ssl: boolean;
  standby: boolean;
  user: string;
}

async function session(url: string): Promise<Session> {
  const connections = new PgConnections(parsePostgresLocation(url));
  try {
    const client = await connections.acquire();
    try {
      const { rows } = await client.query<Session>(
        `SELECT ssl, pg_is_in_recovery() AS standby, current_user AS user
           FROM pg_stat_ssl WHERE pid = pg_backend_pid()`,
      );
      return rows[0] as Session;
    } finally {
      connections.release(client);
    }
  } finally {
    await connections.end();
  }
}

const refusal = (url: string): Promise<unknown> =>
  session(url).then(
    () => undefined,
    (e) => e,
  );

/** TLS to the database with libpq's sslmode meanings, against clusters serving TLS and not. */
describe.skipIf(skipWithoutPostgres('TLS to PostgreSQL', { tls: true }))(
  'TLS to PostgreSQL',
  () => {
    let cluster: PostgresCluster;
    let certs: ClusterCertificates;
    const url = (host: string, query: string, port = cluster.primary.port, user = CLUSTER_USER) =>
      `postgres://${user}@${host}:${port}/postgres?connect_timeout=2&${query}`;
    const rightCa = () => `sslrootcert=${certs.caFile}`;
    const otherCa = () => `sslrootcert=${certs.otherCaFile}`;

    beforeAll(async () => {
      cluster = await startPostgresCluster({ tls: true, standby: true });
      certs = cluster.tls as ClusterCertificates;
    });
    afterAll(async () => {
      await cluster?.stop();
    });

    it('verify-full with the right CA: the service starts and answers a sale, over TLS only', async () => {
      const database = (await cluster.createDatabase()).replace('@127.0.0.1:', '@localhost:');
      const store = `${database}?sslmode=verify-full&${rightCa()}`;
      const service = await startServiceProcess(undefined, ['--store', store]);
      try {
        const pay = laneClient(service, 'v2');
        const sale = await pay.sale({ ...CARD, money: { amount: '12.00' } });
        await pay.close();
        expect(sale.outcome).toBe('approved');
        const watcher = new pg.Client({ connectionString: cluster.primary.url });
        await watcher.connect();
        const { rows } = await watcher.query<{ ssl: boolean }>(
          `SELECT s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid)
          WHERE a.application_name = 'laneterm'`,
        );
        await watcher.end();
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.ssl)).toBe(true);
      } finally {
        await stopServiceProcess(service);
      }
    });

    it('verify-full with another CA: the service refuses to start, saying why, never the password', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-pg-tls-'));
      const store = `postgres://${CLUSTER_USER}:pw-s3cret@localhost:${cluster.primary.port}/postgres?sslmode=verify-full&${otherCa()}`;
      const run = runEntry('server/cli.ts', ['--port', '0', '--data', dataDir, '--store', store]);
      expect(await run.exited).toBe(1);
      rmSync(dataDir, { recursive: true, force: true });
      const output = [...run.stdout, ...run.stderr].join('\n');
      expect(output).toMatch(
        new RegExp(
          `cannot start: store: localhost:${cluster.primary.port} refused: its certificate is not ` +
            'signed by the CA of sslrootcert \\([A-Z_]+\\) \\(sslmode=verify-full\\)',
        ),
      );
      expect(output).not.toContain('pw-s3cret');
    });

    it('verify-full refuses a host name the certificate does not carry; verify-ca takes it', async () => {
      expect(await session(url('localhost', `sslmode=verify-full&${rightCa()}`))).toMatchObject({
        ssl: true,
      });
      const mismatch = await refusal(url('127.0.0.1', `sslmode=verify-full&${rightCa()}`));
      expect(mismatch).toBeInstanceOf(StoreTlsError);
      expect((mismatch as Error).message).toMatch(
        /^store: 127\.0\.0\.1:\d+ refused: its certificate does not name the host \(verify-full\): .*\(sslmode=verify-full\)$/,
      );
      expect(await session(url('127.0.0.1', `sslmode=verify-ca&${rightCa()}`))).toMatchObject({
        ssl: true,
      });
      expect(await refusal(url('127.0.0.1', `sslmode=verify-ca&${otherCa()}`))).toMatchObject({
        code: 'STORE_TLS',
        message: expect.stringContaining('its certificate is not signed by the CA of sslrootcert'),
      });
    });

    it("require encrypts without checking, as libpq's does, unless a CA file is there", async () => {
      expect(await session(url('127.0.0.1', 'sslmode=require'))).toMatchObject({ ssl: true });
      expect(await session(url('127.0.0.1', 'sslmode=disable'))).toMatchObject({ ssl: false });
      expect(await refusal(url('127.0.0.1', `sslmode=require&${otherCa()}`))).toBeInstanceOf(
        StoreTlsError,
      );
      const home = process.env.HOME;
      const dir = mkdtempSync(join(tmpdir(), 'laneterm-pg-home-'));
      mkdirSync(join(dir, '.postgresql'));
      process.env.HOME = dir;
      try {
        copyFileSync(certs.otherCaFile, join(dir, '.postgresql', 'root.crt'));
        expect(await refusal(url('127.0.0.1', 'sslmode=require'))).toBeInstanceOf(StoreTlsError);
        copyFileSync(certs.caFile, join(dir, '.postgresql', 'root.crt'));
        expect(await session(url('127.0.0.1', 'sslmode=require'))).toMatchObject({ ssl: true });
      } finally {
        if (home === undefined) delete process.env.HOME;
        else process.env.HOME = home;
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('several hosts with target_session_attrs=read-write pass over the standby, over TLS', async () => {
      const standby = cluster.standby?.port ?? 0;
      const hosts = `localhost:${standby},localhost:${cluster.primary.port}`;
      const query = `target_session_attrs=read-write&sslmode=verify-full&${rightCa()}`;
      const seen = await session(`postgres://${CLUSTER_USER}@${hosts}/postgres?${query}`);
      expect(seen).toEqual({ ssl: true, standby: false, user: CLUSTER_USER });
      const any = await session(
        `postgres://${CLUSTER_USER}@${hosts}/postgres?sslmode=verify-full&${rightCa()}`,
      );
      expect(any).toEqual({ ssl: true, standby: true, user: CLUSTER_USER });
    });

    it('sends the client certificate of sslcert and sslkey to a server that asks for one', async () => {
      const client = `sslcert=${certs.clientCertFile}&sslkey=${certs.clientKeyFile}`;
      const query = `sslmode=verify-full&${rightCa()}&${client}`;
      expect(await session(url('localhost', query, undefined, CERT_USER))).toEqual({
        ssl: true,
        standby: false,
        user: CERT_USER,
      });
      const without = await refusal(
        url('localhost', `sslmode=verify-full&${rightCa()}`, undefined, CERT_USER),
      );
      expect((without as Error).message).toContain('certificate');
      const notKey = `sslcert=${certs.clientCertFile}&sslkey=${certs.caFile}`;
      expect(await refusal(url('localhost', `sslmode=require&${notKey}`))).toMatchObject({
        code: 'STORE_TLS',
        message: `store: sslkey: ${certs.caFile} is not a PEM key`,
      });
    });

    it('sslmode=require against a server without TLS is refused', async () => {
      const plain = await startPostgresCluster();
      try {
        const refused = await refusal(
          `postgres://${CLUSTER_USER}@127.0.0.1:${plain.primary.port}/postgres?sslmode=require`,
        );
        expect(refused).toBeInstanceOf(StoreTlsError);
        expect((refused as Error).message).toBe(
          `store: 127.0.0.1:${plain.primary.port} refused: the server does not take TLS, and ` +
            'sslmode asks for it (sslmode=require)',
        );
      } finally {
        await plain.stop();
      }
    });
  },
);
