// What a running lane leaves outside its journal — the training devices' temporary folder (their
// pty links), the socat processes behind those links, its lane socket — recorded in its data
// folder, so a start removes what a killed run left behind (docs/lane.md, Stopping the lane).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import psList from 'ps-list';
import { withPrivateUmask } from '../lane/private-files.ts';

/** The record's file in the lane's folder. */
export const RUN_RECORD = 'run.json';

/** Only folders the lane made under these names are ever removed. */
const OWN_FOLDER = /^laneterm-[A-Za-z0-9_-]+$/;

/** How long a leftover process gets to end on SIGTERM before SIGKILL, ms. */
const END_GRACE_MS = 2000;

/** What a run recorded: its process, its temporary folders and its sockets. */
interface RunRecord {
  readonly pid: number;
  readonly tempDirs: readonly string[];
  readonly sockets: readonly string[];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function answering(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function readRecord(path: string): RunRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<RunRecord>;
    if (typeof record.pid !== 'number') return undefined;
    const strings = (list: unknown): string[] =>
      Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
    return {
      pid: record.pid,
      tempDirs: strings(record.tempDirs),
      sockets: strings(record.sockets),
    };
  } catch {
    return undefined;
  }
}

/** Ends every process whose command line names `folder` (socat's link= into it): TERM, then KILL. */
async function endProcessesIn(folder: string): Promise<number[]> {
  const found = (await psList()).filter(
    (entry) => entry.pid !== process.pid && (entry.cmd ?? '').includes(`${folder}/`),
  );
  const pids = found.map((entry) => entry.pid);
  for (const pid of pids) process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < END_GRACE_MS && pids.some(alive); waited += 50) await sleep(50);
  for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
  return pids;
}

/** What a start found and removed of a killed run. */
export interface Reaped {
  readonly processes: readonly number[];
  readonly folders: readonly string[];
  readonly sockets: readonly string[];
}

/**
 * The record of this run in the lane's folder (RUN_RECORD, 0600). claim() first removes what the
 * run recorded before left, when that run is gone: the processes of its temporary folders, the
 * folders, its sockets that no longer answer. A run whose socket still answers is another lane
 * running on this folder: the start is refused.
 */
export class RunLeftovers {
  readonly #path: string;
  #record: RunRecord;
  /** What this start removed of the run before it. */
  readonly reaped: Reaped;

  private constructor(path: string, reaped: Reaped) {
    this.#path = path;
    this.reaped = reaped;
    this.#record = { pid: process.pid, tempDirs: [], sockets: [] };
    this.#write();
  }

  /** Removes what a killed run on `laneDir` left, then records this run there. */
  static async claim(laneDir: string): Promise<RunLeftovers> {
    const path = join(laneDir, RUN_RECORD);
    const before = readRecord(path);
    const reaped = { processes: [] as number[], folders: [] as string[], sockets: [] as string[] };
    if (before !== undefined && before.pid !== process.pid) {
      for (const socket of before.sockets) {
        if (alive(before.pid) && (await answering(socket)))
          throw new Error(`${laneDir}: another lane (pid ${before.pid}) is running there`);
      }
      for (const folder of before.tempDirs.filter((dir) => OWN_FOLDER.test(basename(dir)))) {
        reaped.processes.push(...(await endProcessesIn(folder)));
        if (existsSync(folder)) reaped.folders.push(folder);
        rmSync(folder, { recursive: true, force: true });
      }
      for (const socket of before.sockets.filter((path) => existsSync(path))) {
        rmSync(socket, { force: true });
        reaped.sockets.push(socket);
      }
    }
    return new RunLeftovers(path, reaped);
  }

  /** Records a temporary folder this run made (its name starts with "laneterm-"). */
  addTempDir(dir: string): void {
    this.#record = { ...this.#record, tempDirs: [...this.#record.tempDirs, dir] };
    this.#write();
  }

  /** Records the path of a socket this run listens on. */
  addSocket(path: string): void {
    this.#record = { ...this.#record, sockets: [...this.#record.sockets, path] };
    this.#write();
  }

  /** Removes the record: the run stopped and removed its leftovers itself. */
  release(): void {
    rmSync(this.#path, { force: true });
  }

  #write(): void {
    withPrivateUmask(() =>
      writeFileSync(this.#path, JSON.stringify(this.#record), { mode: 0o600 }),
    );
  }
}
