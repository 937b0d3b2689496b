import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/http-client.ts';
import { portAfter, runEntry } from '../helpers/server-process.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();

function serverArgs(dir: string): string[] {
  return ['--port', '0', '--plain-port', '0', '--data', dir, '--demo', '--log-level', 'warn'];
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

/** True once connections to the port are refused (retried for up to 5 s while the child stops). */
async function refused(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await connectionRefused(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('npm run server (child process)', () => {
  it('prints its usage, and refuses a bad option with exit status 2', async () => {
    const help = runEntry('server/cli.ts', ['--help']);
    expect(await help.exited).toBe(0);
    expect(help.stdout.join('\n')).toContain('--plain-port N');
    const bad = runEntry('server/cli.ts', ['--port', 'eighty']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr.join('')).toContain('--port: a whole number from 0 to 65535');
  });

  it('prints where it listens, and on SIGTERM finishes the transaction in flight and exits 0', async () => {
    const dir = tempDir();
    const run = runEntry('server/cli.ts', serverArgs(dir));
    const plainPort = await portAfter(run, 'plain:');
    const tlsPort = await portAfter(run, 'TLS:');
    expect(
      await run.line(/TLS certificate SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2} \(generated now\)/),
    ).toBeTruthy();
    const key = JSON.parse(readFileSync(join(dir, 'demo-apikey.json'), 'utf8')) as {
      id: string;
      secret: string;
    };
    const inFlight = call(
      { host: '127.0.0.1', port: plainPort },
      {
        method: 'POST',
        path: '/api/v2/transaction/purchase',
        headers: { 'x-api-key-id': key.id, 'x-api-key': key.secret },
        body: { account: '4111111111111111', expdate: '1230', amount: '8.04', zip: '32606' },
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    run.child.kill('SIGTERM');
    await run.line(/SIGTERM: draining/);
    expect(await refused(tlsPort)).toBe(true);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
    expect(await run.exited).toBe(0);
  });

  it('seeds the demo merchant once: a restart keeps its logins and its API key', async () => {
    const dir = tempDir();
    const first = runEntry('server/cli.ts', serverArgs(dir));
    const firstKey = await first.line(/demo profile API key: (P[0-9A-F]{16})/);
    const keyFile = readFileSync(join(dir, 'demo-apikey.json'), 'utf8');
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const second = runEntry('server/cli.ts', serverArgs(dir));
    const plainPort = await portAfter(second, 'plain:');
    expect(await second.line(/demo profile API key/)).toBe(firstKey);
    expect(second.stdout.join('\n')).not.toContain('generated now');
    expect(readFileSync(join(dir, 'demo-apikey.json'), 'utf8')).toBe(keyFile);
    const key = JSON.parse(keyFile) as { id: string; secret: string };
    const answer = await call(
      { host: '127.0.0.1', port: plainPort },
      {
        method: 'GET',
        path: '/api/v2/report/failed',
        headers: { 'x-api-key-id': key.id, 'x-api-key': key.secret },
      },
    );
    expect(answer.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('runs admin commands: the API key secret is printed once and stored only as a digest', async () => {
    const dir = tempDir();
    const added = runEntry(
      'server/cli.ts',
      ['admin', 'add-user', 'shop', '--password-stdin', '--data', dir],
      'shop-password\n',
    );
    expect(await added.exited).toBe(0);
    expect(added.stdout.join('\n')).toContain('added user shop');
    const created = runEntry('server/cli.ts', ['admin', 'create-api-key', 'shop', '--data', dir]);
    expect(await created.exited).toBe(0);
    const secret = /api key secret: +(\S+)/.exec(created.stdout.join('\n'))?.[1] ?? '';
    expect(secret).toHaveLength(43);
    const listed = runEntry('server/cli.ts', ['admin', 'list-api-keys', 'shop', '--data', dir]);
    expect(await listed.exited).toBe(0);
    expect(listed.stdout.join('\n')).toMatch(/^U[0-9A-F]{16} {2}shop {2}user key/);
    expect(listed.stdout.join('\n')).not.toContain(secret);
    expect(readFileSync(join(dir, 'service.db')).includes(Buffer.from(secret))).toBe(false);
    const unknown = runEntry('server/cli.ts', ['admin', 'frobnicate', '--data', dir]);
    expect(await unknown.exited).toBe(2);
  });
});
