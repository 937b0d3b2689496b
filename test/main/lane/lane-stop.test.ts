// Stopping a lane while a cashier works (docs/lane.md, Stopping the lane): a request in flight is
// let finish and journaled, nothing else is sent, nothing is reversed, and nothing touches the
// journal once it is closed.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { startLaneBench, swipedSale, type LaneBench } from './helpers/lane-bench.ts';

let service: ServiceProcess;
let bench: LaneBench | undefined;

beforeAll(async () => {
  service = await startServiceProcess();
});
afterEach(async () => {
  await bench?.stop();
  bench = undefined;
});
afterAll(async () => {
  await stopServiceProcess(service);
});

/** The journal's rows of a workflow, read after the lane closed it. */
function journaled(dir: string, workflowId: string) {
  const db = new Database(join(dir, 'journal.db'), { readonly: true });
  try {
    const workflow = db.prepare(`SELECT state FROM workflows WHERE id = ?`).get(workflowId) as
      { state: string } | undefined;
    const entries = db
      .prepare(`SELECT operation, state, approved_minor FROM entries WHERE workflow_id = ?`)
      .all(workflowId) as { operation: string; state: string; approved_minor: number | null }[];
    return { workflow: workflow?.state, entries };
  } finally {
    db.close();
  }
}

describe('stopping the lane', () => {
  it('lets a sale in flight get its answer, journals it approved and complete, and then stops', async () => {
    bench = await startLaneBench({ service, devices: { reader: 'wedge' } });
    const { driver, lane, dir } = bench;
    const workflowId = await swipedSale(bench);
    await driver.step('authorizing');
    await lane.stop();
    expect(journaled(dir, workflowId)).toEqual({
      workflow: 'complete',
      entries: [{ operation: 'sale', state: 'approved', approved_minor: 803 }],
    });
    expect(driver.events.at(-1)).toMatchObject({ type: 'status' });
  });

  it('ends a workflow waiting for the card without sending or reversing anything, leaving it running in the journal', async () => {
    bench = await startLaneBench({ service, devices: { reader: 'wedge' } });
    const { driver, lane, dir } = bench;
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1250,
      tender: 'credit',
    });
    await driver.step('card');
    await lane.stop();
    expect(journaled(dir, workflowId)).toEqual({ workflow: 'running', entries: [] });
  });

  it('lists the sale the stop cut short at the next start, as it stands: approved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'laneterm-stop-'));
    try {
      const first = await startLaneBench({ service, dir, devices: { reader: 'wedge' } });
      const workflowId = await swipedSale(first);
      await first.driver.step('authorizing');
      await first.stop();
      bench = await startLaneBench({ service, dir, devices: { reader: 'wedge' } });
      const { interrupted } = await bench.driver.send({ type: 'lane.snapshot' });
      expect(interrupted).toEqual([
        expect.objectContaining({ workflowId, amountMinor: 803, status: 'approved' }),
      ]);
      expect(interrupted[0]).not.toHaveProperty('undoneBy');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses every command once stopping', async () => {
    bench = await startLaneBench({ service, devices: { reader: 'wedge' } });
    const stopped = bench.lane.engine.stop();
    const refusal = await bench.driver.refused({ type: 'lane.snapshot' });
    expect(refusal).toMatchObject({ code: 'unavailable', rule: 'lane.running' });
    await stopped;
  });
});
