// training.pin on a running training lane (docs/app.md, Training controls): what the simulated
// cardholder does at the PIN pad holds until changed, and the lane's status says which, so the
// panel shows the choice the pad will act on.
import { describe, expect, it } from 'vitest';
import type { LaneEvent, LaneStatus } from '../../../main/lane-api/index.ts';
import { benchForFile } from './helpers/lane-bench.ts';

const bench = benchForFile();

describe("training's cardholder at the PIN pad", () => {
  it('is in the status from the moment it is set until the right PIN is chosen again', async () => {
    const { driver, lane } = bench();
    const statuses: LaneStatus[] = [];
    const stop = lane.engine.subscribe((event: LaneEvent) => {
      if (event.type === 'status') statuses.push(event.status);
    });
    expect(lane.engine.snapshot().status.cardholderPin).toBeUndefined();
    await driver.send({ type: 'training.pin', mode: 'wrong' });
    expect(lane.engine.snapshot().status.cardholderPin).toBe('wrong');
    expect(statuses.at(-1)?.cardholderPin).toBe('wrong');
    await driver.send({ type: 'training.pin', mode: 'cancel' });
    expect(statuses.at(-1)?.cardholderPin).toBe('cancel');
    await driver.send({ type: 'training.pin', mode: 'typed' });
    expect(statuses.at(-1)).not.toHaveProperty('cardholderPin');
    expect(lane.engine.snapshot().status.cardholderPin).toBeUndefined();
    stop();
  });
});
