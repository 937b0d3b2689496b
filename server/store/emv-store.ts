/** The EMV data kept with a chip or contactless transaction. */
export interface EmvRecord {
  /** The rcpt_emv_* fields: of the authorization, or of the chip's final data after a decline. */
  receipt: Record<string, string>;
  /** True once the card declined after the issuer approved and the transaction was reversed. */
  cardDecline: boolean;
}

/**
 * The EMV receipt data of chip and contactless transactions (004_card_present: transaction_emv),
 * written in the commit of the transaction or of its card-decline reversal; never card data (the
 * rcpt_emv_* fields carry none).
 */
export interface EmvStore {
  /** Keeps a new transaction's receipt fields; call inside its commit. */
  insert(ttid: number, receipt: Record<string, string>): Promise<void>;
  /** The EMV data of a transaction, or undefined when it was not a chip or contactless one. */
  find(ttid: number): Promise<EmvRecord | undefined>;
  /** Records the card's decline with the chip's final receipt fields; call inside the commit. */
  recordCardDecline(ttid: number, receipt: Record<string, string>): Promise<void>;
}
