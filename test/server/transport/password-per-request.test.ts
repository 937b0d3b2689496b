import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { runEntry } from '../helpers/server-process.ts';

// Monetra's own client libraries send username and password in every key/value request. Against
// the service as `npm run server` runs it, with one scrypt slot, and its request log lines, which
// say how each request proved its credentials (`credential`).

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-password-'));
  server = await ServerProcess.start(dir, ['--log-level', 'info', '--password-checks', '1']);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const USER = 'test_retail:public';
const SALE = { account: '4111111111111111', expdate: '1230', amount: '7.00', zip: '32606' };
let nextId = 1;

const lane = (localAddress: string) =>
  KvTestClient.connect({ host: '127.0.0.1', port: server.plainPort, localAddress });

/** Sends a v1 sale (`action=sale`) with username and password, as the libraries do. */
function sale(kv: KvTestClient, password: string, username = USER): Promise<string> {
  const id = String(nextId++);
  kv.send(id, { action: 'sale', username, password, ...SALE });
  return kv.pairs(id).then((pairs) => pairs.msoft_code ?? '');
}

/**
 * How the `count` requests of `users` (USER) logged after the first `from` log lines proved their
 * credentials, in log order (log lines reach standard output a little after the answers).
 */
async function proofs(from: number, count: number, users = [USER]): Promise<unknown[]> {
  for (let waited = 0; ; waited += 1) {
    const seen = server
      .logLines()
      .slice(from)
      .filter((line) => line.msg === 'request' && users.includes(String(line.user)))
      .map((line) => line.credential);
    if (seen.length >= count || waited === 200) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function admin(argv: string[], stdin?: string): Promise<string> {
  const run = runEntry('server/cli.ts', ['admin', ...argv, '--data', dir], stdin);
  expect(await run.exited, run.stderr.join('')).toBe(0);
  return run.stdout.join('\n');
}

describe('username and password on every key/value request', () => {
  it('checks the password with scrypt once, then from the remembered check', async () => {
    const from = server.logLines().length;
    const kv = await lane('127.0.0.61');
    const answers = await Promise.all(Array.from({ length: 30 }, () => sale(kv, 'publ1ct3st')));
    expect(new Set(answers)).toEqual(new Set(['INT_SUCCESS']));
    const seen = await proofs(from, 30);
    expect(seen).toHaveLength(30);
    expect(seen.filter((proof) => proof === 'password')).toHaveLength(1);
    expect(seen.filter((proof) => proof === 'password_cached')).toHaveLength(29);
    kv.close();
  });

  it('forgets the remembered check at once when the password is changed', async () => {
    const kv = await lane('127.0.0.62');
    expect(await sale(kv, 'publ1ct3st')).toBe('INT_SUCCESS');
    await admin(['set-password', USER, '--password-stdin'], 'n3w-lane-pass\n');
    const from = server.logLines().length;
    expect(await sale(kv, 'publ1ct3st')).toBe('ACCT_AUTHFAIL');
    expect(await sale(kv, 'n3w-lane-pass')).toBe('INT_SUCCESS');
    expect(await sale(kv, 'n3w-lane-pass')).toBe('INT_SUCCESS');
    expect(await proofs(from, 2)).toEqual(['password', 'password_cached']);
    kv.close();
  });

  it('forgets it at once when the user is disabled, and checks in full once enabled', async () => {
    const kv = await lane('127.0.0.63');
    expect(await sale(kv, 'n3w-lane-pass')).toBe('INT_SUCCESS');
    await admin(['disable-user', USER]);
    expect(await sale(kv, 'n3w-lane-pass')).toBe('ACCT_AUTHFAIL');
    await admin(['enable-user', USER]);
    const from = server.logLines().length;
    expect(await sale(kv, 'n3w-lane-pass')).toBe('INT_SUCCESS');
    expect(await proofs(from, 1)).toEqual(['password']);
    kv.close();
  });

  it('checks a first login, never busy, while 150 addresses flood unknown names, each within its limit', async () => {
    const attackers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => lane(`127.0.1.${100 + i}`)),
    );
    const flood = attackers.flatMap((kv, i) =>
      Array.from({ length: 10 }, (_, j) => sale(kv, 'guess', `nobody${i}x${j}`)),
    );
    const from = server.logLines().length;
    const first = await lane('127.0.0.64');
    expect(await sale(first, 'n3w-lane-pass', 'test_retail:public')).toBe('INT_SUCCESS');
    expect(await sale(first, 'publ1ct3st', 'test_retail')).toBe('INT_SUCCESS');
    const floodAnswers = await Promise.all(flood);
    expect(new Set(floodAnswers)).toEqual(new Set(['ACCT_AUTHFAIL']));
    const proved = await proofs(from, 2, [USER, 'test_retail']);
    expect(proved).toEqual(['password_cached', 'password']);
    [...attackers, first].forEach((kv) => kv.close());
  });

  it('keeps a remembered check across a restart, so lanes do not go back through scrypt', async () => {
    const kv = await lane('127.0.0.65');
    expect(await sale(kv, 'n3w-lane-pass')).toBe('INT_SUCCESS');
    kv.close();
    await server.stop();
    server = await ServerProcess.start(dir, ['--log-level', 'info', '--password-checks', '1']);
    const from = server.logLines().length;
    const again = await lane('127.0.0.65');
    expect(await sale(again, 'n3w-lane-pass')).toBe('INT_SUCCESS');
    expect(await sale(again, 'wrong-pass')).toBe('ACCT_AUTHFAIL');
    expect(await proofs(from, 1)).toEqual(['password_cached']);
    again.close();
  });
});
