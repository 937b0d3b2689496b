// A gift card for the gift counter scenarios: the public test server's gift card, which the
// service's default gift range (603571:16-19) holds (docs/test-cards.md, Gift cards). It is not in
// resources/test-cards.json, whose cards are all bank cards with a brand, so the scenarios hand it
// to the simulators beside the catalogue.
import { buildTrack1, buildTrack2, type TrackData } from '../../../drivers/crypto/index.ts';
import { loadCardCatalogue, type TestCard } from '../../../drivers/sim/index.ts';

const TRACK: TrackData = {
  pan: '6035710110009768',
  name: 'GIFT CARD/TRAINING',
  expiry: '4912',
  serviceCode: '120',
  discretionary: '0000',
};

/** The gift card, magnetic stripe only; its PIN is never asked (a gift card's PIN is the ledger's). */
export const GIFT_CARD: TestCard = {
  id: 'gift',
  description: 'Gift card, magnetic stripe only',
  brand: 'GIFT',
  pan: TRACK.pan,
  cardholderName: 'GIFT CARD/TRAINING',
  expiry: TRACK.expiry,
  serviceCode: TRACK.serviceCode,
  pin: '1234',
  track1: buildTrack1(TRACK),
  track2: buildTrack2(TRACK),
  emv: null,
  source: 'docs/test-cards.md, Gift cards (the public CLI gift card)',
};

/** The simulators' cards in the scenarios: resources/test-cards.json and the gift card. */
export function scenarioCards(): TestCard[] {
  return [...loadCardCatalogue(), GIFT_CARD];
}
