// Which faults each simulator honours: the "devices" column of docs/devices.md › Fault modes.
import { FAULT_NAMES, type FaultName } from './fault-plan.ts';

/** The faults every serial simulator's answers go through (DeviceSimulator.send). */
const EVERY_ANSWER: readonly FaultName[] = ['slow', 'garbage', 'unplug'];

/**
 * The faults each simulator fires, by simulator (docs/devices.md › Fault modes); a fault plan made
 * with one of these lists refuses the others, so a fault that would do nothing is never armed.
 */
export const SIMULATOR_FAULTS = {
  idtech: [...EVERY_ANSWER, 'bad-checksum', 'exhausted'],
  magtek: [...EVERY_ANSWER, 'exhausted'],
  wedge: EVERY_ANSWER,
  /** The EMV reader fires every fault but the PIN pad's lost frame. */
  emv: FAULT_NAMES.filter((fault) => fault !== 'missing-ack'),
  pinpad: [...EVERY_ANSWER, 'bad-checksum', 'missing-ack', 'exhausted'],
  printer: EVERY_ANSWER,
} as const satisfies Record<string, readonly FaultName[]>;

/** A simulator named in SIMULATOR_FAULTS. */
export type SimulatorKind = keyof typeof SIMULATOR_FAULTS;
