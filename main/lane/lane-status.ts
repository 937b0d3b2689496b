import type { DeviceStatus as ManagedStatus } from '../devices/index.ts';
import type {
  DeviceDiagnostics,
  DeviceKind,
  DeviceStatus,
  LaneStatus,
  OfflineStatus,
  ServerStatus,
} from '../lane-api/index.ts';
import type { LaneDevices } from './lane-context.ts';

/** What the cashier calls each device. */
const LABELS: Readonly<Record<DeviceKind, string>> = {
  reader: 'Card reader',
  emv: 'Chip reader',
  pinpad: 'PIN pad',
  printer: 'Receipt printer',
};

/** A device manager status as the status bar shows it. */
export function deviceStatus(status: ManagedStatus): DeviceStatus {
  return {
    id: status.role,
    kind: status.role,
    model: status.kind,
    label: LABELS[status.role],
    state: status.state,
    since: status.since,
    ...(status.lastError === undefined ? {} : { errorCode: status.lastError.code }),
  };
}

/** A device manager status as the diagnostics screen shows it (its last error's text included). */
export function deviceDiagnostics(status: ManagedStatus): DeviceDiagnostics {
  const error = status.lastError;
  return {
    status: deviceStatus(status),
    location: status.link.slice(0, 300),
    ...(error === undefined
      ? {}
      : { lastError: { code: error.code, message: error.message.slice(0, 500), at: error.at } }),
  };
}

/** The lane's parts whose state the status bar shows. */
export interface StatusSources {
  readonly training: boolean;
  readonly devices: LaneDevices;
  server(): ServerStatus;
  checking(): number;
  dayOpen(): boolean;
  /** The offline approvals waiting and declined on forwarding; undefined when there is nothing to show. */
  offline(): OfflineStatus | undefined;
  /** True while training's network down control holds the lane's requests back. */
  networkDown(): boolean;
  /** What training's simulated cardholder does at the PIN pad (training.pin; typed by default). */
  cardholderPin(): 'typed' | 'wrong' | 'cancel';
}

/** The whole status bar, built fresh from its sources. */
export function laneStatus(sources: StatusSources): LaneStatus {
  const offline = sources.offline();
  const pin = sources.cardholderPin();
  return {
    training: sources.training,
    server: sources.server(),
    devices: sources.devices.statuses().map(deviceStatus),
    paper: sources.devices.paper(),
    checking: sources.checking(),
    dayOpen: sources.dayOpen(),
    ...(offline === undefined ? {} : { offline }),
    ...(sources.networkDown() ? { networkDown: true as const } : {}),
    ...(pin === 'typed' ? {} : { cardholderPin: pin }),
  };
}
