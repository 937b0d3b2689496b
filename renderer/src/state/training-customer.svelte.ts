// Training mode's simulated customer as the screens share it: the lane's test cards (asked once and
// kept, so a card step has them the moment it appears) and the card the customer holds, one that
// fits the tender asked for, which the training panel presents and the cashier's "Key on the PIN
// pad" hands to the pad.
import type { CommandOf, CommandReply, TestCardSummary } from '../lane/lane-types.ts';

/** Sends one training command (LaneStore.send). */
type SendTraining = <T extends 'training.cards' | 'training.present'>(
  command: CommandOf<T>,
) => Promise<CommandReply<T>>;

/** The simulated customer: test cards and the one in hand. */
export class TrainingCustomer {
  /** The test cards, once the lane has answered; null before. */
  cards = $state<TestCardSummary[] | null>(null);
  /** The id of the card in the customer's hand ('' before the cards are known). */
  cardId = $state('');
  /** The tender the card step asks for, kept so the cards' answer hands over one that fits it. */
  #tender: TestCardSummary['funding'] | undefined;
  #asked = false;
  readonly #send: SendTraining;

  constructor(send: SendTraining) {
    this.#send = send;
  }

  /** The card in hand, when the cards are known. */
  get card(): TestCardSummary | undefined {
    return this.cards?.find((card) => card.id === this.cardId);
  }

  /** Asks the lane for its test cards once; a refused ask may be made again. */
  load(): void {
    if (this.#asked) return;
    this.#asked = true;
    void this.#send({ type: 'training.cards' }).then((reply) => {
      if (!reply.ok || !('cards' in reply.data)) {
        this.#asked = false;
        return;
      }
      this.cards = reply.data.cards;
      if (this.card !== undefined) return;
      const fitting = this.cards.find((card) => card.funding === this.#tender);
      this.cardId = (fitting ?? this.cards[0])?.id ?? '';
    });
  }

  /**
   * Makes sure the card in hand fits `tender` (a gift card for a gift operation, a debit card
   * for debit): keeps it when it does, else takes the first card that does; before the cards are
   * known, the card first handed over will.
   */
  fit(tender: TestCardSummary['funding']): void {
    this.#tender = tender;
    if (this.cards === null || this.card?.funding === tender) return;
    const fitting = this.cards.find((card) => card.funding === tender);
    if (fitting !== undefined) this.cardId = fitting.id;
  }

  /** Presents the card in hand as `how` says; false when no card is known yet. */
  async present(how: TestCardSummary['presentations'][number]): Promise<boolean> {
    if (this.cardId === '') return false;
    const reply = await this.#send({ type: 'training.present', card: this.cardId, how });
    return reply.ok;
  }
}
