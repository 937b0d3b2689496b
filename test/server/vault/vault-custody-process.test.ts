import {
  cpSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import {
  CardVault,
  LEGACY_VAULT_KEY_FILE,
  VaultKeyError,
  keychainProblem,
  openDataKey,
  type SealPurpose,
} from '../../../server/vault/index.ts';
import { WRAPPED_KEY_FILE } from '../../../server/vault/wrapped-key-file.ts';
import { RestClient } from '../durability/helpers/rest-client.ts';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { runEntry } from '../helpers/server-process.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-custody-');
const CARD = { account: '4111111111111111', expdate: '1230' };
const PANS = ['4111111111111111', '5454545454545454'];

/** A data directory and a key file for its key-encrypting key, in another directory. */
function places(): { dir: string; kek: string; flags: string[] } {
  const kek = join(tempDir(), 'vault.kek');
  return { dir: tempDir(), kek, flags: ['--vault-key-file', kek] };
}

/** Every sealed blob the data directory's database holds, with what it was sealed for. */
function sealedBlobs(dir: string): { blob: Buffer; purpose: SealPurpose }[] {
  const store = new Database(join(dir, 'service.db'), { readonly: true });
  try {
    const rows = (sql: string) => store.prepare(sql).all() as { card_sealed: Buffer }[];
    return [
      ...rows('SELECT card_sealed FROM transactions WHERE card_sealed IS NOT NULL').map((row) => ({
        blob: row.card_sealed,
        purpose: 'transaction' as const,
      })),
      ...rows('SELECT card_sealed FROM tokens').map((row) => ({
        blob: row.card_sealed,
        purpose: 'token' as const,
      })),
    ];
  } finally {
    store.close();
  }
}

/** Every 32-byte stretch of every small file in a directory, as text and as decoded base64. */
function keyCandidates(dir: string): Buffer[] {
  const candidates: Buffer[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).size > 64 * 1024) continue;
    const raw = readFileSync(path);
    const decoded = (raw.toString('latin1').match(/[A-Za-z0-9+/=]{40,}/g) ?? []).map((text) =>
      Buffer.from(text, 'base64'),
    );
    for (const bytes of [raw, ...decoded]) {
      for (let at = 0; at + 32 <= bytes.length; at += 1)
        candidates.push(bytes.subarray(at, at + 32));
    }
  }
  return candidates;
}

function opens(key: Buffer, sealed: { blob: Buffer; purpose: SealPurpose }): boolean {
  try {
    new CardVault(key).unseal(sealed.blob, sealed.purpose);
    return true;
  } catch {
    return false;
  }
}

async function sell(server: ServerProcess, extra: Record<string, string>) {
  const client = new RestClient(server.plainPort, server.apiKey);
  return (await client.send('POST', 'transaction/purchase', { ...CARD, ...extra })).body;
}

describe('custody of the card vault key', () => {
  it('leaves nothing in a copy of the data directory that recovers a card number', async () => {
    const { dir, kek, flags } = places();
    const server = await ServerProcess.start(dir, flags);
    expect((await sell(server, { amount: '5.00', tokenize: 'yes' })).code).toBe('AUTH');
    const client = new RestClient(server.plainPort, server.apiKey);
    const preauth = await client.send('POST', 'transaction/preauth', {
      account: PANS[1] ?? '',
      expdate: '1230',
      amount: '7.00',
    });
    expect(preauth.body.code).toBe('AUTH');
    await server.stop();

    const copy = tempDir();
    cpSync(dir, copy, { recursive: true });
    renameSync(kek, `${kek}.elsewhere`);
    const everything = readdirSync(copy)
      .map((name) => readFileSync(join(copy, name)).toString('latin1'))
      .join('\n');
    for (const pan of PANS) expect(everything).not.toContain(pan);
    expect(() => openDataKey(copy)).toThrow(VaultKeyError);
    const sealed = sealedBlobs(copy);
    expect(sealed).toHaveLength(3);
    const candidates = keyCandidates(copy);
    expect(candidates.length).toBeGreaterThan(1000);
    expect(candidates.filter((key) => sealed.some((blob) => opens(key, blob)))).toEqual([]);

    renameSync(`${kek}.elsewhere`, kek);
    const vault = CardVault.open(copy);
    const pans = sealed.map(({ blob, purpose }) => vault.unseal(blob, purpose).pan);
    expect(pans.sort()).toEqual([PANS[0], PANS[0], PANS[1]]);
  });

  it('wraps the card-vault.key of an existing data directory and deletes it, keeping its tokens', async () => {
    const { dir, flags } = places();
    const first = await ServerProcess.start(dir, flags);
    const token = (await sell(first, { amount: '5.00', tokenize: 'yes' })).token ?? '';
    await first.stop();
    const { key } = openDataKey(dir);
    writeFileSync(join(dir, LEGACY_VAULT_KEY_FILE), key, { mode: 0o600 });
    rmSync(join(dir, WRAPPED_KEY_FILE));

    const second = places();
    const server = await ServerProcess.start(dir, [...second.flags, '--log-level', 'info']);
    expect(readdirSync(dir)).not.toContain(LEGACY_VAULT_KEY_FILE);
    expect(server.logLines()).toContainEqual(
      expect.objectContaining({ msg: 'card vault key wrapped', change: 'migrated' }),
    );
    const client = new RestClient(server.plainPort, server.apiKey);
    const again = await client.send('POST', 'transaction/purchase', {
      token,
      amount: '6.00',
    });
    expect(again.body).toMatchObject({ code: 'AUTH', account: 'XXXXXXXXXXXX1111' });
    await server.stop();
  });

  it('rotates the key-encrypting key while the service runs, which goes on opening card data', async () => {
    const { dir, kek, flags } = places();
    const server = await ServerProcess.start(dir, flags);
    const client = new RestClient(server.plainPort, server.apiKey);
    const held = await client.send('POST', 'transaction/preauth', { ...CARD, amount: '9.00' });
    const before = readFileSync(kek);
    const rotation = runEntry('server/cli.ts', ['admin', 'rotate-keys', '--data', dir]);
    expect(await rotation.exited, rotation.stderr.join('')).toBe(0);
    expect(rotation.stdout.join('\n')).toContain(
      `card vault key re-wrapped: was the key file ${kek}`,
    );
    expect(readFileSync(kek).equals(before)).toBe(false);
    const completed = await client.send('PATCH', `transaction/${held.body.ttid ?? ''}/complete`);
    expect(completed.body.code).toBe('AUTH');
    const second = await client.send('POST', 'transaction/preauth', { ...CARD, amount: '3.00' });
    await server.stop();

    const restarted = await ServerProcess.start(dir, flags);
    const after = new RestClient(restarted.plainPort, restarted.apiKey);
    const done = await after.send('PATCH', `transaction/${second.body.ttid ?? ''}/complete`);
    expect(done.body.code).toBe('AUTH');
    await restarted.stop();
    writeFileSync(kek, before, { mode: 0o600 });
    expect(() => openDataKey(dir)).toThrow(/holds another key/);
  });

  it.skipIf(keychainProblem() === undefined)(
    'refuses to start a service with no keychain and no key file or variable given',
    async () => {
      const dir = tempDir();
      const env = { LANETERM_VAULT_KEK: '' };
      const run = runEntry('server/cli.ts', ['--port', '0', '--data', dir], undefined, env);
      expect(await run.exited).toBe(1);
      expect(run.stderr.join('')).toMatch(
        /cannot start: card vault: no usable OS keychain here .* key file outside the data directory/,
      );
      expect(readdirSync(dir)).not.toContain(WRAPPED_KEY_FILE);
    },
  );
});
