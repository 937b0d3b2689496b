// `npm run fuzz`: every parser of outside bytes at 1,000,000 inputs (--inputs N), then the socket
// fuzzer against a service process: attacks, and floods from clients that never read. Prints one
// table and the service's memory; exits 1 when anything crashed, broke a property or went unanswered.
import { parseArgs } from 'node:util';
import { formatTable, type TableRow } from './harness/fuzz-table.ts';
import { runTarget } from './harness/fuzz-runner.ts';
import { runAttacks, floodWithoutReading } from './socket/socket-attacks.ts';
import { startServiceUnderFuzz } from './socket/service-under-fuzz.ts';
import { allTargets } from './targets/all-targets.ts';

const USAGE = `usage: npm run fuzz -- [--inputs N] [--only TEXT] [--seed N] [--attacks N] [--no-sockets]
  --inputs N     inputs per parser target (default 1000000)
  --only TEXT    run only the targets whose name contains TEXT (case-insensitive)
  --seed N       fast-check seed (default: random, printed)
  --attacks N    socket attacks (default 20000)
  --no-sockets   skip the socket fuzzer`;

const MB = 1024;

async function socketRows(attacks: number, seed: number): Promise<TableRow[]> {
  const service = await startServiceUnderFuzz();
  const rows: TableRow[] = [];
  try {
    const start = service.rssKb();
    const began = Date.now();
    const report = await runAttacks(service, { count: attacks, seed });
    const end = service.rssKb();
    const problems = report.problems.length + (service.alive() ? 0 : 1);
    rows.push({
      target: 'socket: malformed, slow, pipelined (TCP+TLS)',
      inputs: report.attacks,
      typed: report.answered,
      crashes: problems,
      ms: Date.now() - began,
      note: `VmRSS ${Math.round(start / MB)} MB before, ${Math.round(end / MB)} MB after; ${report.probes} probes${report.problems.length > 0 ? `; ${report.problems.slice(0, 3).join('; ')}` : ''}`,
    });
    for (const kind of ['kv', 'rest'] as const) {
      for (const wire of ['plain', 'tls'] as const) {
        if (!service.alive()) break;
        const flooded = Date.now();
        const flood = await floodWithoutReading(service, {
          wire,
          kind,
          clients: 4,
          bytesPerClient: 16 * 1024 * 1024,
          maxGrowthKb: 256 * MB,
        });
        const over = flood.rssGrowthKb > 256 * MB ? 1 : 0;
        const count = (end: string) => flood.ends.filter((e) => e === end).length;
        const readAll = count('done');
        rows.push({
          target: `socket: never-reading ${kind} (${wire})`,
          inputs: Math.round(flood.sentBytes / 1024),
          typed: 0,
          crashes: flood.problems.length + over + readAll + (service.alive() ? 0 : 1),
          ms: Date.now() - flooded,
          note: `KiB sent; ${count('stalled')} stalled, ${count('closed')} closed, ${readAll} read whole; VmRSS grew ${Math.round(flood.rssGrowthKb / MB)} MB (bound 256 MB); ${flood.probes} probes${flood.problems.length > 0 ? `; ${flood.problems.slice(0, 2).join('; ')}` : ''}`,
        });
      }
    }
  } finally {
    await service.stop();
  }
  return rows;
}

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        inputs: { type: 'string' },
        only: { type: 'string' },
        seed: { type: 'string' },
        attacks: { type: 'string' },
        'no-sockets': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`fuzz: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const numbers = [values.inputs ?? '1000000', values.seed ?? '0', values.attacks ?? '20000'];
  if (numbers.some((text) => !/^[0-9]{1,10}$/.test(text))) {
    process.stderr.write(`fuzz: --inputs, --seed and --attacks take whole numbers\n${USAGE}\n`);
    return 2;
  }
  const inputs = Number(values.inputs ?? 1_000_000);
  const seed =
    values.seed === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(values.seed);
  const only = values.only?.toLowerCase();
  process.stdout.write(`fuzz: ${inputs} inputs per target, seed ${seed}\n`);
  const rows: TableRow[] = [];
  const failures: string[] = [];
  for (const target of allTargets().filter(
    (t) => only === undefined || t.name.toLowerCase().includes(only),
  )) {
    const result = await runTarget(target, { inputs, seed });
    const crashes = result.crashes + result.broken + result.unhandled;
    rows.push({
      target: result.name,
      inputs: result.inputs,
      typed: result.typed,
      crashes,
      ms: result.ms,
    });
    process.stdout.write(`  ${result.name}: ${result.inputs} inputs, ${crashes} crashes\n`);
    if (result.failure !== undefined) {
      const f = result.failure;
      failures.push(
        `${result.name}: ${f.error}\n    replay: seed ${f.seed} path "${f.path}"\n    input: ${f.input}`,
      );
    }
  }
  if (values['no-sockets'] !== true && only === undefined) {
    rows.push(...(await socketRows(Number(values.attacks ?? 20_000), seed)));
  }
  process.stdout.write(`\n${formatTable(rows)}\n`);
  for (const failure of failures) process.stdout.write(`\n${failure}\n`);
  return rows.some((row) => row.crashes > 0) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
