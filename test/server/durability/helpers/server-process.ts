import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The demo merchant's profile API key, as --demo writes it to DIR/demo-apikey.json. */
export interface ApiKey {
  id: string;
  secret: string;
}

/**
 * The real service as a child process (`npm run server`, i.e. node --import tsx server/cli.ts) on
 * random ports, with the demo merchant, logging warnings only.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly plainPort: number;
  readonly tlsPort: number;
  readonly apiKey: ApiKey;
  readonly #exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(child: ChildProcess, ports: { plain: number; tls: number }, apiKey: ApiKey) {
    this.child = child;
    this.plainPort = ports.plain;
    this.tlsPort = ports.tls;
    this.apiKey = apiKey;
    this.#exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** Starts the service on `dataDir` and resolves once it prints where it listens. */
  static start(dataDir: string): Promise<ServerProcess> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli.ts',
        '--port',
        '0',
        '--plain-port',
        '0',
        '--data',
        dataDir,
        '--demo',
        '--log-level',
        'warn',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server did not start within 30 s:\n${out}`));
      }, 30_000);
      const onData = (chunk: Buffer): void => {
        out += chunk.toString('utf8');
        const plain = /plain: [0-9.]+:([0-9]+)/.exec(out);
        const tls = /TLS: +[0-9.]+:([0-9]+)/.exec(out);
        if (
          plain?.[1] === undefined ||
          tls?.[1] === undefined ||
          !out.includes('demo profile API key')
        )
          return;
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        const key = JSON.parse(readFileSync(join(dataDir, 'demo-apikey.json'), 'utf8')) as ApiKey;
        resolve(new ServerProcess(child, { plain: Number(plain[1]), tls: Number(tls[1]) }, key));
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${String(code)} before listening:\n${out}`));
      });
    });
  }

  /** kill -9: the process gets no chance to finish anything. */
  async kill9(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.#exit;
  }

  /** SIGTERM, then the exit status once it has stopped. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.kill('SIGTERM');
    return this.#exit;
  }
}
