import { luhnValid } from '../pan.ts';
import { trackLayout, type TrackPart } from './track-layout.ts';

/**
 * Parts every reader sends in the clear in a masked track: sentinels, field separators and the
 * cardholder name (ID TECH SecureMag user manual, "Track 1 and Track 2 masked": sentinels,
 * separators, the first N and last M PAN digits and the name are clear; MagneSafe V5 reference
 * manual, "Masked Track Data": field separators and the name are sent unmasked).
 */
const ALWAYS_CLEAR: ReadonlySet<TrackPart> = new Set(['sentinel', 'separator', 'name']);

/** Why a masked track disagrees with its clear track: the part at fault, or its length. */
export type MaskedTrackFault = TrackPart | 'length';

/** The track up to and including its end sentinel; what follows is the LRC, clear or masked. */
function body(text: string): string | undefined {
  const end = text.indexOf('?');
  return end < 0 || text.length > end + 2 ? undefined : text.slice(0, end + 1);
}

/** The character a reader masked with: the one most of the changed positions show. */
function maskCharOf(changed: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const char of changed) counts.set(char, (counts.get(char) ?? 0) + 1);
  let best: string | undefined;
  for (const [char, count] of counts) if (count > (counts.get(best ?? '') ?? 0)) best = char;
  return best;
}

/**
 * Whether a reader's masked track agrees with the clear track it decrypted to, comparing only
 * what the mask leaves clear: the same length (so the PAN length and every field separator sit
 * where the clear track has them), sentinels, separators and name as they are, and every other
 * character either as it is or the reader's one mask character. The format code, expiry, service
 * code, discretionary data and LRC may be masked (ID TECH masks the format code and the LRC by
 * default, and the expiry unless DisplayExpirationData is set; MagTek leaves format code and
 * expiry clear and sends no LRC). A MagTek reader masking with "0" and Mod 10 correction (its
 * factory ISO Track Mask "04040Y") may show one PAN digit that is neither: the masked PAN must
 * then pass the Luhn check. Returns the part that disagrees, or undefined when it agrees.
 */
export function maskedTrackFault(masked: string, clear: string): MaskedTrackFault | undefined {
  const shown = body(masked);
  const truth = body(clear);
  const layout = truth === undefined ? undefined : trackLayout(truth);
  if (shown === undefined || truth === undefined || layout === undefined) return 'length';
  if (shown.length !== truth.length) return 'length';
  const changed: { at: number; part: TrackPart }[] = [];
  for (let at = 0; at < truth.length; at += 1) {
    const part = layout.parts[at] ?? 'sentinel';
    if (shown[at] === truth[at]) continue;
    if (ALWAYS_CLEAR.has(part)) return part;
    changed.push({ at, part });
  }
  const mask = maskCharOf(changed.map(({ at }) => shown[at] ?? ''));
  const odd = changed.filter(({ at }) => shown[at] !== mask);
  if (odd.length === 0) return undefined;
  const [only] = odd;
  const panShown = [...shown].filter((_, at) => layout.parts[at] === 'pan').join('');
  const corrected = odd.length === 1 && only?.part === 'pan' && mask === '0' && luhnValid(panShown);
  return corrected ? undefined : (only?.part ?? 'length');
}
