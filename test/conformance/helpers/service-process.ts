import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: where `npm run server` runs `node --import tsx server/cli.ts`. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A Payment Transaction Service running as its own process, as `npm run server` starts it. */
export interface ServiceProcess {
  readonly dataDir: string;
  readonly tlsPort: number;
  readonly plainPort: number;
  /** SHA-256 fingerprint of its certificate, as it prints it. */
  readonly fingerprint: string;
  /** The demo merchant's profile API key, from demo-apikey.json. */
  readonly apiKey: { id: string; secret: string };
  /** Sends a signal and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const STARTUP_MS = 45_000;

function field(lines: string, pattern: RegExp): string {
  const value = pattern.exec(lines)?.[1];
  if (value === undefined) throw new Error(`service startup: no match for ${pattern}`);
  return value;
}

function waitForStartup(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${err}`)), STARTUP_MS);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/demo profile API key: .*\n/.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited ${code} while starting: ${err}`));
    });
  });
}

/**
 * Starts `node --import tsx server/cli.ts` (what `npm run server` runs, without npm in between so
 * a signal reaches the service itself) on free ports, TLS and plain, with the demo merchant, in
 * `dataDir` (a fresh temporary directory by default), and waits for its startup lines.
 */
export async function startServiceProcess(
  dataDir?: string,
  extra: string[] = [],
): Promise<ServiceProcess> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'laneterm-conformance-'));
  const args = ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--plain-port', '0'];
  args.push('--data', dir, '--demo', '--log-level', 'warn', ...extra);
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = await waitForStartup(child);
  child.stdout.resume();
  const apiKey = JSON.parse(readFileSync(join(dir, 'demo-apikey.json'), 'utf8')) as {
    id: string;
    secret: string;
  };
  return {
    dataDir: dir,
    tlsPort: Number(field(lines, /TLS:\s+\S+:(\d+)/)),
    plainPort: Number(field(lines, /plain:\s+\S+:(\d+)/)),
    fingerprint: field(lines, /SHA-256 (\S+)/),
    apiKey,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Stops the service (SIGTERM: it finishes what is in flight) and removes its data directory. */
export async function stopServiceProcess(service: ServiceProcess | undefined): Promise<void> {
  if (service === undefined) return;
  await service.kill('SIGTERM');
  rmSync(service.dataDir, { recursive: true, force: true });
}
