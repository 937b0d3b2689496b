/**
 * The card's word on an offline approval (EMV Book 3 §10.7, §9.3; EMV Book 4 Annex A6): its first
 * GENERATE AC answer and, when it asked to go online, the terminal's "unable to go online" action
 * analysis of the TVR against the issuer's and terminal's default action codes.
 */
export type CardOfflineDecision =
  /** The card approved offline on its first GENERATE AC (TC): 8A Y1. */
  | { readonly kind: 'approved'; readonly arc: 'Y1' }
  /** The card asked to go online; the action codes allow asking it for a TC with 8A Y3. */
  | { readonly kind: 'ask_tc'; readonly arc: 'Y3' }
  /** The card declined (AAC: Z1) or insists on online (a default action code bit matched: Z3). */
  | { readonly kind: 'refused'; readonly arc: 'Z1' | 'Z3' };

/** The card's first GENERATE AC answer and the action codes it is read with, hex. */
export interface FirstGenerateAc {
  readonly cryptogramType: 'TC' | 'ARQC' | 'AAC';
  /** 95 terminal verification results, 5 bytes hex. */
  readonly tvr: string;
  /** 9F0D Issuer Action Code - Default, 5 bytes hex; absent means every bit set (§10.7). */
  readonly iacDefault?: string;
  /** The terminal's own default action code, 5 bytes hex; absent means none. */
  readonly tacDefault?: string;
}

const ALL_BITS = 'FFFFFFFFFF';
const NO_BITS = '0000000000';

/** The 5 bytes of a TVR or action code; a RangeError names the field when it is not 10 hex digits. */
function fiveBytes(field: string, hex: string): Buffer {
  if (!/^[0-9A-Fa-f]{10}$/.test(hex)) throw new RangeError(`${field} must be 5 bytes of hex`);
  return Buffer.from(hex, 'hex');
}

/** True when a bit set in the TVR is also set in the action code. */
function matches(tvr: Buffer, code: Buffer): boolean {
  return tvr.some((byte, index) => (byte & (code[index] ?? 0)) !== 0);
}

/**
 * What the card allows when the service cannot be reached (EMV Book 3 §10.7): TC approves (Y1),
 * AAC declines (Z1); an ARQC is compared, bit by bit, with IAC-Default and TAC-Default: any bit
 * in both refuses (Z3), none lets the terminal ask the card for a TC (Y3).
 */
export function cardOfflineDecision(firstAc: FirstGenerateAc): CardOfflineDecision {
  if (firstAc.cryptogramType === 'TC') return { kind: 'approved', arc: 'Y1' };
  if (firstAc.cryptogramType === 'AAC') return { kind: 'refused', arc: 'Z1' };
  const tvr = fiveBytes('tvr', firstAc.tvr);
  const iac = fiveBytes('iacDefault', firstAc.iacDefault ?? ALL_BITS);
  const tac = fiveBytes('tacDefault', firstAc.tacDefault ?? NO_BITS);
  if (matches(tvr, iac) || matches(tvr, tac)) return { kind: 'refused', arc: 'Z3' };
  return { kind: 'ask_tc', arc: 'Y3' };
}
