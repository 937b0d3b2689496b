import { MsoftCode, type Params } from '../../../protocol/index.ts';
import {
  CryptoError,
  decryptPinBlockAes,
  decryptPinBlockTdes,
  parseHex,
  parsePinBlock,
  type PinBlockFormat,
} from '../../../drivers/crypto/index.ts';
import type { ProcessorDebit } from '../../processor/index.ts';
import type { EngineContext, ServiceAnswer } from '../engine-context.ts';
import { DeviceKeys, deviceKsn, type DeviceKsn } from './dukpt-keys.ts';
import { EntryRefusal, entryDecline, invalidEntry } from './entry-refusal.ts';

/** A plain PIN: 4–12 digits (ISO 9564-1; docs/interface.md › pin, "for gift it is typically the plain PIN"). */
const PLAIN_PIN = /^[0-9]{4,12}$/;

/** True for a plain PIN, which only a gift card's ledger checks (docs/test-cards.md, Gift cards). */
export function isPlainPin(pin: string): boolean {
  return PLAIN_PIN.test(pin);
}

/** The 8-byte block formats a TDES PIN key enciphers (ISO 9564-1; format 2 is offline only). */
const TDES_FORMATS: ReadonlySet<number> = new Set([0, 1, 3]);

function pinWrong(device: DeviceKsn, format: PinBlockFormat, rule: string): EntryRefusal {
  return invalidEntry(
    'pin',
    `does not decipher to an ISO 9564 format ${format} PIN block for this card under key set ` +
      `${device.keySetId} (${rule})`,
  );
}

/** The PIN of an 8-byte block: TDES PIN variant, or an AES KSN's 2TDEA PIN key (X9.24-3 §6.1.3). */
function tdesBlockPin(keys: DeviceKeys, device: DeviceKsn, block: Buffer, pan: string): string {
  const key =
    device.scheme === 'tdes' ? keys.tdes(device, 'pin') : keys.aes(device, 'pin', '2tdea');
  const clear = decryptPinBlockTdes(key, block);
  const format = (clear[0] ?? 0) >> 4;
  if (!TDES_FORMATS.has(format)) {
    throw invalidEntry(
      'pin',
      `deciphers to an ISO 9564 format ${format} block; formats 0, 1 and 3 are taken (wrong key?)`,
    );
  }
  try {
    return parsePinBlock(format as PinBlockFormat, clear, pan);
  } catch (error) {
    if (error instanceof CryptoError) throw pinWrong(device, format as PinBlockFormat, error.rule);
    throw error;
  }
}

/** The PIN of a 16-byte block: ISO 9564-1 format 4 under the AES DUKPT PIN key. */
function aesBlockPin(keys: DeviceKeys, device: DeviceKsn, block: Buffer, pan: string): string {
  try {
    return parsePinBlock(4, decryptPinBlockAes(keys.aes(device, 'pin'), block, pan));
  } catch (error) {
    if (error instanceof CryptoError) throw pinWrong(device, 4, error.rule);
    throw error;
  }
}

/**
 * The PIN of a PIN debit request (docs/interface.md › pin_data, pin and ksn) for the card `pan`, deciphered for
 * the issuer's check and kept in memory only: the DUKPT PIN key of the ksn's key set (TDES, or AES
 * by a 24-digit ksn); a 16-digit block is ISO 9564-1 format 0 or 3 (bound to the PAN) or 1 (the
 * PIN pad's entry without PAN), told apart by its control digit; a 32-digit block is format 4
 * (AES, bound to the PAN). PINLESS is PINless debit. Undefined without pin. The card is no gift
 * card, so a plain PIN is refused: protocol lets one through only when it cannot see the card
 * number (chip or encrypted data) or on the operations that take gift cards. Throws EntryRefusal
 * naming pin or ksn; the PIN and the block are never quoted.
 */
function resolveDebitPin(
  keys: DeviceKeys,
  params: Params,
  pan: string,
): ProcessorDebit | undefined {
  const { pin } = params;
  if (pin === undefined) return undefined;
  if (pin.toUpperCase() === 'PINLESS') return { kind: 'pinless' };
  if (isPlainPin(pin)) {
    throw invalidEntry(
      'pin',
      'a plain PIN is taken only on a gift card of the merchant; a debit PIN is a DUKPT PIN block with ksn',
    );
  }
  if (params.ksn === undefined) {
    throw new EntryRefusal(MsoftCode.DATA_MISSINGFIELD, 'ksn', 'required with a PIN block');
  }
  const device = deviceKsn('ksn', params.ksn);
  const block = parseHex('pin', pin);
  if (block.length === 8) return { kind: 'pin', pin: tdesBlockPin(keys, device, block, pan) };
  if (block.length === 16) return { kind: 'pin', pin: aesBlockPin(keys, device, block, pan) };
  throw invalidEntry('pin', 'a DUKPT PIN block is 16 hex digits (TDES) or 32 (AES, format 4)');
}

/** The PIN of a PIN debit (resolveDebitPin), or the service's decline naming pin or ksn. */
export type DebitOutcome =
  { kind: 'ok'; debit: ProcessorDebit | undefined } | { kind: 'answer'; answer: ServiceAnswer };

/** Resolves the request's pin and ksn for the card `pan`, no gift card (docs/api.md, PIN debit). */
export async function debitPin(
  ctx: EngineContext,
  params: Params,
  pan: string,
): Promise<DebitOutcome> {
  try {
    const keys = new DeviceKeys(ctx.bdks);
    return { kind: 'ok', debit: await keys.read((loaded) => resolveDebitPin(loaded, params, pan)) };
  } catch (error) {
    return { kind: 'answer', answer: entryDecline(error, 'pin') };
  }
}
