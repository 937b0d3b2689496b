import { readFileSync } from 'node:fs';
import { DeviceError } from '../device-error.ts';

/** EMV data of a chip card in the catalogue. */
export interface TestCardEmv {
  /** Application identifier (tag 4F), hex. */
  aid: string;
  /** Application label (tag 50). */
  label: string;
  /** True when the card also taps. */
  contactless: boolean;
  /** PAN sequence number (tag 5F34), two digits. */
  panSequence: string;
  /**
   * 9F0D Issuer Action Code - Default, 5 bytes hex, when the card gives one: a card without it
   * insists on going online (EMV Book 3 §10.7: absent reads as every bit set).
   */
  iacDefault?: string;
  /**
   * What its first GENERATE AC answers: ARQC (the default, go online), or TC for a card that
   * approves offline itself (EMV 4.4 Book 3 §9.3).
   */
  firstAc?: 'ARQC' | 'TC';
}

/** One public test card: the simulators read, swipe, insert and tap it. */
export interface TestCard {
  /** Short name used on the command line, e.g. "visa". */
  id: string;
  description: string;
  /** Wire cardtype: VISA, MC, AMEX, DISC, JCB, DINERS, CUP, MAESTRO. */
  brand: string;
  /** How the card pays: credit (the default), debit (with a PIN), or gift (stored value). */
  funding?: 'credit' | 'debit' | 'gift';
  pan: string;
  cardholderName: string;
  /** YYMM, as on the track. */
  expiry: string;
  /**
   * False for a card that shows no expiry on its face (gift cards commonly carry none): keying it
   * on the PIN pad, its holder skips the expiry where the pad lets it be skipped. Default true.
   */
  expiryShown?: boolean;
  serviceCode: string;
  /** The PIN the simulated customer types on the PIN pad. */
  pin: string;
  /** Track 1 with sentinels, no LRC. */
  track1: string;
  /** Track 2 with sentinels, no LRC. */
  track2: string;
  /** Null for a magnetic-stripe-only card. */
  emv: TestCardEmv | null;
  /** Where the number is published as a test number. */
  source: string;
}

/** The default catalogue: resources/test-cards.json. */
export const DEFAULT_CATALOGUE_PATH = new URL('../../resources/test-cards.json', import.meta.url);

/** The cards of a catalogue file (default resources/test-cards.json). */
export function loadCardCatalogue(path: URL | string = DEFAULT_CATALOGUE_PATH): TestCard[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { cards?: TestCard[] };
  if (!Array.isArray(parsed.cards)) {
    throw new DeviceError('BAD_INPUT', 'catalogue: must hold a "cards" array', { field: 'cards' });
  }
  return parsed.cards;
}

/** The card with this id; BAD_INPUT listing the known ids otherwise (a PAN is never echoed). */
export function findCard(cards: readonly TestCard[], id: string): TestCard {
  const card = cards.find((candidate) => candidate.id === id);
  if (card === undefined) {
    throw new DeviceError(
      'BAD_INPUT',
      `card: unknown test card; known: ${cards.map((c) => c.id).join(', ')}`,
      {
        field: 'card',
      },
    );
  }
  return card;
}
