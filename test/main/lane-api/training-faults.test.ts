// The training controls offer only faults the device's simulator fires (docs/app.md, Training
// controls; docs/devices.md › Fault modes): the lane API's list against the simulators' own.
import { describe, expect, it } from 'vitest';
import { SIMULATOR_FAULTS, type SimulatorKind } from '../../../drivers/sim/index.ts';
import { TRAINING_FAULTS, type DeviceModel } from '../../../main/lane-api/index.ts';

/** The simulator behind each device model. */
const SIMULATOR_OF: Record<DeviceModel, SimulatorKind> = {
  idtech: 'idtech',
  magtek: 'magtek',
  wedge: 'wedge',
  nga: 'emv',
  pinpad: 'pinpad',
  escpos: 'printer',
};

describe('training faults', () => {
  it('offers for each device model only faults its simulator fires', () => {
    const strays = Object.entries(TRAINING_FAULTS).flatMap(([device, faults]) => {
      const fired: readonly string[] = SIMULATOR_FAULTS[SIMULATOR_OF[device as DeviceModel]];
      return faults.filter((fault) => !fired.includes(fault)).map((fault) => `${device}:${fault}`);
    });
    expect(strays).toEqual([]);
  });

  it("offers the EMV reader's timing faults", () => {
    expect(TRAINING_FAULTS.nga).toEqual(
      expect.arrayContaining(['late-activate-answer', 'cancel-too-late', 'no-answer']),
    );
  });
});
