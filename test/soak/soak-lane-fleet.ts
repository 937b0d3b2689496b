import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../server/helpers/server-process.ts';
import { nodeEntryArgs } from '../compiled-tree/node-entry.ts';

/** The children of a process (Linux: /proc/PID/task/TID/children). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * SIGKILLs a lane process's group and every process it started (its socat ptys run in groups of
 * their own), as a crash of the lane's machine ends them all.
 */
function killTree(pid: number): void {
  const children = childrenOf(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  for (const child of children) {
    try {
      process.kill(child, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Where a fleet's lanes reach the service and with what. */
export interface FleetSetup {
  /** The folder holding one folder per lane (its journal and ptys). */
  readonly root: string;
  /** The service's URL (the balancer's) and its certificate's fingerprint. */
  readonly url: string;
  readonly pin: string;
  /** Sales each lane makes. */
  readonly sales: number;
  readonly seed: number;
  /** How long a lane listens for a late answer, ms: with its 10 s answer deadline, how long a request may still be running at the service. */
  readonly lateAnswerMs: number;
}

/** One lane process of the fleet and what it has reported. */
export interface FleetLane {
  readonly name: string;
  readonly dir: string;
  /** Sales it has finished (answered on screen, the workflow ended). */
  sold: number;
  /** Sales finished when the running process said it was ready (undefined until it has). */
  soldAtReady: number | undefined;
  settled: boolean;
  child: ChildProcess | undefined;
}

/**
 * The lanes of the lane soak, each its own process (test/soak/soak-lane-process.ts) in a process
 * group of its own; a SIGKILL takes the lane and its devices' socat ptys down as a crash of the
 * lane's machine would. A lane killed is started again on its journal with the sales
 * it has still to make; one that ends without settling, unkilled, is a crash, counted and started
 * again.
 */
export class LaneFleet {
  readonly lanes: FleetLane[];
  /** Milliseconds from each swipe to its result on screen. */
  readonly latencies: number[] = [];
  readonly outcomes = new Map<string, number>();
  /** Lane processes that ended unasked, and the last lines of their errors. */
  readonly crashes: string[] = [];
  readonly #setup: FleetSetup;
  readonly #settledWaiters = new Set<() => void>();
  #apiKey: { readonly id: string; readonly secret: string } | undefined;

  constructor(setup: FleetSetup, count: number) {
    this.#setup = setup;
    this.lanes = Array.from({ length: count }, (_, i) => {
      const dir = join(setup.root, `lane${i + 1}`);
      mkdirSync(dir, { recursive: true });
      return {
        name: `lane${i + 1}`,
        dir,
        sold: 0,
        soldAtReady: undefined,
        settled: false,
        child: undefined,
      };
    });
  }

  /** Sales finished over every lane. */
  get sold(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.sold, 0);
  }

  /**
   * Starts a lane process and resolves once it is ready: its lane up, or before go() its code and
   * devices up, its lane waiting for go().
   */
  start(lane: FleetLane): Promise<void> {
    const hold = this.#apiKey === undefined;
    const { url, pin, sales, seed } = this.#setup;
    const key = this.#apiKey;
    const args = [...nodeEntryArgs('test/soak/soak-lane-process.ts'), '--dir', lane.dir];
    const index = this.lanes.indexOf(lane);
    args.push('--url', url, '--pin', pin, '--lane', String(index + 1));
    args.push(
      '--sales',
      String(sales - lane.sold),
      '--seed',
      String(seed + index * 7919 + lane.sold),
    );
    args.push('--late-answer-ms', String(this.#setup.lateAnswerMs));
    if (hold) args.push('--hold');
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...(key !== undefined && { SOAK_API_KEY_ID: key.id, SOAK_API_KEY_SECRET: key.secret }),
      },
    });
    lane.child = child;
    lane.soldAtReady = undefined;
    const errors: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
    return new Promise((ready, failed) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const [word, outcome, ms] = line.split(' ');
        if (word === 'ready') {
          lane.soldAtReady = lane.sold;
          ready();
        }
        if (word === 'sale' && outcome !== undefined) {
          lane.sold += 1;
          this.latencies.push(Number(ms));
          this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
        }
        if (word === 'settled') lane.settled = true;
      });
      child.once('exit', (code, signal) => {
        if (lane.child !== child) return;
        lane.child = undefined;
        if (signal === null && code === 0 && lane.settled) return this.#wake();
        this.crashes.push(`${lane.name} ended ${code ?? signal}: ${errors.join('').slice(-400)}`);
        failed(new Error(`${lane.name} ended before it was ready`));
        void this.start(lane).catch(() => undefined);
      });
    });
  }

  /** SIGKILLs a lane's process and its devices, then starts it again on its journal (not waited for). */
  async kill(lane: FleetLane): Promise<void> {
    const child = lane.child;
    if (child?.pid === undefined) return;
    lane.child = undefined;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killTree(child.pid);
    await exited;
    lane.settled = false;
    this.start(lane).catch(() => undefined);
  }

  /** Resolves once every lane has settled and its process has ended. */
  async settled(): Promise<void> {
    while (!this.lanes.every((lane) => lane.settled && lane.child === undefined)) {
      await new Promise<void>((wake) => this.#settledWaiters.add(wake));
    }
  }

  /** Lanes to kill now: running, not settled, with a sale finished since their last start. */
  killable(): FleetLane[] {
    return this.lanes.filter(
      (lane) =>
        lane.child !== undefined &&
        !lane.settled &&
        lane.soldAtReady !== undefined &&
        lane.sold > lane.soldAtReady,
    );
  }

  /** Gives every lane started before it the API key and lets it begin; later starts get it too. */
  go(apiKey: { readonly id: string; readonly secret: string }): void {
    this.#apiKey = apiKey;
    for (const lane of this.lanes) lane.child?.stdin?.write(`go ${apiKey.id} ${apiKey.secret}\n`);
  }

  /** Process ids of the lane processes running now. */
  pids(): number[] {
    return this.lanes.flatMap((lane) => (lane.child?.pid === undefined ? [] : [lane.child.pid]));
  }

  /** Ends every lane process still running (their groups, with SIGKILL). */
  stop(): void {
    for (const lane of this.lanes) {
      if (lane.child?.pid !== undefined) killTree(lane.child.pid);
      lane.child = undefined;
    }
  }

  #wake(): void {
    for (const wake of this.#settledWaiters) wake();
    this.#settledWaiters.clear();
  }
}
