import { luhnValid, trackLayout, type TrackPart } from '../crypto/index.ts';
import { DeviceError } from '../device-error.ts';

/** How an encrypting reader masks the tracks it also sends in the clear part of its output. */
export interface TrackMasking {
  /** Sent in place of a masked character: ID TECH MaskCharID, MagTek ISO Track Mask byte 5. */
  maskChar: string;
  /** PAN digits sent clear at the start: ID TECH PrePANClrDataID (0–6), MagTek bytes 1–2. */
  leadingClear: number;
  /** PAN digits sent clear at the end: ID TECH PostPANClrDataID (0–4), MagTek bytes 3–4. */
  trailingClear: number;
  /** Expiry sent clear: ID TECH DisplayExpirationDataID ('0' masked by default); MagTek clear. */
  expiryClear: boolean;
  /** Track 1's format code sent clear (MagTek) or masked (ID TECH). */
  formatCodeClear: boolean;
  /**
   * MagTek Mod 10 correction (ISO Track Mask byte 6, only with mask character "0"): one masked
   * PAN digit is set so that the masked PAN passes the Luhn check.
   */
  mod10Correction: boolean;
}

/**
 * ID TECH SecureMag factory masking (SecureMag user manual, "Track 1 and Track 2 masked"): "*",
 * first 4 and last 4 PAN digits clear, expiry masked, and, as the manual's Security Level 3
 * example shows, the format code and the LRC (sent by default, "Send LRC in secured mode")
 * masked too.
 */
export const IDTECH_FACTORY_MASKING: TrackMasking = {
  maskChar: '*',
  leadingClear: 4,
  trailingClear: 4,
  expiryClear: false,
  formatCodeClear: false,
  mod10Correction: false,
};

/**
 * MagTek MagneSafe factory masking, ISO Track Mask property 0x07 default "04040Y" (MagneSafe V5
 * reference manual): first 4 and last 4 PAN digits clear, the others "0" with Mod 10
 * correction; format code, name and expiry clear; everything else "0"; no LRC in masked data.
 */
export const MAGTEK_FACTORY_MASKING: TrackMasking = {
  maskChar: '0',
  leadingClear: 4,
  trailingClear: 4,
  expiryClear: true,
  formatCodeClear: true,
  mod10Correction: true,
};

/** Characters a mask character may not be: they would read as track structure. */
const STRUCTURE = new Set(['%', ';', '?', '^', '=']);

/**
 * Settings checked as the vendors bound them: a printable ASCII mask character that is not a
 * sentinel or separator, at most 6 leading and 4 trailing clear digits (PCI DSS 3.3, which both
 * vendors' ranges follow). BAD_INPUT on field masking otherwise.
 */
export function checkedMasking(masking: TrackMasking): TrackMasking {
  const { maskChar, leadingClear, trailingClear } = masking;
  const fault =
    (!/^[\x20-\x7e]$/.test(maskChar) || STRUCTURE.has(maskChar)) &&
    'the mask character is one printable ASCII character, not a sentinel or separator';
  const digits =
    !(Number.isInteger(leadingClear) && leadingClear >= 0 && leadingClear <= 6) ||
    !(Number.isInteger(trailingClear) && trailingClear >= 0 && trailingClear <= 4);
  if (fault !== false || digits) {
    throw new DeviceError(
      'BAD_INPUT',
      `masking: ${fault === false ? 'at most 6 leading and 4 trailing PAN digits stay clear' : fault}`,
      { field: 'masking' },
    );
  }
  return masking;
}

/** Whether the character of `part` at PAN position `index` (of `length`) stays clear. */
function clearAt(masking: TrackMasking, part: TrackPart, index: number, length: number): boolean {
  switch (part) {
    case 'sentinel':
    case 'separator':
    case 'name':
      return true;
    case 'format-code':
      return masking.formatCodeClear;
    case 'expiry':
      return masking.expiryClear;
    case 'pan':
      return index < masking.leadingClear || index >= length - masking.trailingClear;
    default:
      return false;
  }
}

/**
 * The masked PAN with one masked digit set so that it passes the Luhn check: the digit in the
 * middle of the PAN, where MagTek's published example puts it (mDynamo programmer's manual,
 * Table 8-2: ;6011000995500000=… masked ;6011000020000000=…), kept among the masked digits.
 */
function corrected(pan: string[], masking: TrackMasking): string[] {
  const out = [...pan];
  const at = Math.min(
    Math.max(pan.length >> 1, masking.leadingClear),
    pan.length - masking.trailingClear - 1,
  );
  for (let digit = 0; digit <= 9; digit += 1) {
    out[at] = String(digit);
    if (luhnValid(out.join(''))) return out;
  }
  return out;
}

/**
 * A clear track (with sentinels, and its LRC character when the reader sends one) masked as
 * `masking` says: one character for each character read, so lengths and separators stay where
 * they are (ID TECH SecureMag user manual; MagneSafe V5 reference manual, "Masked Track Data").
 * Text that is not a financial track is masked whole but its sentinels.
 */
export function maskTrack(text: string, masking: TrackMasking): string {
  const layout = trackLayout(text);
  if (layout === undefined) {
    return [...text]
      .map((c) => (c === '%' || c === ';' || c === '?' ? c : masking.maskChar))
      .join('');
  }
  const panLength = layout.parts.filter((part) => part === 'pan').length;
  let panIndex = 0;
  const out = [...text].map((char, at) => {
    const part = layout.parts[at] ?? 'discretionary';
    const index = part === 'pan' ? panIndex++ : 0;
    return clearAt(masking, part, index, panLength) ? char : masking.maskChar;
  });
  const panStart = layout.parts.indexOf('pan');
  const masked = panLength - masking.trailingClear - masking.leadingClear;
  if (masking.mod10Correction && masking.maskChar === '0' && masked > 0) {
    out.splice(
      panStart,
      panLength,
      ...corrected(out.slice(panStart, panStart + panLength), masking),
    );
  }
  return out.join('');
}

/**
 * The --mask setting of `npm run sim`: "LEAD,TRAIL,CHAR" and optionally ",expiry" (show the
 * expiry), e.g. "6,4,*" or "4,4,#,expiry"; checked as checkedMasking checks it.
 */
export function parseMaskingSpec(spec: string): Partial<TrackMasking> {
  const match = /^([0-9]),([0-9]),(.)(,expiry)?$/.exec(spec);
  if (match === null) {
    throw new DeviceError('BAD_INPUT', 'masking: LEAD,TRAIL,CHAR[,expiry], e.g. 6,4,*', {
      field: 'masking',
    });
  }
  const masking = {
    leadingClear: Number(match[1]),
    trailingClear: Number(match[2]),
    maskChar: match[3] ?? '*',
    ...(match[4] !== undefined && { expiryClear: true }),
  };
  checkedMasking({ ...IDTECH_FACTORY_MASKING, ...masking });
  return masking;
}
