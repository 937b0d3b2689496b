import { DeviceError, type DeviceErrorCode } from '../device-error.ts';
import { FS, SUB } from './stx-frame.ts';

/** An encrypted PIN as the request's pin_data takes it (docs/interface.md › pin_data group). */
export interface PinEntry {
  /**
   * ISO 9564-1 PIN block encrypted TDES under the DUKPT PIN variant, 16 uppercase hex: format 0
   * when the request carried the PAN, format 1 when it did not.
   */
  pin: string;
  /** The DUKPT KSN of that key, 20 uppercase hex digits. */
  ksn: string;
}

/** What the host asks a PIN for: the card's PAN (when the lane has it), the amount, debit or credit. */
export interface PinRequest {
  /**
   * 8 to 19 digits, for an ISO 9564-1 format 0 block; never shown or logged. Absent when the
   * lane never held the PAN (encrypting reader, chip card): the pad then builds format 1.
   */
  pan?: string;
  /** Amount in minor units, 1 to 99999999, shown to the cardholder. */
  amountMinor: number;
  /** Debit ("D", the default) or credit ("C") account. */
  account?: 'debit' | 'credit';
}

/** The pad's condition from a status answer. */
export interface PinPadStatus {
  /** Idle, or waiting for the cardholder: a PIN (70) or a keyed card (74). */
  state: 'idle' | 'pin-entry' | 'card-entry';
  keys: 'loaded' | 'none' | 'exhausted';
  serial: string;
}

const FS_CHAR = String.fromCharCode(FS);

const bad = (field: string, rule: string): DeviceError =>
  new DeviceError('BAD_INPUT', `${field}: ${rule}`, { field });

/** Z2: show `text` (printable ASCII, up to 64 characters) after clearing the display. */
export function encodeDisplay(text: string): Buffer {
  if (!/^[\x20-\x7e]{0,64}$/.test(text))
    throw bad('text', 'must be up to 64 printable ASCII characters');
  return Buffer.concat([Buffer.from('Z2'), Buffer.of(SUB), Buffer.from(text, 'ascii')]);
}

/**
 * 70: `70 PAN <FS> D|C amount` (DUKPT PIN entry, pinpad_framing.json "request_76_or_70"); the
 * PAN field is left empty for a PAN-less entry (LaneTerm's: ISO 9564-1 format 1).
 */
export function encodePinRequest(request: PinRequest): Buffer {
  if (request.pan !== undefined && !/^[0-9]{8,19}$/.test(request.pan))
    throw bad('pan', 'must be 8 to 19 digits');
  if (
    !Number.isInteger(request.amountMinor) ||
    request.amountMinor < 1 ||
    request.amountMinor > 99_999_999
  ) {
    throw bad('amountMinor', 'must be an integer from 1 to 99999999 minor units');
  }
  const kind = request.account === 'credit' ? 'C' : 'D';
  const amount = String(request.amountMinor).padStart(4, '0');
  return Buffer.concat([
    Buffer.from(`70${request.pan ?? ''}`),
    Buffer.of(FS),
    Buffer.from(`${kind}${amount}`),
  ]);
}

/**
 * Reads a 70 message (the pad's side of encodePinRequest). Throws DeviceError naming the field
 * that breaks it: `message` (not `70 … <FS> …`), `pan` (not empty and not 8 to 19 digits),
 * `account` (not D or C and an amount of 4 to 8 digits); the pad answers each with its 71 error.
 */
export function parsePinRequest(payload: Buffer): PinRequest {
  const [head = '', tail = '', extra] = payload.toString('latin1').split(FS_CHAR);
  if (!head.startsWith('70') || extra !== undefined || !payload.includes(FS))
    throw new DeviceError('PROTOCOL', 'pin request: not a 70 message', { field: 'message' });
  const pan = head.slice(2);
  if (pan !== '' && !/^[0-9]{8,19}$/.test(pan)) throw bad('pan', 'must be empty or 8 to 19 digits');
  const match = /^([DC])([0-9]{4,8})$/.exec(tail);
  if (match === null) throw bad('account', 'must be D or C and an amount of 4 to 8 digits');
  return {
    ...(pan !== '' && { pan }),
    account: match[1] === 'C' ? 'credit' : 'debit',
    amountMinor: Number(match[2]),
  };
}

/** 72: cancel PIN entry. */
export const CANCEL_MESSAGE = Buffer.from('72');
/** S0: status request (LaneTerm's own message; Verifone-family sets differ per firmware). */
export const STATUS_REQUEST = Buffer.from('S0');

/** The error digits of 71 (PP791/1000SE: 1, 2, 5, 6; this profile adds 3 and 4) and of 75. */
const ENTRY_ERROR_DIGITS = ['1', '2', '3', '4', '5', '6'] as const;

/** A 71 or 75 error digit. */
export type PinErrorDigit = (typeof ENTRY_ERROR_DIGITS)[number];

/** What the cardholder was entering when a 71 (PIN) or 75 (keyed card) error came back. */
export type PadEntry = 'pin' | 'card';

/**
 * The typed error of a 71 or 75 error digit: 1 no key, 2 account number rejected, 3 cardholder
 * pressed Cancel, 4 cardholder too slow, 5 the request's D/C (71) or prompt (75) field rejected,
 * 6 DUKPT exhausted.
 */
export function entryError(digit: PinErrorDigit, entry: PadEntry): DeviceError {
  const what = entry === 'pin' ? 'PIN' : 'card';
  const errors: Record<PinErrorDigit, readonly [DeviceErrorCode, string, string]> = {
    '1': ['DEVICE_STATUS', 'no DUKPT key loaded', 'keys'],
    '2': ['BAD_INPUT', 'account number rejected', 'pan'],
    '3': ['CANCELLED', `cardholder cancelled ${what} entry`, entry],
    '4': ['TIMEOUT', `cardholder did not enter the ${what} in time`, entry],
    '5':
      entry === 'pin'
        ? ['BAD_INPUT', 'debit/credit field rejected', 'account']
        : ['BAD_INPUT', 'prompt field rejected', 'prompt'],
    '6': ['KEY_EXHAUSTED', 'DUKPT keys exhausted, pad needs key injection', 'ksn'],
  };
  const [code, message, field] = errors[digit];
  return new DeviceError(code, `pin pad: ${message}`, { field });
}

/** The error digit of a `71d` or `75d` answer, if it is one. */
export function errorDigitOf(text: string, id: '71' | '75'): PinErrorDigit | undefined {
  const digit = text.length === 3 && text.startsWith(id) ? text[2] : undefined;
  return ENTRY_ERROR_DIGITS.find((known) => known === digit);
}

/** 71: `710 KSN(10–20 hex, leading F dropped) PINBLOCK(16 hex)` or `71 error`. */
export function parsePinResponse(payload: Buffer): PinEntry {
  const text = payload.toString('latin1');
  const ok = /^710([0-9A-F]{10,20})([0-9A-F]{16})$/.exec(text);
  if (ok !== null) return { ksn: (ok[1] ?? '').padStart(20, 'F'), pin: ok[2] ?? '' };
  const digit = errorDigitOf(text, '71');
  if (digit !== undefined) throw entryError(digit, 'pin');
  throw new DeviceError('PROTOCOL', 'pin pad: answer is not a 71 message', { field: 'message' });
}

/** Builds a 71 answer (the pad's side of parsePinResponse). */
export function encodePinResponse(entry: PinEntry | { error: PinErrorDigit }): Buffer {
  if ('error' in entry) return Buffer.from(`71${entry.error}`);
  return Buffer.from(`710${entry.ksn.replace(/^F+/, '')}${entry.pin}`);
}

/** Letters of the S1 state: I idle, P PIN entry, C keyed card entry. */
const STATE_LETTERS = { idle: 'I', 'pin-entry': 'P', 'card-entry': 'C' } as const;

/** S1: `S1 state <FS> keys <FS> serial` with state I/P/C and keys K/N/X. */
export function encodePinPadStatus(status: PinPadStatus): Buffer {
  const state = STATE_LETTERS[status.state];
  const keys = { loaded: 'K', none: 'N', exhausted: 'X' }[status.keys];
  return Buffer.from([`S1${state}`, keys, status.serial].join(FS_CHAR), 'latin1');
}

/** Reads an S1 answer. */
export function parsePinPadStatus(payload: Buffer): PinPadStatus {
  const match = /^S1([IPC]) ([KNX]) ([\x20-\x7e]*)$/.exec(
    payload.toString('latin1').split(FS_CHAR).join(' '),
  );
  if (match === null)
    throw new DeviceError('PROTOCOL', 'pin pad: answer is not an S1 status', { field: 'message' });
  const keys = match[2] === 'K' ? 'loaded' : match[2] === 'N' ? 'none' : 'exhausted';
  const state = match[1] === 'I' ? 'idle' : match[1] === 'P' ? 'pin-entry' : 'card-entry';
  return { state, keys, serial: match[3] ?? '' };
}
