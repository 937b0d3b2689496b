import { DeviceError } from '../device-error.ts';

/**
 * Faults a simulator can inject, each as the bytes a broken device or cable would produce, or,
 * for the chip: card-decline, a card that declines after the issuer approved; bad-arqc, a card
 * whose cryptogram its issuer's keys do not give; bad-arpc, issuer data that reaches the card
 * altered, so its ARPC does not verify; card-removed, a card taken out before it completes;
 * chip-unreadable, a card whose chip the EMV reader cannot read (0A 01). The EMV reader's timings
 * (NEO 2 Interface Developer's Guide §8.5.1, §8.5.6, §8.6.1): late-activate-answer, a cancel
 * answered at once and the cancelled card read's answer after it; cancel-too-late, a card read
 * answered instead of the cancel; no-answer, a command left without any answer.
 */
export type FaultName =
  | 'bad-checksum'
  | 'missing-ack'
  | 'slow'
  | 'garbage'
  | 'unplug'
  | 'exhausted'
  | 'card-decline'
  | 'bad-arqc'
  | 'bad-arpc'
  | 'card-removed'
  | 'chip-unreadable'
  | 'late-activate-answer'
  | 'cancel-too-late'
  | 'no-answer';

/** The faults the simulators understand (each device those that apply to it). */
export const FAULT_NAMES: readonly FaultName[] = [
  'bad-checksum',
  'missing-ack',
  'slow',
  'garbage',
  'unplug',
  'exhausted',
  'card-decline',
  'bad-arqc',
  'bad-arpc',
  'card-removed',
  'chip-unreadable',
  'late-activate-answer',
  'cancel-too-late',
  'no-answer',
];

/**
 * Which faults are armed and how many more times each fires. `slowMs` delays every answer;
 * `replugMs` is how long a pulled cable stays out. Counts run down as faults fire, so "one bad
 * checksum" corrupts the next frame only.
 */
export class FaultPlan {
  readonly #remaining = new Map<FaultName, number>();
  /** The faults armSpec takes: the simulator's own (SIMULATOR_FAULTS); default every fault. */
  readonly accepts: readonly FaultName[];
  /** Milliseconds added before each answer while "slow" is armed; default 1500. */
  slowMs = 1500;
  /** Milliseconds between the "unplug" fault pulling the cable and plugging it back; default 2000. */
  replugMs = 2000;

  constructor(accepts: readonly FaultName[] = FAULT_NAMES) {
    this.accepts = accepts;
  }

  /** Arms `fault` for the next `times` occasions (default 1; Infinity for always). */
  arm(fault: FaultName, times = 1): this {
    this.#remaining.set(fault, times);
    return this;
  }

  /** True (and counts one down) if `fault` is armed now. */
  fire(fault: FaultName): boolean {
    const left = this.#remaining.get(fault) ?? 0;
    if (left <= 0) return false;
    this.#remaining.set(fault, left - 1);
    return true;
  }

  /** True while `fault` has occasions left to fire. */
  armed(fault: FaultName): boolean {
    return (this.#remaining.get(fault) ?? 0) > 0;
  }

  /** Arms one fault from its command-line form: "bad-checksum", "slow:2500", "garbage*3", "unplug:500*always". */
  armSpec(spec: string): this {
    const match = /^([a-z-]+)(?::([0-9]+))?(?:\*([0-9]+|always))?$/.exec(spec);
    const name = this.accepts.find((fault) => fault === match?.[1]);
    if (match === null || name === undefined) {
      throw new DeviceError(
        'BAD_INPUT',
        `fault: must be one of ${this.accepts.join(', ')} (name[:ms][*times])`,
        { field: 'fault' },
      );
    }
    if (match[2] !== undefined) {
      if (name !== 'slow' && name !== 'unplug')
        throw new DeviceError('BAD_INPUT', 'fault: only slow and unplug take :ms', {
          field: 'fault',
        });
      if (name === 'slow') this.slowMs = Number(match[2]);
      else this.replugMs = Number(match[2]);
    }
    return this.arm(
      name,
      match[3] === undefined ? 1 : match[3] === 'always' ? Infinity : Number(match[3]),
    );
  }

  /** A plan taking `accepts` (default every fault) with every spec armed (see armSpec). */
  static parse(specs: readonly string[], accepts?: readonly FaultName[]): FaultPlan {
    const plan = new FaultPlan(accepts);
    for (const spec of specs) plan.armSpec(spec);
    return plan;
  }
}

/** Random noise bytes, none of them a framing byte a parser would start on (no STX/ETX/DLE/ESC/GS). */
export function garbageBytes(count = 7): Buffer {
  const noise = Buffer.alloc(count);
  for (let i = 0; i < count; i += 1) noise[i] = 0x80 + ((i * 37) % 0x7f);
  return noise;
}
