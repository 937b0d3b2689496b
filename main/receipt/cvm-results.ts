import type { ReceiptWords } from '../../protocol/index.ts';

/** How the cardholder was verified, as the receipt states it, and whether the merchant copy wants a signature. */
export interface Verification {
  /** Words for the CVM line, the CVM Results in hex after them; undefined without CVM data. */
  text?: string;
  signature: boolean;
}

/** CVM codes of CVM Results byte 1, bits 6–1 (EMV Book 3 Annex C3). */
const PIN_METHODS = new Set([0x01, 0x02, 0x04]);
const PIN_AND_SIGNATURE = new Set([0x03, 0x05]);
const SIGNATURE = 0x1e;
const NO_CVM = new Set([0x1f, 0x3f]);
/** CVM Results byte 3: 1 failed (0 unknown, 2 successful). */
const FAILED = 0x01;

/** Words a service may send instead of the hex CVM Results that make a signature unneeded. */
const NO_SIGNATURE_WORDS = /PIN|CDCVM|NO ?CVM|NONE/i;

/**
 * Reads rcpt_emv_cvm: the chip's CVM Results (tag 9F34, 3 bytes hex: method, condition, result)
 * named in words — PIN, PIN + SIGNATURE, SIGNATURE, NO CVM — with FAILED when the result byte
 * says so; a signature is asked for a signature method. Text a service sends instead is shown as
 * it is and asks a signature unless it names a PIN, CDCVM or no CVM. Without CVM data (a swipe)
 * a signature is asked; the lane drops it when the cardholder entered a PIN.
 */
export function verificationOf(cvm: string | undefined, words: ReceiptWords): Verification {
  if (cvm === undefined) return { signature: true };
  if (!/^[0-9A-Fa-f]{6}$/.test(cvm)) return { text: cvm, signature: !NO_SIGNATURE_WORDS.test(cvm) };
  const method = Number.parseInt(cvm.slice(0, 2), 16) & 0x3f;
  const result = Number.parseInt(cvm.slice(4, 6), 16);
  const name = PIN_METHODS.has(method)
    ? words.cvmPin
    : PIN_AND_SIGNATURE.has(method)
      ? `${words.cvmPin} + ${words.signature}`
      : method === SIGNATURE
        ? words.signature
        : NO_CVM.has(method)
          ? words.cvmNone
          : 'CVM';
  const failed = result === FAILED ? ` ${words.cvmFailed}` : '';
  return {
    text: `${name}${failed} (${cvm.toUpperCase()})`,
    signature: method === SIGNATURE || PIN_AND_SIGNATURE.has(method),
  };
}
