import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portAfter, runEntry } from '../../server/helpers/server-process.ts';

/** A Payment Transaction Service running as its own process, as `npm run server` starts it. */
export interface ServiceProcess {
  readonly dataDir: string;
  readonly tlsPort: number;
  readonly plainPort: number;
  /** SHA-256 fingerprint of its certificate, as it prints it. */
  readonly fingerprint: string;
  /** The demo merchant's profile API key, from demo-apikey.json. */
  readonly apiKey: { id: string; secret: string };
  /** The process id of the service. */
  readonly pid: number;
  /** Sends a signal and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Everything the process wrote to standard output and standard error so far (its logs). */
  output(): string;
}

const FINGERPRINT = /SHA-256 (\S+)/;

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
  const args = ['--port', '0', '--plain-port', '0', '--data', dir, '--demo', '--log-level', 'warn'];
  const run = runEntry('server/cli.ts', [...args, ...extra]);
  await run.line(/demo profile API key: /);
  const apiKey = JSON.parse(readFileSync(join(dir, 'demo-apikey.json'), 'utf8')) as {
    id: string;
    secret: string;
  };
  return {
    dataDir: dir,
    tlsPort: await portAfter(run, 'TLS:'),
    plainPort: await portAfter(run, 'plain:'),
    fingerprint: FINGERPRINT.exec(await run.line(FINGERPRINT))?.[1] ?? '',
    apiKey,
    pid: run.child.pid ?? 0,
    output: () => [...run.stdout, ...run.stderr].join('\n'),
    kill: async (signal) => {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill(signal);
      await run.exited;
    },
  };
}

/** Stops the service (SIGTERM: it finishes what is in flight) and removes its data directory. */
export async function stopServiceProcess(service: ServiceProcess | undefined): Promise<void> {
  if (service === undefined) return;
  await service.kill('SIGTERM');
  rmSync(service.dataDir, { recursive: true, force: true });
}
