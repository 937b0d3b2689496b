import { runEntry } from '../server/helpers/server-process.ts';
import type { PhaseFigures } from './closed-loop.ts';
import { KvClient } from './kv-client.ts';
import { UnknownNameFlood } from './unknown-name-flood.ts';

/** Attacking addresses at a time (the report's figure). */
const ATTACKERS = 150;
/** Legitimate users logging in for the first time while the flood runs. */
const FIRST_LOGINS = 8;
/** Users logging in for the first time before it, the baseline. */
const QUIET_LOGINS = 3;
/** Milliseconds between two first logins. */
const LOGIN_SPACING_MS = 400;
const FIRST_LOGIN_PASSWORD = 'first-login-pass';

/** What the phase borrows from the server bench. */
export interface LoginFloodParts {
  port: number;
  dataDir: string;
  sale: Record<string, string>;
  /** The remembered-password and API-key credentials of the sales measured. */
  password: Record<string, string>;
  apiKey: Record<string, string>;
  /** Closed-loop key/value sales with these credentials. */
  phase: (port: number, auth: Record<string, string>, check: boolean) => Promise<PhaseFigures>;
  row: (name: string, figures: PhaseFigures) => string;
}

/** Runs an admin command on the bench's data directory; throws when it fails. */
async function admin(dataDir: string, args: string[], stdin?: string): Promise<void> {
  const run = runEntry('server/cli.ts', ['admin', ...args, '--data', dataDir], stdin);
  if ((await run.exited) !== 0) throw new Error(`admin ${args.join(' ')}: ${run.stderr.join('')}`);
}

/**
 * Sub-users of the demo merchant on its profile that have never logged in, made with `admin
 * add-sub-user` and `set-default-profile`.
 */
async function newUsers(dataDir: string): Promise<string[]> {
  const count = QUIET_LOGINS + FIRST_LOGINS;
  const names = Array.from({ length: count }, (_, i) => `test_retail:first${i}`);
  for (const name of names) {
    await admin(dataDir, ['add-sub-user', name, '--password-stdin'], `${FIRST_LOGIN_PASSWORD}\n`);
    await admin(dataDir, ['set-default-profile', name, 'retail']);
  }
  return names;
}

/** Each user's first sale, one every LOGIN_SPACING_MS from its own address: milliseconds each. */
async function firstLogins(parts: LoginFloodParts, users: string[]): Promise<number[]> {
  return Promise.all(
    users.map(async (username, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * LOGIN_SPACING_MS));
      const client = await KvClient.open(parts.port, `127.0.2.${1 + i}`);
      const sent = performance.now();
      const credentials = { username, password: FIRST_LOGIN_PASSWORD };
      const answer = await client.request({ action_trans: 'sale', ...credentials, ...parts.sale });
      const ms = performance.now() - sent;
      client.close();
      if (answer.code !== 'AUTH') throw new Error(`first login ${username}: ${answer.msoft_code}`);
      return ms;
    }),
  );
}

/**
 * Remembered-password and API-key sales, quiet and then while ATTACKERS addresses at a time each
 * send their 10 logins with unknown names; and users logging in for the first time, before the
 * flood (the baseline: a scrypt check and a sale) and while it runs, FIRST_LOGINS of them one
 * every LOGIN_SPACING_MS (docs/security.md, Password verification cache). Prints p99 against
 * quiet and the slowest first login against its goal of one second, from the same run.
 */
export async function loginFloodPhase(parts: LoginFloodParts): Promise<void> {
  const users = await newUsers(parts.dataDir);
  const quietMs = await firstLogins(parts, users.slice(0, QUIET_LOGINS));
  const quietPassword = await parts.phase(parts.port, parts.password, true);
  const quietKey = await parts.phase(parts.port, parts.apiKey, true);
  const flood = new UnknownNameFlood(parts.port, ATTACKERS, parts.sale);
  const floodMs = await firstLogins(parts, users.slice(QUIET_LOGINS));
  const floodPassword = await parts.phase(parts.port, parts.password, true);
  const floodKey = await parts.phase(parts.port, parts.apiKey, true);
  const attack = await flood.stop();
  const label = `+ ${ATTACKERS} addrs unknown names`;
  console.log(parts.row('kv sale, remembered password', quietPassword));
  console.log(parts.row(`  ${label}`, floodPassword));
  console.log(parts.row('kv sale, API key', quietKey));
  console.log(parts.row(`  ${label}`, floodKey));
  const ratio = (flooded: PhaseFigures, quiet: PhaseFigures) =>
    (flooded.p99Ms / quiet.p99Ms).toFixed(2);
  console.log(
    `  p99 under the flood: remembered password ${ratio(floodPassword, quietPassword)}x quiet, API key ${ratio(floodKey, quietKey)}x quiet (goal <= 2 each)`,
  );
  const each = (ms: number[]) => ms.map((one) => one.toFixed(0)).join(', ');
  console.log(
    `  first logins (scrypt and a sale): quiet ${each(quietMs)} ms; under the flood ${floodMs.length} of ${FIRST_LOGINS} approved, slowest ${Math.max(...floodMs).toFixed(0)} ms (goal <= 1000), each ${each(floodMs)} ms`,
  );
  console.log(`  flood: ${attack}`);
}
