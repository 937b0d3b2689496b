import type { TestCard } from '../../drivers/sim/index.ts';

/** A gift card of the demo merchant's stock (docs/test-cards.md, Gift cards) as a simulator card. */
function giftCard(id: string, pan: string, description: string): TestCard {
  const name = 'GIFT CARD/TRAINING';
  return {
    id,
    description,
    brand: 'GIFT',
    funding: 'gift',
    pan,
    cardholderName: name,
    expiry: '4912',
    expiryShown: false,
    serviceCode: '120',
    pin: '1234',
    track1: `%B${pan}^${name}^4912120000000000?`,
    track2: `;${pan}=4912120000000000?`,
    emv: null,
    source: 'LaneTerm demo merchant gift stock (docs/test-cards.md, Gift cards)',
  };
}

/**
 * The demo merchant's gift cards a training lane's simulated customer may present or key on the
 * PIN pad, beside the test-card catalogue: 25.00 and 10.00 denominations, and the public CLI's
 * card, not on file until activated or issued (docs/test-cards.md, Gift cards). Their faces show
 * no expiry (the public CLI keys its gift card without expdate: libmonetra's monetra_cli,
 * sale_keyed_gift); their tracks carry 4912.
 */
export const TRAINING_GIFT_CARDS: readonly TestCard[] = [
  giftCard('gift-25', '7777000000000014', 'Gift card of 25.00, not yet activated'),
  giftCard('gift-10', '7777000000000030', 'Gift card of 10.00, not yet activated'),
  giftCard('gift-cli', '6035710110009768', 'Gift card of no denomination (public CLI card)'),
];
