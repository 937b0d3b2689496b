import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { portAfter, runEntry, type ChildRun, type RunPlace } from '../../helpers/server-process.ts';

/** The demo merchant's profile API key, as --demo writes it to DIR/demo-apikey.json. */
export interface ApiKey {
  id: string;
  secret: string;
}

/**
 * The real service as a child process (`npm run server`, i.e. node --import tsx server/cli.ts) on
 * random ports, with the demo merchant, logging warnings only unless told otherwise.
 */
export class ServerProcess {
  readonly plainPort: number;
  readonly tlsPort: number;
  readonly apiKey: ApiKey;
  /** SHA-256 fingerprint of the service's TLS certificate, as it prints it. */
  readonly fingerprint: string;
  readonly #run: ChildRun;

  private constructor(
    run: ChildRun,
    ports: { plain: number; tls: number },
    apiKey: ApiKey,
    fingerprint: string,
  ) {
    this.#run = run;
    this.plainPort = ports.plain;
    this.tlsPort = ports.tls;
    this.apiKey = apiKey;
    this.fingerprint = fingerprint;
  }

  /**
   * Starts the service on `dataDir` and resolves once it prints where it listens; `extra` options
   * come last and win (e.g. `--log-level info`); `place` gives node flags and another checkout.
   */
  static async start(
    dataDir: string,
    extra: string[] = [],
    place: RunPlace = {},
  ): Promise<ServerProcess> {
    const args = ['--port', '0', '--plain-port', '0', '--data', dataDir, '--demo'];
    const run = runEntry(
      'server/cli.ts',
      [...args, '--log-level', 'warn', ...extra],
      undefined,
      {},
      place,
    );
    await run.line(/demo profile API key/);
    const key = JSON.parse(readFileSync(join(dataDir, 'demo-apikey.json'), 'utf8')) as ApiKey;
    const ports = { plain: await portAfter(run, 'plain:'), tls: await portAfter(run, 'TLS:') };
    const certificate = await run.line(/TLS certificate SHA-256 /);
    const fingerprint = /SHA-256 (\S+)/.exec(certificate)?.[1] ?? '';
    return new ServerProcess(run, ports, key, fingerprint);
  }

  /** The JSON log lines the service has written to standard output so far. */
  logLines(): Record<string, unknown>[] {
    return this.#run.stdout
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** kill -9: the process gets no chance to finish anything. */
  async kill9(): Promise<void> {
    this.#run.child.kill('SIGKILL');
    await this.#run.exited;
  }

  /** SIGTERM, then the exit status once it has stopped. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const { child } = this.#run;
    child.kill('SIGTERM');
    await this.#run.exited;
    return { code: child.exitCode, signal: child.signalCode };
  }

  /** The child's process id (its memory figures are in /proc/<pid>/status). */
  get pid(): number {
    return this.#run.child.pid ?? 0;
  }

  /** Every line it has printed so far (startup lines, then JSON log lines). */
  get output(): string[] {
    return this.#run.stdout;
  }

  /** Resolves with the first line it prints matching the pattern (rejects if it exits first). */
  line(pattern: RegExp): Promise<string> {
    return this.#run.line(pattern);
  }

  /** Sends it a signal (SIGHUP reloads the certificate). */
  signal(name: NodeJS.Signals): void {
    this.#run.child.kill(name);
  }

  /** Resolves with the exit code (or the signal's name) once it has exited. */
  get exited(): Promise<number | string> {
    return this.#run.exited;
  }
}
