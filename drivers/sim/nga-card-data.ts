import {
  POS_ENTRY,
  PROFILE_TAGS,
  type TlvNode,
  encodeTlv,
  tdesCbcEncrypt,
  zeroPad,
} from '../crypto/index.ts';
import type { TestCard } from './card-catalogue.ts';
import { type SimulatedChips, chipRead } from './chip-reads.ts';
import { type PendingChipTransaction, pendingChipTransaction } from './emv-card-completion.ts';
import type { SimulatedKeys } from './simulated-keys.ts';
import { type TrackMasking, maskTrack } from './track-masking.ts';

/** How the simulated customer presents the card. */
export type Presentation = 'contact' | 'contactless' | 'fallback-swipe';

/** What the simulated reader knows when a card is read. */
export interface CardDataSource {
  keys: SimulatedKeys;
  masking: TrackMasking;
  chips: SimulatedChips;
  /** True when the bad-arqc fault fired for this read. */
  badArqc: boolean;
}

const tlv = (tag: string, value: Buffer | string): TlvNode => ({
  tag,
  value: typeof value === 'string' ? Buffer.from(value, 'hex') : value,
});

/**
 * The Activate Transaction answer's TLV for a card read (docs/devices.md, EMV reads: the LaneTerm
 * NGA reader profile): a fallback swipe's encrypted track 2 and masked tracks, or the chip's
 * read; `pending` is the contact read that waits for the host response (60-12).
 */
export function ngaCardData(
  card: TestCard,
  how: Presentation,
  amount: string,
  source: CardDataSource,
): { data: Buffer; pending: PendingChipTransaction | undefined } {
  const { ksn, keys } = source.keys.next();
  const encrypt = (data: Buffer): Buffer => tdesCbcEncrypt(keys['data-request'], zeroPad(data, 8));
  if (how === 'fallback-swipe' || card.emv === null) {
    const masked = (track: string): Buffer =>
      Buffer.from(maskTrack(track, source.masking), 'latin1');
    const data = encodeTlv([
      tlv('9F39', Buffer.of(POS_ENTRY.fallback)),
      tlv(PROFILE_TAGS.fallbackTrack, encrypt(Buffer.from(card.track2, 'latin1'))),
      tlv(PROFILE_TAGS.maskedTrack2, masked(card.track2)),
      tlv(PROFILE_TAGS.maskedTrack1, masked(card.track1)),
      tlv(PROFILE_TAGS.ksn, ksn),
    ]);
    return { data, pending: undefined };
  }
  const chip = source.chips.chipOf(card, card.emv.panSequence);
  const { nodes, transaction } = chipRead(
    { ...card, emv: card.emv },
    how === 'contactless',
    chip,
    amount,
    { ksn, encrypt },
    source.badArqc,
  );
  const waits = how === 'contact' && card.emv.firstAc !== 'TC';
  return {
    data: encodeTlv(nodes),
    pending: waits ? pendingChipTransaction(chip, transaction, nodes) : undefined,
  };
}
