// The device faults training mode's panel offers, bundled into the UI as plain data.
import type { DeviceModel } from './status.ts';

/**
 * The faults the training controls offer for each device model, as training.fault arms them
 * (docs/devices.md › Fault modes); a pulled cable is a control of its own (training.unplug).
 */
export const TRAINING_FAULTS = {
  idtech: ['bad-checksum', 'garbage', 'slow', 'exhausted'],
  magtek: ['garbage', 'slow', 'exhausted'],
  wedge: ['garbage', 'slow'],
  nga: [
    'chip-unreadable',
    'card-decline',
    'bad-arqc',
    'bad-arpc',
    'card-removed',
    'bad-checksum',
    'slow',
    'exhausted',
    'late-activate-answer',
    'cancel-too-late',
    'no-answer',
  ],
  pinpad: ['missing-ack', 'bad-checksum', 'garbage', 'slow', 'exhausted'],
  escpos: ['garbage', 'slow'],
} as const satisfies Record<DeviceModel, readonly string[]>;

/** A fault the training controls offer. */
export type TrainingFault = (typeof TRAINING_FAULTS)[DeviceModel][number];
