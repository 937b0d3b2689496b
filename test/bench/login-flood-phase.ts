import { runEntry } from '../server/helpers/server-process.ts';
import type { PhaseFigures } from './closed-loop.ts';
import { KvClient } from './kv-client.ts';
import { cpuMs } from './process-cpu.ts';
import { UnknownNameFlood } from './unknown-name-flood.ts';

/** Attacking addresses at a time (the report's figure). */
const ATTACKERS = 150;
/** Legitimate users logging in for the first time while the flood runs. */
const FIRST_LOGINS = 8;
/** Users logging in for the first time before it, the baseline. */
const QUIET_LOGINS = 3;
/** Milliseconds between two first logins. */
const LOGIN_SPACING_MS = 400;
/** Milliseconds the flood runs alone, its cost to the service measured. */
const FLOOD_ALONE_MS = 3000;
const FIRST_LOGIN_PASSWORD = 'first-login-pass';

/** What the phase borrows from the server bench. */
export interface LoginFloodParts {
  port: number;
  /** The service's process, whose CPU time the flood alone costs is measured. */
  pid: number;
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

/** The service's CPU ms per flood attempt and the attempts a second, the flood running alone. */
async function floodAlone(parts: LoginFloodParts, flood: UnknownNameFlood): Promise<string> {
  const [cpuBefore, answeredBefore] = [cpuMs(parts.pid), flood.answered];
  await new Promise((resolve) => setTimeout(resolve, FLOOD_ALONE_MS));
  const attempts = flood.answered - answeredBefore;
  const perAttempt = (cpuMs(parts.pid) - cpuBefore) / attempts;
  const perSecond = (attempts * 1000) / FLOOD_ALONE_MS;
  return `${perSecond.toFixed(0)} attempts/s, ${perAttempt.toFixed(3)} ms of service CPU each`;
}

/** Remembered-password and API-key sales, in that order or (`keyFirst`) the other. */
async function salePair(parts: LoginFloodParts, keyFirst = false): Promise<SalePair> {
  const run = (auth: Record<string, string>) => parts.phase(parts.port, auth, true);
  if (!keyFirst) return { password: await run(parts.password), apiKey: await run(parts.apiKey) };
  const apiKey = await run(parts.apiKey);
  return { password: await run(parts.password), apiKey };
}

/** Remembered-password and API-key sale figures of one stretch of the run. */
interface SalePair {
  password: PhaseFigures;
  apiKey: PhaseFigures;
}

/** Prints one credential's three rows; its flooded p99 over the mean of its quiet ones. */
function p99Ratio(parts: LoginFloodParts, name: string, sides: PhaseFigures[]): string {
  const [before, flooded, after] = sides as [PhaseFigures, PhaseFigures, PhaseFigures];
  console.log(parts.row(`kv sale, ${name}`, before));
  console.log(parts.row(`  + ${ATTACKERS} addrs unknown names`, flooded));
  console.log(parts.row('  quiet again', after));
  return `${name} ${(flooded.p99Ms / ((before.p99Ms + after.p99Ms) / 2)).toFixed(2)}x`;
}

/**
 * Remembered-password and API-key sales, quiet before and after and in between while ATTACKERS
 * addresses at a time each send their 10 logins with unknown names, the order reversed after so a
 * load that drifts during the run weighs on both sides alike; users logging in for the first time,
 * before the flood (the baseline: a scrypt check and a sale) and while it runs, FIRST_LOGINS of
 * them one every LOGIN_SPACING_MS; and the service's CPU per flood attempt (docs/security.md,
 * Password verification cache). Prints flooded p99 against the mean of the quiet ones and the
 * slowest first login against its goal of one second, from the same run.
 */
export async function loginFloodPhase(parts: LoginFloodParts): Promise<void> {
  const users = await newUsers(parts.dataDir);
  const quietMs = await firstLogins(parts, users.slice(0, QUIET_LOGINS));
  const before = await salePair(parts);
  const flood = new UnknownNameFlood(parts.port, ATTACKERS, parts.sale);
  const floodMs = await firstLogins(parts, users.slice(QUIET_LOGINS));
  const flooded = await salePair(parts);
  const cost = await floodAlone(parts, flood);
  const attack = await flood.stop();
  const after = await salePair(parts, true);
  const ratios = [
    p99Ratio(parts, 'remembered password', [before.password, flooded.password, after.password]),
    p99Ratio(parts, 'API key', [before.apiKey, flooded.apiKey, after.apiKey]),
  ];
  console.log(`  p99 under the flood / mean quiet p99: ${ratios.join(', ')} (goal <= 2 each)`);
  const each = (ms: number[]) => ms.map((one) => one.toFixed(0)).join(', ');
  console.log(
    `  first logins (scrypt and a sale): quiet ${each(quietMs)} ms; under the flood ${floodMs.length} of ${FIRST_LOGINS} approved, slowest ${Math.max(...floodMs).toFixed(0)} ms (goal <= 1000), each ${each(floodMs)} ms`,
  );
  console.log(`  flood alone: ${cost}`);
  console.log(`  flood: ${attack}`);
}
