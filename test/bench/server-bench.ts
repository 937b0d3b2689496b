// `npm run bench:server`: sales per second and p50/p99 latency of the Payment Transaction Service
// with 32 concurrent clients on loopback, over REST v2 and over key/value, each beside the same
// round trip against a bare node:http / node:net echo server measured in the same run. Key/value
// runs with an API key and with username and password in every request (as Monetra's libraries
// send them), then with 16 other addresses sending wrong passwords meanwhile: under the default
// limits, and on a second service with throttling and lockout off, where every wrong password
// costs a scrypt check; then remembered-password and API-key sales while 150 addresses at a time
// send logins with unknown names, each within its limit, and users log in for the first time
// meanwhile (login-flood-phase.ts). Beside each sale phase's ratio it prints the goal (0.5x the echo, REST p99
// at most 5 ms) and the bound the service's own CPU cost puts on it: the CPU ms each sale costs
// the service process, measured in the same phase, and the sales per second one event-loop
// thread can run at that cost, as a ratio to the echo (docs/architecture.md, Throughput). Sales
// asking for e-mailed and texted receipt copies run beside sales without.
// Options: --help prints them (HELP).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { RestClient } from '../server/durability/helpers/rest-client.ts';
import { ServerProcess } from '../server/durability/helpers/server-process.ts';
import { abComparison } from './ab-phases.ts';
import { benchArgs, usageError } from './bench-args.ts';
import { closedLoop, type PhaseFigures } from './closed-loop.ts';
import { profileReport } from './cpu-profile-summary.ts';
import { enginePhase } from './engine-phase.ts';
import { CpuPerRequest } from './process-cpu.ts';
import { KvClient } from './kv-client.ts';
import { loginFloodPhase } from './login-flood-phase.ts';
import { opsOverhead } from './ops-overhead.ts';
import { storeComparison } from './store-bench.ts';
import { WrongPasswordFlood } from './wrong-password-flood.ts';

/** What `--help` prints. */
const HELP = `usage: npm run bench:server -- [options]
  --seconds N     measured seconds per phase, after 1 s of warm-up (default 5)
  --clients N     concurrent clients (default 32)
  --store postgres
                  instead of the REST and key/value phases: key/value sales on SQLite and on one
                  instance over a throwaway PostgreSQL cluster (fsync on) for each client count of
                  the sweep, on two instances at the top count, and the node:net echo, with the CPU
                  ms per sale of the service, PostgreSQL and the bench (store-bench.ts)
  --sweep LIST    with --store postgres: client counts, comma-separated (default 1,4,16,32)
  --pool-max N    with --store postgres: connections per instance (default the store's, 10)
  --logins        only the phase of logins under a flood of unknown names (login-flood-phase.ts)
  --baseline DIR  instead of the phases above: REST v2 sales, key/value sales and key/value sales
                  with receipt copies on a service from the checkout at DIR and one from this
                  checkout, both loaded at once, with the ratios (ab-phases.ts)
  --cpu-prof      runs the service under node --cpu-prof; prints the top self-time functions and
                  parts of the code of each profile once it stops (cpu-profile-summary.ts)
  --engine        only sales through the engine and the SQLite store in one process, without
                  network, authentication or parsing: their CPU ms per sale (engine-phase.ts);
                  with --baseline DIR, also the checkout at DIR's, in turns, and B / A
  --ops           only key/value sales on a service without and one with --ops-port, in turns,
                  /metrics read every second (ops-overhead.ts); --rounds N turns each (default 3)
  -h, --help      prints this`;

const values = benchArgs('bench:server', HELP, {
  seconds: { type: 'string' },
  clients: { type: 'string' },
  store: { type: 'string' },
  sweep: { type: 'string' },
  'pool-max': { type: 'string' },
  logins: { type: 'boolean' },
  baseline: { type: 'string' },
  'cpu-prof': { type: 'boolean' },
  ops: { type: 'boolean' },
  engine: { type: 'boolean' },
  rounds: { type: 'string' },
});

/** A positive whole number given as option `name`, or the default; exits naming the rule. */
function count(name: string, given: string | undefined, fallback: number): number {
  const value = Number(given ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    usageError('bench:server', `--${name}: a whole number of at least 1, not "${given}"`, HELP);
  return value;
}

const SECONDS = count('seconds', values.seconds, 5);
const CLIENTS = count('clients', values.clients, 32);
const WARMUP_MS = 1000;
/** Where the service's V8 CPU profiles go with --cpu-prof. */
const PROFILE_DIR =
  values['cpu-prof'] === true ? mkdtempSync(join(tmpdir(), 'laneterm-prof-')) : undefined;
const PROFILE_ARGS = PROFILE_DIR === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR];
/** Addresses sending wrong passwords in the attacked phases. */
const ATTACKERS = 16;
const SALE = {
  account: '4111111111111111',
  expdate: '1230',
  cv: '999',
  zip: '32606',
  amount: '12.34',
};

/** Starts the echo servers in their own process, as the service runs in its own. */
async function startEchoServers(): Promise<{
  http: number;
  net: number;
  pid: number;
  stop: () => void;
}> {
  const script = fileURLToPath(new URL('./echo-servers.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
  );
  const match = /http ([0-9]+) net ([0-9]+)/.exec(line);
  return {
    http: Number(match?.[1]),
    net: Number(match?.[2]),
    pid: child.pid ?? 0,
    stop: () => child.kill('SIGTERM'),
  };
}

function expectApproved(answer: Record<string, string>): void {
  if (answer.code !== 'AUTH') throw new Error(`sale not approved: ${JSON.stringify(answer)}`);
}

/** A phase's figures and the CPU ms per round trip of the process that answered it. */
type MeteredFigures = PhaseFigures & { cpuMs: number };

async function restPhase(
  port: number,
  key: { id: string; secret: string },
  check: boolean,
  pid: number,
): Promise<MeteredFigures> {
  const client = new RestClient(port, key);
  const cpu = new CpuPerRequest(pid);
  const figures = await closedLoop(
    CLIENTS,
    WARMUP_MS,
    SECONDS * 1000,
    cpu.wrap(async () => {
      const { body } = await client.send('POST', 'transaction/purchase', SALE);
      if (check) expectApproved(body);
    }),
  );
  client.close();
  return { ...figures, cpuMs: cpu.perRequest() };
}

/** Credentials of a key/value request: the demo profile API key, or the demo sub-user's password. */
type KvAuth = Record<string, string>;

const keyAuth = (key: { id: string; secret: string }): KvAuth => ({
  auth_apikey_id: key.id,
  auth_apikey_secret: key.secret,
});
const PASSWORD_AUTH: KvAuth = { username: 'test_retail:public', password: 'publ1ct3st' };

/**
 * How a key/value phase runs: its clients (default CLIENTS), meters counting its sales, and fields
 * added to each sale.
 */
interface KvPhaseOptions {
  clients?: number;
  meters?: readonly CpuPerRequest[];
  extra?: Record<string, string>;
}

/** Key/value sales from the clients' connections, spread evenly over the ports given. */
async function kvPhase(
  port: number | readonly number[],
  auth: KvAuth,
  check: boolean,
  options: KvPhaseOptions = {},
): Promise<PhaseFigures> {
  const ports = typeof port === 'number' ? [port] : port;
  const count = options.clients ?? CLIENTS;
  const clients = await Promise.all(
    Array.from({ length: count }, (_, i) => KvClient.open(ports[i % ports.length] as number)),
  );
  const request = { action_trans: 'sale', ...auth, ...SALE, ...options.extra };
  const send = async (worker: number): Promise<void> => {
    const answer = await clients[worker]?.request(request);
    if (check && answer !== undefined) expectApproved(answer);
  };
  const metered = (options.meters ?? []).reduce((inner, meter) => meter.wrap(inner), send);
  const figures = await closedLoop(count, WARMUP_MS, SECONDS * 1000, metered);
  clients.forEach((client) => client.close());
  return figures;
}

/** A key/value phase with the CPU ms per sale of process `pid`; `extra` fields go in each sale. */
async function meteredKvPhase(
  port: number,
  auth: KvAuth,
  check: boolean,
  pid: number,
  extra: Record<string, string> = {},
): Promise<MeteredFigures> {
  const cpu = new CpuPerRequest(pid);
  const figures = await kvPhase(port, auth, check, { meters: [cpu], extra });
  return { ...figures, cpuMs: cpu.perRequest() };
}

/** The mean of one figure over `runs` as a ratio to its mean over `base`. */
function meanRatio<F extends PhaseFigures>(
  runs: readonly F[],
  base: readonly F[],
  pick: (figures: F) => number,
): number {
  const mean = (set: readonly F[]) =>
    set.reduce((sum, figures) => sum + pick(figures), 0) / set.length;
  return mean(runs) / mean(base);
}

/**
 * Password against API key, in the order key (the phase already run), password, password, key,
 * so a machine whose load drifts during the run weighs on both alike; the ratio of their means.
 */
async function passwordBesideKey(port: number, key: KvAuth, first: PhaseFigures): Promise<void> {
  const passwords = [await kvPhase(port, PASSWORD_AUTH, true)];
  passwords.push(await kvPhase(port, PASSWORD_AUTH, true));
  const keys = [first, await kvPhase(port, key, true)];
  passwords.forEach((figures) => console.log(row('key/value sale, password', figures)));
  console.log(row('key/value sale, API key again', keys[1] as PhaseFigures));
  const of = (pick: (f: PhaseFigures) => number) => meanRatio(passwords, keys, pick);
  console.log(
    `  password / API key, means of two runs each: throughput ${of((f) => f.perSecond).toFixed(3)}x (goal >= 0.9), p50 ${of((f) => f.p50Ms).toFixed(2)}x, p99 ${of((f) => f.p99Ms).toFixed(2)}x`,
  );
}

/** What a lane sends to have the customer's receipt e-mailed and texted (docs/api.md, Receipts). */
const COPIES = { rcpt_email: 'pat@example.com', rcpt_sms: '+13525551234' };

/**
 * Sales asking for e-mail and SMS copies, kept in the outcome's commit, beside sales without
 * (`first`, the API key phase already run): copies, without, copies, so drift weighs on both
 * alike; with the service's CPU ms per sale, which the machine's other load disturbs least.
 */
async function copiesBesideNone(
  port: number,
  key: KvAuth,
  first: MeteredFigures,
  pid: number,
): Promise<void> {
  const copies = [await meteredKvPhase(port, key, true, pid, COPIES)];
  const none = [first, await meteredKvPhase(port, key, true, pid)];
  copies.push(await meteredKvPhase(port, key, true, pid, COPIES));
  console.log(row('key/value sale, e-mail + SMS', copies[0] as PhaseFigures));
  console.log(row('key/value sale, API key again', none[1] as PhaseFigures));
  console.log(row('key/value sale, e-mail + SMS', copies[1] as PhaseFigures));
  const of = (pick: (f: MeteredFigures) => number) => meanRatio(copies, none, pick);
  console.log(
    `  with copies / without, means of two runs each: throughput ${of((f) => f.perSecond).toFixed(3)}x, p50 ${of((f) => f.p50Ms).toFixed(2)}x, p99 ${of((f) => f.p99Ms).toFixed(2)}x, service CPU per sale ${of((f) => f.cpuMs).toFixed(2)}x`,
  );
}

/** The password phase again while ATTACKERS addresses send wrong passwords; their answers. */
async function attackedPhase(port: number): Promise<{ figures: PhaseFigures; attack: string }> {
  const flood = await WrongPasswordFlood.start(port, ATTACKERS, SALE);
  const figures = await kvPhase(port, PASSWORD_AUTH, true);
  return { figures, attack: await flood.stop() };
}

/** The quiet password phase and the attacked one on one service, printed with their p99 ratio. */
async function passwordUnderAttack(port: number, label: string): Promise<void> {
  const quiet = await kvPhase(port, PASSWORD_AUTH, true);
  const { figures, attack } = await attackedPhase(port);
  console.log(row(`kv sale, password${label}`, quiet));
  console.log(row(`  + ${ATTACKERS} addrs wrong pw`, figures));
  console.log(
    `  p99 under attack ${(figures.p99Ms / quiet.p99Ms).toFixed(2)}x quiet (goal <= 2); throughput ${(figures.perSecond / quiet.perSecond).toFixed(3)}x`,
  );
  console.log(`  wrong-password answers: ${attack}`);
}

function row(name: string, f: PhaseFigures): string {
  return `${name.padEnd(NAME_WIDTH)} ${f.perSecond.toFixed(1).padStart(9)} ${f.p50Ms.toFixed(2).padStart(8)} ${f.p99Ms.toFixed(2).padStart(8)} ${String(f.requests).padStart(8)}`;
}

const NAME_WIDTH = 30;
const HEADER = `${'phase'.padEnd(NAME_WIDTH)} ${'per s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'requests'.padStart(8)}`;

function ratio(server: PhaseFigures, base: PhaseFigures): string {
  const throughput = server.perSecond / base.perSecond;
  const p50 = server.p50Ms / base.p50Ms;
  const p99 = server.p99Ms / base.p99Ms;
  return `  ratio to baseline: throughput ${throughput.toFixed(3)}x, p50 ${p50.toFixed(1)}x, p99 ${p99.toFixed(1)}x`;
}

/**
 * The goal of a sale phase beside the bound its CPU cost sets: a sale costing the service c ms of
 * CPU runs at most 1000 / c a second on its one event-loop thread (the JavaScript, SQLite and TLS
 * all run there; only the log flush and the disk flush are off it), here as a ratio to the echo.
 */
function goalAndBound(server: MeteredFigures, base: MeteredFigures, p99GoalMs?: number): string {
  const bound = 1000 / server.cpuMs;
  const p99 =
    p99GoalMs === undefined ? '' : `, p99 <= ${p99GoalMs} ms (${server.p99Ms.toFixed(2)})`;
  return [
    `  goal: >= 0.5x the echo${p99}; ${server.perSecond / base.perSecond >= 0.5 ? 'reached' : 'not reached'}`,
    `  bound: ${server.cpuMs.toFixed(2)} ms of service CPU per sale (echo ${base.cpuMs.toFixed(3)} ms per round trip) -> at most ${bound.toFixed(0)} sales/s on one thread = ${(bound / base.perSecond).toFixed(3)}x the echo`,
  ].join('\n');
}

/**
 * The disk's floor under every sale: bare SQLite commits (WAL, synchronous=FULL, as the service's
 * store) of one small row each, one after another, per second, in a fresh database.
 */
function durableCommitsPerSecond(dataDir: string): number {
  const store = new Database(join(dataDir, 'commit-floor.db'));
  store.pragma('journal_mode = WAL');
  store.pragma('synchronous = FULL');
  store.exec('CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = store.prepare('INSERT INTO bench_rows (body) VALUES (?)');
  const commit = store.transaction(() => insert.run('x'.repeat(400)));
  let commits = 0;
  const end = performance.now() + 1000;
  while (performance.now() < end) {
    commit();
    commits += 1;
  }
  store.close();
  return commits;
}

/** Sales and first logins under a flood of unknown names (login-flood-phase.ts). */
async function loginFlood(server: ServerProcess, dataDir: string): Promise<void> {
  await loginFloodPhase({
    port: server.plainPort,
    pid: server.pid,
    dataDir,
    sale: SALE,
    password: PASSWORD_AUTH,
    apiKey: keyAuth(server.apiKey),
    phase: (port, auth, check) => kvPhase(port, auth, check),
    row,
  });
}

/** `--logins`: the login-flood phase alone, on a service of its own. */
async function loginsOnly(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const server = await ServerProcess.start(dataDir);
  try {
    console.log(
      `LaneTerm server bench, logins under a flood: ${CLIENTS} concurrent clients, ${SECONDS} s per phase`,
    );
    console.log(HEADER);
    await loginFlood(server, dataDir);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Throttle and lockout out of the way: every wrong password reaches scrypt. */
const UNLIMITED = ['--throttle-failures', '1000000', '--lockout-failures', '1000000'];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const echo = await startEchoServers();
  const server = await ServerProcess.start(dataDir, [], { nodeArgs: PROFILE_ARGS });
  try {
    console.log(
      `LaneTerm server bench: ${CLIENTS} concurrent clients on loopback, ${SECONDS} s per phase after ${WARMUP_MS / 1000} s warm-up, the service's sale paths run once unmeasured first`,
    );
    // As the A/B mode does: the service's code compiled before its CPU per sale is measured.
    await restPhase(server.plainPort, server.apiKey, true, server.pid);
    await meteredKvPhase(server.plainPort, keyAuth(server.apiKey), true, server.pid);
    console.log(HEADER);
    const restSale = await restPhase(server.plainPort, server.apiKey, true, server.pid);
    const httpEcho = await restPhase(echo.http, server.apiKey, false, echo.pid);
    console.log(row('REST v2 sale', restSale));
    console.log(row('node:http echo', httpEcho));
    console.log(ratio(restSale, httpEcho));
    console.log(goalAndBound(restSale, httpEcho, 5));
    console.log(
      `  durable SQLite commits on this disk (WAL, synchronous=FULL, one row each): ${durableCommitsPerSecond(dataDir)}/s`,
    );
    const kvSale = await meteredKvPhase(server.plainPort, keyAuth(server.apiKey), true, server.pid);
    const netEcho = await meteredKvPhase(echo.net, keyAuth(server.apiKey), false, echo.pid);
    console.log(row('key/value sale, API key', kvSale));
    console.log(row('node:net echo', netEcho));
    console.log(ratio(kvSale, netEcho));
    console.log(goalAndBound(kvSale, netEcho));
    await copiesBesideNone(server.plainPort, keyAuth(server.apiKey), kvSale, server.pid);
    await passwordBesideKey(server.plainPort, keyAuth(server.apiKey), kvSale);
    await passwordUnderAttack(server.plainPort, '');
    await loginFlood(server, dataDir);
    const unlimitedDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
    const unlimited = await ServerProcess.start(unlimitedDir, UNLIMITED);
    try {
      await passwordUnderAttack(unlimited.plainPort, ', no limits');
    } finally {
      await unlimited.stop();
      rmSync(unlimitedDir, { recursive: true, force: true });
    }
  } finally {
    await server.stop();
    echo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the summary of every profile written under PROFILE_DIR and its subfolders A and B. */
function printProfiles(): void {
  if (PROFILE_DIR === undefined) return;
  for (const dir of [PROFILE_DIR, join(PROFILE_DIR, 'A'), join(PROFILE_DIR, 'B')]) {
    if (existsSync(dir)) profileReport(dir).forEach((item) => console.log(item));
  }
}

/** `--baseline DIR`: the sale phases on a service from DIR beside one from this checkout. */
async function baselineBeside(root: string): Promise<void> {
  console.log(
    `LaneTerm server bench, A/B: ${CLIENTS} concurrent clients, ${SECONDS} s per phase after ${WARMUP_MS / 1000} s warm-up`,
  );
  const key = (server: ServerProcess) => keyAuth(server.apiKey);
  await abComparison(
    root,
    [
      {
        name: 'REST v2 sale',
        run: (s) => restPhase(s.plainPort, s.apiKey, true, s.pid),
      },
      {
        name: 'key/value sale, API key',
        run: (s) => meteredKvPhase(s.plainPort, key(s), true, s.pid),
      },
      {
        name: 'key/value sale, API key, e-mail + SMS copies',
        run: (s) => meteredKvPhase(s.plainPort, key(s), true, s.pid, COPIES),
      },
    ],
    PROFILE_DIR,
  );
}

if (values.engine === true)
  await enginePhase({ seconds: SECONDS, clients: CLIENTS, baseline: values.baseline });
else if (values.baseline !== undefined) await baselineBeside(values.baseline);
else if (values.logins === true) await loginsOnly();
else if (values.ops === true) {
  const rounds = count('rounds', values.rounds, 3);
  await opsOverhead({ rounds, phase: kvPhase, keyAuth });
} else if (values.store === undefined) await main();
else if (values.store === 'postgres') {
  const sweep = (values.sweep ?? '1,4,16,32')
    .split(',')
    .map((item) => count('sweep', item, 1))
    .sort((a, b) => a - b);
  await storeComparison({
    sweep,
    seconds: SECONDS,
    poolMax:
      values['pool-max'] === undefined ? undefined : count('pool-max', values['pool-max'], 10),
    phase: kvPhase,
    keyAuth,
    startEchoServers,
  });
} else usageError('bench:server', `--store: postgres or nothing, not "${values.store}"`, HELP);
printProfiles();
