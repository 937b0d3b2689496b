import { z } from 'zod';
import { NGA_ACTIVATION_TIMEOUT_S, NGA_ANSWER_MARGIN_MS } from '../../drivers/index.ts';
import { RECEIPT_CODE_PAGES } from '../receipt/index.ts';
import { DeviceConfigError } from './device-config-error.ts';

/** A USB vendor or product id: a number, or hex text as `lsusb` prints it ("0acd", "0x0ACD"). */
const usbId = z.union([
  z.number().int().min(0).max(0xffff),
  z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{1,4}$/, 'must be a USB id: 1 to 4 hex digits, e.g. "0acd"')
    .transform((text) => parseInt(text.replace(/^0x/, ''), 16)),
]);

/** Which USB device: vendor id, product id, and the unit's serial number when two may be plugged. */
const usbMatch = z.strictObject({
  vendorId: usbId,
  productId: usbId,
  serialNumber: z.string().min(1).max(64).optional(),
});

const devicePath = z
  .string()
  .min(1)
  .max(256)
  .regex(/^(\/|COM[0-9]+$)/, 'must be an absolute device path (/dev/…) or COMn');

const baudRate = z.number().int().min(300).max(921_600);

/**
 * The leading hex digits every KSN of the device starts with: the key set id of the BDK its
 * DUKPT keys were injected from (ANSI X9.24-1 KSI, 10 digits; X9.24-3 BDK id, 8 digits).
 */
const keySet = z
  .string()
  .regex(/^[0-9A-Fa-f]{6,16}$/, 'must be 6 to 16 hex digits, the leading digits of its KSN')
  .transform((text) => text.toUpperCase());

/** Where a serial device is: a path, or its USB identity (re-enumerated on every reconnect). */
const serialLink = {
  path: devicePath.optional(),
  usb: usbMatch.optional(),
};

const withKeySet = { keySet: keySet.optional() };

const wedgeReader = z.strictObject({
  kind: z.literal('wedge'),
  ...serialLink,
  baudRate: baudRate.default(9600),
});
const idtechReader = z.strictObject({
  kind: z.literal('idtech'),
  ...serialLink,
  baudRate: baudRate.default(9600),
  ...withKeySet,
});
const magtekReader = z.strictObject({
  kind: z.literal('magtek'),
  /** A hidraw path; or `usb` below (usage page 0xFF00 is MagTek's card-data interface). */
  path: devicePath.optional(),
  usb: usbMatch.extend({ usagePage: usbId.default(0xff00) }).optional(),
  ...withKeySet,
});

/** Idle this long, the EMV reader is pinged, ms (docs/lane-devices.md, Device configuration). */
export const EMV_IDLE_CHECK_MS = 15_000;

const emvReader = z.strictObject({
  kind: z.literal('nga'),
  ...serialLink,
  baudRate: baudRate.default(115_200),
  ...withKeySet,
  idleCheckMs: z.number().int().min(0).max(600_000).default(EMV_IDLE_CHECK_MS),
  /** The timeout each Activate Transaction carries, seconds (docs/lane-devices.md). */
  activationTimeoutS: z.number().int().min(1).max(255).default(NGA_ACTIVATION_TIMEOUT_S),
  /** Silence allowed past it before the reader is reported not answering, ms. */
  answerMarginMs: z.number().int().min(500).max(60_000).default(NGA_ANSWER_MARGIN_MS),
});

const pinPad = z.strictObject({
  kind: z.literal('pinpad'),
  ...serialLink,
  baudRate: baudRate.default(9600),
  ...withKeySet,
});

const printer = z.strictObject({
  kind: z.literal('escpos'),
  ...serialLink,
  tcp: z
    .strictObject({
      host: z.string().min(1).max(253),
      port: z.number().int().min(1).max(65_535).default(9100),
    })
    .optional(),
  baudRate: baudRate.default(38_400),
  codePage: z.enum(RECEIPT_CODE_PAGES).default('cp437'),
  /** Characters per line in font A: 42 on an 80 mm roll (512 dots), 48 (576 dots), 32 on 58 mm. */
  columns: z.number().int().min(24).max(64).default(42),
  /** Milliseconds between status polls while idle (paper low/out shown without a print); 0 off. */
  statusPollMs: z.number().int().min(0).max(3_600_000).default(30_000),
});

const reconnect = z.strictObject({
  initialMs: z.number().int().min(10).max(60_000).default(250),
  maxMs: z.number().int().min(100).max(600_000).default(30_000),
});

const devicesSchema = z.strictObject({
  reader: z.discriminatedUnion('kind', [wedgeReader, idtechReader, magtekReader]).optional(),
  emv: emvReader.optional(),
  pinpad: pinPad.optional(),
  printer: printer.optional(),
  reconnect: reconnect.optional(),
});

/** The lane's devices, each under its role; an absent role has no device. */
export type DevicesConfig = z.output<typeof devicesSchema>;
/** The configuration as written (ids may be hex text; defaults not yet applied). */
export type DevicesConfigInput = z.input<typeof devicesSchema>;
/** One role of the lane: swipe reader, EMV reader, PIN pad, receipt printer. */
export type DeviceRole = 'reader' | 'emv' | 'pinpad' | 'printer';
/** The configuration of the device in `role`. */
export type DeviceConfigOf<R extends DeviceRole> = NonNullable<DevicesConfig[R]>;
/** Any one device's configuration. */
export type DeviceConfig = DeviceConfigOf<DeviceRole>;
/** The printer's configuration (code page, columns, link). */
export type PrinterConfig = DeviceConfigOf<'printer'>;
/** The roles in the order the lane lists them. */
export const DEVICE_ROLES: readonly DeviceRole[] = ['reader', 'emv', 'pinpad', 'printer'];

/** Checks that each device names exactly one place: path, usb, or (printer) tcp. */
function checkOneLink(config: DevicesConfig, ctx: z.RefinementCtx): void {
  for (const role of DEVICE_ROLES) {
    const device = config[role];
    if (device === undefined) continue;
    const links = (['path', 'usb', 'tcp'] as const).filter(
      (key) => key in device && (device as Record<string, unknown>)[key] !== undefined,
    );
    if (links.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [role],
        message:
          role === 'printer'
            ? 'give exactly one of path, usb or tcp'
            : 'give exactly one of path or usb',
      });
    }
  }
}

const checkedSchema = devicesSchema.superRefine(checkOneLink);

/**
 * Parses the lane's device configuration (docs/lane-devices.md): each role's kind, link (a path,
 * a USB vendor/product id and serial number, or a TCP address for the printer), line speed, key
 * set and printer settings. Throws DeviceConfigError naming the first bad field (`prefix` first,
 * e.g. "devices.printer.tcp.port") and the rule it breaks.
 */
export function parseDevicesConfig(input: unknown, prefix = 'devices'): DevicesConfig {
  const result = checkedSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [prefix, ...(issue?.path ?? []).map(String), ...keys.slice(0, 1)].join('.');
  const rule = issue?.code === 'unrecognized_keys' ? 'is not a device setting' : issue?.message;
  throw new DeviceConfigError(path, issue?.code ?? 'invalid', rule ?? 'is not valid');
}
