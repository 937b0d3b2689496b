// `npm start` as a user runs it, in training mode with free ports and a folder of the test's: the
// real process tree (npm, then the lane's node process, then the simulators' socat children), for
// tests that stop it by signals or kill it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import psList from 'ps-list';
import { REPO_ROOT } from '../../../server/helpers/server-process.ts';

/** A running `npm start`, its output collected line by line. */
export interface NpmStart {
  /** npm's process id: its process group's id too (it is started as a group leader). */
  readonly pid: number;
  readonly stdout: string[];
  readonly stderr: string[];
  /** The lane's printed line: its socket and the browser's address. */
  readonly ready: Promise<{ socket: string; url: string }>;
  /** npm's exit code (or the signal's name). */
  readonly exited: Promise<number | string>;
}

/** The `npm start` options of a training lane on free ports with its folders under `dir`. */
export function trainingArgs(dir: string): string[] {
  return [
    '--browser',
    '--port',
    '0',
    '--plain-port',
    '0',
    '--data',
    join(dir, 'service'),
    '--lane-data',
    join(dir, 'lane'),
  ];
}

const LINE =
  /lane API on (\S+), payment service \S+; open (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)$/;

/** Runs `npm start -- <args>` from the repository root, in a process group of its own. */
export function npmStart(args: readonly string[]): NpmStart {
  const child = spawn('npm', ['start', '--', ...args], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const ready = new Promise<{ socket: string; url: string }>((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        stdout.push(line);
        const found = LINE.exec(line);
        if (found !== null) resolve({ socket: found[1] ?? '', url: found[2] ?? '' });
      }
    });
    void exited.then((code) => reject(new Error(`npm start exited ${code}: ${stderr.join('')}`)));
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  return { pid: child.pid ?? 0, stdout, stderr, ready, exited };
}

/** The processes whose parent is `pid`. */
export async function childrenOf(pid: number): Promise<{ pid: number; cmd: string }[]> {
  return (await psList())
    .filter((entry) => entry.ppid === pid)
    .map((entry) => ({ pid: entry.pid, cmd: entry.cmd ?? entry.name }));
}

/** The processes whose command line names `text` (the socat children of a devices folder). */
export async function processesNaming(text: string): Promise<{ pid: number; cmd: string }[]> {
  return (await psList())
    .filter((entry) => (entry.cmd ?? '').includes(text) && entry.pid !== process.pid)
    .map((entry) => ({ pid: entry.pid, cmd: entry.cmd ?? entry.name }));
}

/** The lane's node process (npm's child, since the start script execs it) and its devices folder. */
export async function laneProcess(npm: NpmStart): Promise<{ pid: number; devicesDir: string }> {
  const [lane] = (await childrenOf(npm.pid)).filter((entry) => entry.cmd.includes('main/start'));
  if (lane === undefined) throw new Error(`npm start (${npm.pid}) has no lane process`);
  const socat = (await childrenOf(lane.pid)).find((entry) => entry.cmd.includes('socat'));
  const devicesDir = /link=(\S+)\/(?:reader|emv|pinpad) /.exec(socat?.cmd ?? '')?.[1] ?? '';
  return { pid: lane.pid, devicesDir };
}

/** Ends whatever is left of a start (npm's group, and socat children in groups of their own). */
export async function killAll(npm: NpmStart, devicesDir: string): Promise<void> {
  try {
    process.kill(-npm.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  if (devicesDir === '') return;
  for (const { pid } of await processesNaming(`${devicesDir}/`)) process.kill(pid, 'SIGKILL');
}
