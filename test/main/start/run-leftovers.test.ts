// A start removes what a killed run recorded and left (docs/lane.md, Stopping the lane): the socat
// processes of its temporary folder, the folder, its dead socket; never a folder it did not make,
// and never anything of a lane still running there.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { socatPairReady, spawnSocatPair } from '../../../drivers/sim/index.ts';
import { RUN_RECORD, RunLeftovers } from '../../../main/start/run-leftovers.ts';

const root = mkdtempSync(join(tmpdir(), 'laneterm-leftovers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A process id that no longer runs: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((done) => child.once('exit', done));
  return child.pid ?? 0;
}

function laneDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function record(dir: string, content: object): void {
  writeFileSync(join(dir, RUN_RECORD), JSON.stringify(content));
}

describe('RunLeftovers', () => {
  it("ends a killed run's socat, removes its folder and its dead socket, and records this run", async () => {
    const lane = laneDir('killed');
    const devices = mkdtempSync(join(tmpdir(), 'laneterm-devices-'));
    const socat = spawnSocatPair(join(devices, 'reader'));
    await socatPairReady(socat, 10_000);
    const exited = new Promise((done) => socat.once('exit', done));
    const socket = join(lane, 'lane.sock');
    writeFileSync(socket, '');
    record(lane, { pid: await deadPid(), tempDirs: [devices], sockets: [socket] });

    const leftovers = await RunLeftovers.claim(lane);
    await exited;
    expect(leftovers.reaped).toEqual({
      processes: [socat.pid],
      folders: [devices],
      sockets: [socket],
    });
    expect(existsSync(devices)).toBe(false);
    expect(existsSync(socket)).toBe(false);
    expect(JSON.parse(readFileSync(join(lane, RUN_RECORD), 'utf8'))).toEqual({
      pid: process.pid,
      tempDirs: [],
      sockets: [],
    });
    leftovers.release();
    expect(existsSync(join(lane, RUN_RECORD))).toBe(false);
  });

  it('leaves a folder it did not make', async () => {
    const lane = laneDir('foreign');
    const foreign = mkdtempSync(join(root, 'photos-'));
    record(lane, { pid: await deadPid(), tempDirs: [foreign], sockets: [] });
    const leftovers = await RunLeftovers.claim(lane);
    expect(leftovers.reaped.folders).toEqual([]);
    expect(existsSync(foreign)).toBe(true);
    leftovers.release();
  });

  it('refuses to start over a lane still running there, and touches nothing of it', async () => {
    const lane = laneDir('running');
    const socket = join(lane, 'lane.sock');
    const server = createServer(() => undefined);
    await new Promise<void>((done) => server.listen(socket, done));
    const devices = mkdtempSync(join(tmpdir(), 'laneterm-devices-'));
    const other = spawn('sleep', ['30']);
    record(lane, { pid: other.pid, tempDirs: [devices], sockets: [socket] });
    try {
      await expect(RunLeftovers.claim(lane)).rejects.toThrow(
        `${lane}: another lane (pid ${other.pid}) is running there`,
      );
      expect(existsSync(devices)).toBe(true);
      expect(existsSync(socket)).toBe(true);
    } finally {
      other.kill('SIGKILL');
      await new Promise((done) => server.close(done));
      rmSync(devices, { recursive: true, force: true });
    }
  });
});
