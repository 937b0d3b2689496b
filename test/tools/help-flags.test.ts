import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAdminCommands } from '../../server/admin/command-registry.ts';
import { SIM_DEVICES } from '../../drivers/sim/sim-settings.ts';
import { admin } from '../server/helpers/admin-run.ts';
import { runEntry } from '../server/helpers/server-process.ts';

/** What one run of a tool printed and how it exited. */
interface ToolRun {
  code: number | string;
  stdout: string;
  stderr: string;
}

const queue: (() => void)[] = [];
let running = 0;

/** Runs `entry args` (runEntry), at most three at once (the machine is shared). */
async function tool(entry: string, args: string[]): Promise<ToolRun> {
  if (running >= 3) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  try {
    const run = runEntry(entry, args, '');
    const code = await run.exited;
    return { code, stdout: run.stdout.join('\n'), stderr: run.stderr.join('') };
  } finally {
    running -= 1;
    queue.shift()?.();
  }
}

/** Help on standard output with a usage line, nothing on standard error, status 0. */
function expectHelp(run: ToolRun): void {
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/usage/i);
  expect(run.code).toBe(0);
}

/** A usage error: status 2, the reason and usage on standard error, nothing on standard output. */
function expectUsageError(run: ToolRun): void {
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/usage/i);
  expect(run.stdout).toBe('');
}

const CRYPTO_COMMANDS = readdirSync(
  new URL('../../drivers/tools/crypto-commands/', import.meta.url),
)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''));

const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-help-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('--help, -h and usage errors of every tool', () => {
  it.each([
    ['server', 'server/cli.ts', [], ['--port', 'x']],
    ['start (training mode)', 'main/start.ts', [], ['--no-such-option']],
    ['pay', 'main/payment/cli.ts', [], ['sale', 'amount=1.00']],
    ['crypto', 'drivers/tools/crypto-cli.ts', [], []],
    ['sim', 'drivers/tools/sim-cli.ts', [], []],
    ['fuzz', 'test/fuzz/fuzz-cli.ts', [], ['--inputs', 'many']],
    ['server admin', 'server/cli.ts', ['admin'], ['admin']],
  ])(
    '%s: --help and -h print usage and exit 0; a usage error exits 2',
    async (_name, entry, prefix, bad) => {
      const [long, short, wrong] = await Promise.all([
        tool(entry, [...prefix, '--help']),
        tool(entry, [...prefix, '-h']),
        tool(entry, bad),
      ]);
      expectHelp(long);
      expectHelp(short);
      expect(short.stdout).toBe(long.stdout);
      expectUsageError(wrong);
    },
  );

  it('bench:lane and bench:server: --help (or -h) lists their switches and exits 0; a usage error exits 2', async () => {
    const [lane, server, badLane, badServer] = await Promise.all([
      tool('test/bench/lane-bench.ts', ['--help']),
      tool('test/bench/server-bench.ts', ['-h']),
      tool('test/bench/lane-bench.ts', ['--sales', 'many']),
      tool('test/bench/server-bench.ts', ['--no-such-option']),
    ]);
    expectHelp(lane);
    expectHelp(server);
    expect(lane.stdout).toMatch(/^ {2}--sales N /m);
    expect(server.stdout).toMatch(/^ {2}--seconds N /m);
    expect(server.stdout).toMatch(/^ {2}--store postgres$/m);
    expectUsageError(badLane);
    expectUsageError(badServer);
  });

  it('crypto: every subcommand answers --help with its synopsis', async () => {
    expect(CRYPTO_COMMANDS.length).toBeGreaterThan(5);
    const runs = await Promise.all(
      CRYPTO_COMMANDS.map((name) => tool('drivers/tools/crypto-cli.ts', [name, '--help'])),
    );
    runs.forEach((run, i) => {
      expectHelp(run);
      expect(run.stdout).toContain(`crypto ${CRYPTO_COMMANDS[i]}`);
    });
    expectHelp(await tool('drivers/tools/crypto-cli.ts', ['ipek', '-h']));
    expectUsageError(await tool('drivers/tools/crypto-cli.ts', ['ipek', '--no-such-option']));
  });

  it('sim: every device answers --help; an unknown device is a usage error', async () => {
    const runs = await Promise.all(
      SIM_DEVICES.map((device) => tool('drivers/tools/sim-cli.ts', [device, '-h'])),
    );
    runs.forEach(expectHelp);
    expectUsageError(await tool('drivers/tools/sim-cli.ts', ['toaster']));
  });

  it('server admin: every command answers --help and -h with its usage, without touching the data', async () => {
    const commands = [...(await loadAdminCommands()).values()];
    expect(commands.length).toBeGreaterThan(10);
    for (const command of commands) {
      for (const flag of ['--help', '-h']) {
        const run = await admin(dataDir, [command.name, flag]);
        expect(run.code).toBe(0);
        expect(run.out).toContain(command.usage);
        expect(run.err).toBe('');
      }
      const wrong = await admin(dataDir, [command.name, '--no-such-option']);
      expect(wrong.code).toBe(2);
      expect(wrong.err).toContain(command.usage);
    }
    expect(readdirSync(dataDir)).toEqual([]);
    expectHelp(await tool('server/cli.ts', ['admin', 'add-user', '--help']));
  });
});
