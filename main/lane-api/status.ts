// What the status bar and the diagnostics screen show: the payment server, each device, the paper.
import { z } from 'zod';
import { EpochMs } from './values.ts';

/** Kinds of device a lane drives (docs/devices.md, Supported devices). */
export const DeviceKind = z.enum(['reader', 'emv', 'pinpad', 'printer']);
/** One of DeviceKind. */
export type DeviceKind = z.infer<typeof DeviceKind>;

/** The configured model of a device (docs/lane-devices.md, Device configuration). */
export const DeviceModel = z.enum(['wedge', 'idtech', 'magtek', 'nga', 'pinpad', 'escpos']);
/** One of DeviceModel. */
export type DeviceModel = z.infer<typeof DeviceModel>;

/**
 * A device's link: connected; connecting (first open); reconnecting after it was lost (the
 * supervisor retries with backoff); faulted (open, but its last call failed in a way a retry will
 * not fix, e.g. DUKPT keys exhausted); disabled (configured off).
 */
export const DeviceState = z.enum([
  'connected',
  'connecting',
  'reconnecting',
  'faulted',
  'disabled',
]);
/** One of DeviceState. */
export type DeviceState = z.infer<typeof DeviceState>;

/** One device in the status bar. */
export const DeviceStatus = z.strictObject({
  /** The configured id, e.g. "emv", "pinpad". */
  id: z.string().min(1).max(40),
  kind: DeviceKind,
  model: DeviceModel,
  /** What the cashier calls it, e.g. "Card reader". */
  label: z.string().max(80),
  state: DeviceState,
  /** Since when it is in this state. */
  since: EpochMs,
  /** The last error's code (DeviceError codes: DISCONNECTED, KEY_EXHAUSTED…), when there was one. */
  errorCode: z.string().max(40).optional(),
});
/** One device's status. */
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/**
 * The receipt paper: ok, low (near end sensor), out, cover_open, offline (the printer says so),
 * unknown (no answer to the last status poll), none (no printer configured).
 */
export const PaperState = z.enum(['ok', 'low', 'out', 'cover_open', 'offline', 'unknown', 'none']);
/** One of PaperState. */
export type PaperState = z.infer<typeof PaperState>;

/**
 * The payment server as the lane last saw it: up (its last request was answered), down (the last
 * connection could not be made: nothing was sent), unknown (nothing tried yet).
 */
export const ServerState = z.enum(['up', 'down', 'unknown']);
/** One of ServerState. */
export type ServerState = z.infer<typeof ServerState>;

/** The payment server in the status bar. */
export const ServerStatus = z.strictObject({
  state: ServerState,
  since: EpochMs,
  /** Where the lane sends its requests (no credentials in it). */
  url: z.string().max(300),
  transport: z.enum(['v2', 'v1', 'kv']),
});
/** The server's status. */
export type ServerStatus = z.infer<typeof ServerStatus>;

/**
 * The lane's offline approvals (docs/lane.md › Offline): how many wait to be forwarded and their
 * value, and how many the service declined on forwarding (the manager's list).
 */
export const OfflineStatus = z.strictObject({
  waiting: z.int().min(0),
  valueMinor: z.int().min(0),
  declined: z.int().min(0),
});
/** The offline part of the status bar. */
export type OfflineStatus = z.infer<typeof OfflineStatus>;

/** Everything the status bar shows, sent whole whenever any part changes. */
export const LaneStatus = z.strictObject({
  /** True in training mode: every screen and receipt says TRAINING. */
  training: z.boolean(),
  server: ServerStatus,
  devices: z.array(DeviceStatus),
  paper: PaperState,
  /** Journal entries whose outcome is still being checked with the service. */
  checking: z.int().min(0),
  /** True between open day and close day. */
  dayOpen: z.boolean(),
  /** Present when the lane approves offline or any offline approval waits or was declined. */
  offline: OfflineStatus.optional(),
  /** True while training's "network down" control holds the lane's requests back. */
  networkDown: z.literal(true).optional(),
  /** What training's simulated cardholder does at the PIN pad when not the right PIN: a wrong PIN or Cancel. */
  cardholderPin: z.enum(['wrong', 'cancel']).optional(),
});
/** The lane's status. */
export type LaneStatus = z.infer<typeof LaneStatus>;

/** A port the lane saw when it last listed serial and HID devices (no card data, no secrets). */
export const SeenPort = z.strictObject({
  path: z.string().max(300),
  vendorId: z.string().max(8).optional(),
  productId: z.string().max(8).optional(),
  serialNumber: z.string().max(80).optional(),
  manufacturer: z.string().max(120).optional(),
});
/** One seen port. */
export type SeenPort = z.infer<typeof SeenPort>;

/** One device in the diagnostics screen: its status, where it is, its last error. */
export const DeviceDiagnostics = z.strictObject({
  status: DeviceStatus,
  /** How it is configured: a path, "tcp://host:port", or "usb VID:PID serial". */
  location: z.string().max(300),
  lastError: z
    .strictObject({ code: z.string().max(40), message: z.string().max(500), at: EpochMs })
    .optional(),
});
/** One device's diagnostics. */
export type DeviceDiagnostics = z.infer<typeof DeviceDiagnostics>;

/** The diagnostics snapshot: devices, ports seen, server, journal, and a udev hint when useful. */
export const Diagnostics = z.strictObject({
  at: EpochMs,
  devices: z.array(DeviceDiagnostics),
  portsSeen: z.array(SeenPort),
  /** What to do about device permissions (docs/devices.md, Linux permissions), when one failed. */
  permissionsHint: z.string().max(500).optional(),
  server: ServerStatus.extend({
    lastError: z.string().max(500).optional(),
    /** SHA-256 fingerprint of the pinned certificate, when pinned. */
    fingerprint: z.string().max(100).optional(),
  }),
  journal: z.strictObject({
    path: z.string().max(500),
    entries: z.int().min(0),
    checking: z.int().min(0),
  }),
  versions: z.strictObject({ lane: z.string().max(40), node: z.string().max(40) }),
});
/** The diagnostics snapshot. */
export type Diagnostics = z.infer<typeof Diagnostics>;
