import catalogue from '../../resources/test-cards.json' with { type: 'json' };

/** The PIN the simulated issuer holds for a card not in the test-card catalogue. */
const DEFAULT_PIN = '1234';

/** PIN of each catalogue card by PAN (resources/test-cards.json, the cards the simulators use). */
const PINS: ReadonlyMap<string, string> = new Map(
  catalogue.cards.map((card) => [card.pan, card.pin] as const),
);

/**
 * The PIN the simulated issuer verifies a PIN debit against (docs/test-cards.md, PIN debit): the
 * catalogue card's PIN, 1234 for any other card.
 */
export function issuerPin(pan: string): string {
  return PINS.get(pan) ?? DEFAULT_PIN;
}
