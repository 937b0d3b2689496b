// The device faults training mode's panel offers, bundled into the UI as plain data.
import type { DeviceKind } from './status.ts';

/**
 * The faults the training controls offer for each device, as training.fault arms them
 * (docs/devices.md › Fault modes); a pulled cable is a control of its own (training.unplug).
 */
export const TRAINING_FAULTS = {
  reader: ['bad-checksum', 'garbage', 'slow', 'exhausted'],
  emv: [
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
  printer: ['garbage', 'slow'],
} as const satisfies Record<DeviceKind, readonly string[]>;

/** A fault the training controls offer. */
export type TrainingFault = (typeof TRAINING_FAULTS)[DeviceKind][number];
