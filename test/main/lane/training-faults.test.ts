// training.fault on a running training lane (docs/app.md, Training controls): every fault the
// panel offers is armed on its device's simulator; a fault that simulator never fires is refused.
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../../drivers/sim/index.ts';
import { TRAINING_FAULTS } from '../../../main/lane-api/index.ts';
import { benchForFile } from './helpers/lane-bench.ts';

const bench = benchForFile();

describe('training faults on a running lane', () => {
  it('arms every offered fault, the EMV timing faults among them, on its simulator', async () => {
    const { driver, devices } = bench();
    // What the panel offers: each device of the lane's status, by its model.
    const offered = bench()
      .lane.engine.snapshot()
      .status.devices.flatMap(({ kind, model }) =>
        TRAINING_FAULTS[model].map((fault) => ({ device: kind, fault: fault as FaultName })),
      );
    const armed: string[] = [];
    for (const { device, fault } of offered) {
      await driver.send({ type: 'training.fault', device, fault });
      if (devices.simulators[device].faults.fire(fault)) armed.push(`${device}:${fault}`);
    }
    expect(offered.map(({ device }) => device)).toEqual(
      expect.arrayContaining(['reader', 'emv', 'pinpad', 'printer']),
    );
    expect(armed).toEqual(offered.map(({ device, fault }) => `${device}:${fault}`));
    expect(armed).toEqual(
      expect.arrayContaining(['emv:late-activate-answer', 'emv:cancel-too-late', 'emv:no-answer']),
    );
  });

  it("refuses a fault the device's simulator never fires, naming the field", async () => {
    const refusal = await bench().driver.refused({
      type: 'training.fault',
      device: 'emv',
      fault: 'missing-ack',
    });
    expect(refusal).toMatchObject({ code: 'invalid_command' });
    expect(refusal.message).toMatch(/^fault: must be one of .*late-activate-answer/);
    expect(bench().devices.simulators.emv.faults.armed('missing-ack')).toBe(false);
  });
});
