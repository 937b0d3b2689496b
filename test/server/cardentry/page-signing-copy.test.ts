import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSigningKey } from '../../../server/accounts/page-signing-key.ts';
import { signPageParams, signedText } from '../../../server/cardentry/signed-session.ts';
import { RestClient } from '../durability/helpers/rest-client.ts';
import { ServerProcess, type ApiKey } from '../durability/helpers/server-process.ts';
import { call, type HttpTarget } from '../helpers/http-client.ts';
import { runEntry } from '../helpers/server-process.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

// Whoever copies the data directory (a backup, a disk image) without the card vault's
// key-encrypting key must not be able to sign a hosted card-entry address the live service
// accepts: against the service as `npm run server` runs it, its KEK in a key file elsewhere.

const tempDir = useTempDirs('laneterm-page-signing-');
const ORIGIN = 'https://attacker.example';
let dir: string;
let keyDir: string;
let server: ServerProcess;
let tls: HttpTarget;
let key: ApiKey;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-page-signing-'));
  keyDir = mkdtempSync(join(tmpdir(), 'laneterm-page-signing-kek-'));
  server = await ServerProcess.start(dir, ['--vault-key-file', join(keyDir, 'vault.kek')]);
  tls = { host: '127.0.0.1', port: server.tlsPort, pin: server.fingerprint };
  const run = runEntry('server/cli.ts', [
    'admin',
    'create-api-key',
    'test_retail',
    '--profile',
    'retail',
    '--data',
    dir,
  ]);
  expect(await run.exited, run.stderr.join('')).toBe(0);
  const printed = run.stdout.join('\n');
  key = {
    id: /api key id:\s+(\S+)/.exec(printed)?.[1] ?? '',
    secret: /api key secret:\s+(\S+)/.exec(printed)?.[1] ?? '',
  };
});
afterAll(async () => {
  await server.stop();
  for (const place of [dir, keyDir]) rmSync(place, { recursive: true, force: true });
});

/** A page address for `keyId` signed with `signingKey`, and the signature over its parameters. */
function signedAddress(keyId: string, signingKey: Buffer): { path: string; text: string } {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('base64url');
  const text = signedText(keyId, timestamp, nonce, ORIGIN);
  const query = new URLSearchParams({ key_id: keyId, timestamp, nonce, origin: ORIGIN });
  query.set('hmac', signPageParams(signingKey, text));
  return { path: `/cardentry?${query}`, text };
}

const open = async (keyId: string, signingKey: Buffer) =>
  (await call(tls, { method: 'GET', path: signedAddress(keyId, signingKey).path })).status;

/** What the copy's database keeps of the key: its secret's digest and its sealed signing key. */
function keptOfKey(copy: string): { secretHash: string; sealed: Buffer } {
  const store = new Database(join(copy, 'service.db'), { readonly: true });
  try {
    const row = store
      .prepare('SELECT secret_hash, signing_key_sealed FROM api_keys WHERE key_id = ?')
      .get(key.id) as { secret_hash: string; signing_key_sealed: Buffer };
    return { secretHash: row.secret_hash, sealed: row.signing_key_sealed };
  } finally {
    store.close();
  }
}

/**
 * Everything in a directory that could be a key: every 32-byte stretch of the small files and of
 * `extra`, raw and base64-decoded, and every secret-shaped text (43 base64url characters) of every
 * file, as a signing key and as the secret one is derived from.
 */
function candidates(copy: string, extra: Buffer[]): Buffer[] {
  const found: Buffer[] = [];
  const stretches = (bytes: Buffer) => {
    for (let at = 0; at + 32 <= bytes.length; at += 1) found.push(bytes.subarray(at, at + 32));
  };
  for (const name of readdirSync(copy)) {
    const raw = readFileSync(join(copy, name));
    const text = raw.toString('latin1');
    for (const secret of text.match(/[A-Za-z0-9_-]{43}/g) ?? []) {
      found.push(pageSigningKey(secret), Buffer.from(secret));
    }
    if (statSync(join(copy, name)).size > 64 * 1024) continue;
    const decoded = (text.match(/[A-Za-z0-9+/=]{40,}/g) ?? []).map((b64) =>
      Buffer.from(b64, 'base64'),
    );
    [raw, ...decoded].forEach(stretches);
  }
  extra.forEach(stretches);
  return found;
}

describe('hosted card-entry addresses signed from a copy of the data directory', () => {
  it('are refused, whatever in the copy signs them; the key holder’s signature opens', async () => {
    const copy = tempDir();
    cpSync(dir, copy, { recursive: true });
    const { secretHash, sealed } = keptOfKey(copy);
    expect(secretHash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(sealed.length).toBeGreaterThan(32);

    expect(await open(key.id, Buffer.from(secretHash, 'hex'))).toBe(403);
    expect(await open(key.id, pageSigningKey(secretHash))).toBe(403);
    expect(await open(key.id, sealed)).toBe(403);

    const genuine = pageSigningKey(key.secret);
    const { text } = signedAddress(key.id, genuine);
    const wanted = signPageParams(genuine, text);
    const tried = candidates(copy, [sealed, Buffer.from(secretHash, 'hex')]);
    expect(tried.length).toBeGreaterThan(1000);
    expect(tried.filter((candidate) => signPageParams(candidate, text) === wanted)).toEqual([]);

    expect(await open(key.id, genuine)).toBe(200);
  });

  it('are refused for a key issued before signing keys were kept until it authenticates once', async () => {
    const live = new Database(join(dir, 'service.db'));
    live.prepare('UPDATE api_keys SET signing_key_sealed = NULL WHERE key_id = ?').run(key.id);
    live.close();
    const genuine = pageSigningKey(key.secret);
    expect(await open(key.id, genuine)).toBe(403);
    const chkpwd = await new RestClient(server.plainPort, key).send('GET', 'user/chkpwd');
    expect(chkpwd.body).toMatchObject({ code: 'SUCCESS' });
    expect(await open(key.id, genuine)).toBe(200);
  });
});
