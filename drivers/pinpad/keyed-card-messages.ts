import { DeviceError } from '../device-error.ts';
import { type PinErrorDigit, entryError, errorDigitOf } from './pinpad-messages.ts';
import { FS } from './stx-frame.ts';

/** What the host asks the pad to prompt for when the card is keyed on it (74). */
export interface KeyedCardRequest {
  /** Also ask for the card's security code (CVV/CVC/CID); default false. */
  securityCode?: boolean;
  /**
   * Let the expiry be skipped (Enter on an empty field), for an operation the service takes
   * without one (a gift card commonly carries none); default false, the expiry is required.
   */
  expiryOptional?: boolean;
}

/**
 * The pad's answer to a keyed card entry (75): the account encrypted under the pad's DUKPT key,
 * as the request's e_account and e_id take it (docs/api.md, Encrypted reader data).
 */
export interface KeyedCardEntry {
  /**
   * The account's ASCII digits, zero padded to 8-byte blocks, TDES-CBC (zero IV) under the DUKPT
   * data variant (request) of the KSN's key; uppercase hex, 16 to 48 digits.
   */
  e_account: string;
  /** The KSN of that key, 20 uppercase hex digits. */
  e_id: string;
  /** The expiry keyed, MMYY; absent when the pad let it be skipped and it was. */
  expdate?: string;
  /** The account masked but its last four digits, as long as the account ("XXXXXXXXXXXX1111"). */
  maskedAccount: string;
  /** The security code keyed, 3 or 4 digits; absent when not asked for or skipped. */
  cv?: string;
}

const FS_CHAR = String.fromCharCode(FS);

/** Prompt digit bits of 74: 1 the security code too, 2 the expiry may be skipped. */
const PROMPT_SECURITY_CODE = 1;
const PROMPT_EXPIRY_OPTIONAL = 2;

/**
 * 74: `74` and the prompt digit, the sum of 1 (ask the security code too) and 2 (the expiry may
 * be skipped): 0 card number and expiry, 1 with the security code, 2 and 3 the same with the
 * expiry optional.
 */
export function encodeKeyedCardRequest(request: KeyedCardRequest = {}): Buffer {
  const prompt =
    (request.securityCode === true ? PROMPT_SECURITY_CODE : 0) +
    (request.expiryOptional === true ? PROMPT_EXPIRY_OPTIONAL : 0);
  return Buffer.from(`74${prompt}`, 'latin1');
}

/**
 * Reads a 74 message (the pad's side of encodeKeyedCardRequest). Throws DeviceError: PROTOCOL
 * `message` when it is not a 74, BAD_INPUT `prompt` when the prompt digit is not 0 to 3 (the pad
 * answers that with 75 and error digit 5).
 */
export function parseKeyedCardRequest(payload: Buffer): KeyedCardRequest {
  const text = payload.toString('latin1');
  if (!text.startsWith('74'))
    throw new DeviceError('PROTOCOL', 'keyed card request: not a 74 message', {
      field: 'message',
    });
  if (!/^74[0-3]$/.test(text))
    throw new DeviceError('BAD_INPUT', 'prompt: must be 0 to 3', { field: 'prompt' });
  const prompt = Number(text[2]);
  return {
    securityCode: (prompt & PROMPT_SECURITY_CODE) !== 0,
    expiryOptional: (prompt & PROMPT_EXPIRY_OPTIONAL) !== 0,
  };
}

/** Builds a 75 answer (the pad's side of parseKeyedCardResponse). */
export function encodeKeyedCardResponse(entry: KeyedCardEntry | { error: PinErrorDigit }): Buffer {
  if ('error' in entry) return Buffer.from(`75${entry.error}`, 'latin1');
  const ksn = entry.e_id.replace(/^F+/, '');
  const fields = [
    `750${ksn}`,
    entry.e_account,
    entry.expdate ?? '',
    entry.maskedAccount,
    entry.cv ?? '',
  ];
  return Buffer.from(fields.join(FS_CHAR), 'latin1');
}

/**
 * Reads a 75 answer: the encrypted entry, or the typed error of its digit (entryError, card
 * entry). PROTOCOL on field message for anything else.
 */
export function parseKeyedCardResponse(payload: Buffer): KeyedCardEntry {
  const text = payload.toString('latin1');
  const entry = keyedEntryOf(text.split(FS_CHAR));
  if (entry !== undefined) return entry;
  const digit = errorDigitOf(text, '75');
  if (digit !== undefined) throw entryError(digit, 'card');
  throw new DeviceError('PROTOCOL', 'pin pad: answer is not a 75 message', { field: 'message' });
}

/**
 * The fields of a 75 success: `750` KSN (10–20 hex, leading F dropped), the account (1–3 cipher
 * blocks), MMYY (empty when skipped), the masked account (last four digits), the security code
 * (empty or 3–4 digits).
 */
function keyedEntryOf(fields: string[]): KeyedCardEntry | undefined {
  const [head = '', account = '', expdate = '', masked = '', cv = '', extra] = fields;
  const ksn = /^750([0-9A-F]{10,20})$/.exec(head)?.[1];
  const valid =
    ksn !== undefined &&
    extra === undefined &&
    /^(?:[0-9A-F]{16}){1,3}$/.test(account) &&
    /^(?:(?:0[1-9]|1[0-2])[0-9]{2})?$/.test(expdate) &&
    /^X{4,15}[0-9]{4}$/.test(masked) &&
    /^(?:[0-9]{3,4})?$/.test(cv);
  if (!valid) return undefined;
  return {
    e_account: account,
    e_id: ksn.padStart(20, 'F'),
    ...(expdate !== '' && { expdate }),
    maskedAccount: masked,
    ...(cv !== '' && { cv }),
  };
}
