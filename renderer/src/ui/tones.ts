// How each lane state reads at a glance: the tone (symbol and colour) of server, device, paper and
// result states, used by the status bar, diagnostics and results alike.
import type {
  DeviceStatus,
  LaneResult,
  LaneStatus,
  TransactionStatus,
} from '../lane/lane-types.ts';

/** A Signal tone. */
export type Tone = 'good' | 'warn' | 'bad' | 'busy' | 'idle';

/** Tone of the payment server's state. */
export function serverTone(state: LaneStatus['server']['state']): Tone {
  return state === 'up' ? 'good' : state === 'down' ? 'bad' : 'idle';
}

/** Tone of a device's state. */
export function deviceTone(state: DeviceStatus['state']): Tone {
  const tones: Record<DeviceStatus['state'], Tone> = {
    connected: 'good',
    connecting: 'busy',
    reconnecting: 'warn',
    faulted: 'bad',
    disabled: 'idle',
  };
  return tones[state];
}

/** Tone of the paper's state. */
export function paperTone(state: LaneStatus['paper']): Tone {
  const tones: Record<LaneStatus['paper'], Tone> = {
    ok: 'good',
    low: 'warn',
    out: 'bad',
    cover_open: 'bad',
    offline: 'bad',
    unknown: 'idle',
    none: 'idle',
  };
  return tones[state];
}

/** Tone of a result's outcome. */
export function outcomeTone(outcome: LaneResult['outcome']): Tone {
  const tones: Record<LaneResult['outcome'], Tone> = {
    approved: 'good',
    partial: 'warn',
    declined: 'bad',
    not_charged: 'warn',
  };
  return tones[outcome];
}

/** Tone of where a transaction stands (the lane's one truth of it). */
export function statusTone(status: TransactionStatus): Tone {
  const tones: Record<TransactionStatus, Tone> = {
    checking: 'busy',
    approved: 'good',
    partial: 'warn',
    declined: 'bad',
    not_charged: 'idle',
    voided: 'idle',
    reversed: 'idle',
    refunded: 'idle',
    partly_refunded: 'warn',
  };
  return tones[status];
}
