// `npm start` stopped the ways a lane is stopped (docs/lane.md, Stopping the lane): SIGTERM to
// npm mid-sale lets the sale get its answer and exits 0; a terminal's Ctrl-C (SIGINT to the whole
// foreground group) exits 0 too; kill -9 of the lane ends its socat children with it, and the next
// start removes its temporary folder and record.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { RUN_RECORD } from '../../../main/start/run-leftovers.ts';
import { LaneDriver } from '../lane/helpers/lane-driver.ts';
import { LaneSocketClient } from '../lane/helpers/lane-socket-client.ts';
import {
  killAll,
  laneProcess,
  npmStart,
  processesNaming,
  trainingArgs,
  type NpmStart,
} from './helpers/npm-start-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'laneterm-clean-stop-'));
const started: { npm: NpmStart; devicesDir: string }[] = [];
const clients: LaneSocketClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const run of started.splice(0)) await killAll(run.npm, run.devicesDir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `npm start` on the test's folders and connects to its lane socket. */
async function start() {
  const npm = npmStart(trainingArgs(dir));
  const { socket } = await npm.ready;
  const lane = await laneProcess(npm);
  started.push({ npm, devicesDir: lane.devicesDir });
  const client = await LaneSocketClient.connect(socket);
  clients.push(client);
  return { npm, lane, driver: new LaneDriver(client) };
}

/** A credit sale of `amountMinor` swiped with the training stripe-only Visa, up to its authorizing step. */
async function saleInFlight(driver: LaneDriver, amountMinor: number): Promise<string> {
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  await driver.send({ type: 'training.present', card: 'visa-x924', how: 'swipe' });
  await driver.step('authorizing');
  return workflowId;
}

function journaled(workflowId: string) {
  const db = new Database(join(dir, 'lane', 'journal.db'), { readonly: true });
  try {
    return {
      workflow: (
        db.prepare(`SELECT state FROM workflows WHERE id = ?`).get(workflowId) as { state: string }
      ).state,
      entries: db
        .prepare(`SELECT operation, state FROM entries WHERE workflow_id = ? ORDER BY seq`)
        .all(workflowId),
    };
  } finally {
    db.close();
  }
}

const uncaught = (npm: NpmStart): string[] =>
  npm.stderr.filter((text) => /TypeError|Uncaught|unhandled|not open/i.test(text));

describe('npm start, stopped and killed', () => {
  it('SIGTERM to npm mid-sale: the sale gets its answer, is journaled approved, and npm exits 0 leaving nothing behind', async () => {
    const { npm, lane, driver } = await start();
    // 8.03: the simulated processor answers after 3 s (docs/test-cards.md, Delay triggers).
    const workflowId = await saleInFlight(driver, 803);
    process.kill(npm.pid, 'SIGTERM');
    expect(await npm.exited).toBe(0);
    expect(uncaught(npm)).toEqual([]);
    expect(journaled(workflowId)).toEqual({
      workflow: 'complete',
      entries: [{ operation: 'sale', state: 'approved' }],
    });
    expect(await processesNaming(`${lane.devicesDir}/`)).toEqual([]);
    expect(existsSync(lane.devicesDir)).toBe(false);
    expect(existsSync(join(dir, 'lane', RUN_RECORD))).toBe(false);
  });

  it("Ctrl-C (SIGINT to the terminal's whole group) at the card step exits 0 and leaves the sale to the journal", async () => {
    const { npm, lane, driver } = await start();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1250,
      tender: 'credit',
    });
    await driver.step('card');
    process.kill(-npm.pid, 'SIGINT');
    expect(await npm.exited).toBe(0);
    expect(uncaught(npm)).toEqual([]);
    expect(journaled(workflowId)).toEqual({ workflow: 'running', entries: [] });
    expect(await processesNaming(`${lane.devicesDir}/`)).toEqual([]);
    expect(existsSync(lane.devicesDir)).toBe(false);
  });

  it('kill -9 of the lane mid-sale: its socat processes end with it; the next start removes the folder it left', async () => {
    const first = await start();
    await saleInFlight(first.driver, 805);
    const links = `${first.lane.devicesDir}/`;
    expect((await processesNaming(links)).length).toBe(3);
    process.kill(first.lane.pid, 'SIGKILL');
    await first.npm.exited;
    await vi.waitFor(async () => expect(await processesNaming(links)).toEqual([]), {
      timeout: 20_000,
      interval: 100,
    });
    expect(existsSync(first.lane.devicesDir)).toBe(true);

    const second = await start();
    expect(await processesNaming(`${first.lane.devicesDir}/`)).toEqual([]);
    expect(existsSync(first.lane.devicesDir)).toBe(false);
    expect(second.lane.devicesDir).not.toBe(first.lane.devicesDir);
    process.kill(second.npm.pid, 'SIGTERM');
    expect(await second.npm.exited).toBe(0);
  });
});
