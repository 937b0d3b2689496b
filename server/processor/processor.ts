import type { Code, PhardCode } from '../../protocol/index.ts';
import type { AchReturn, ProcessorCheck } from './ach-rules.ts';

/**
 * What an online message asks of the processor: authorize (sale, preauth, gift cashout), increment
 * (a new total for a held authorization), complete (capture, preauthcomplete), reverse (remove or
 * lower a hold), credit (refund, gift activate, issue, merchreturn) and inquire (balance inquiry).
 */
export type ProcessorMessageKind =
  'authorize' | 'increment' | 'complete' | 'reverse' | 'credit' | 'inquire';

/**
 * A debit message's PIN (docs/interface.md › pin_data): the PIN the cardholder typed, deciphered from its
 * DUKPT PIN block for the issuer's check and held in memory only; or PINless debit.
 */
export type ProcessorDebit = { kind: 'pin'; pin: string } | { kind: 'pinless' };

/**
 * What a chip read sends online: the application cryptogram and its type (9F26, 9F27), and the
 * data objects the issuer verifies it over (drivers/crypto CRYPTOGRAM_DATA_TAGS), none of them
 * card data.
 */
export interface ProcessorEmv {
  /** Uppercase hex. */
  cryptogram: string;
  cryptogramType: 'ARQC' | 'TC';
  /** Values by tag (9F02, 9F37, 9F10, 5F34 …), uppercase hex; a tag the chip did not send is absent. */
  tags: Readonly<Record<string, string>>;
}

/** The account a message carries when the processor must check the card itself. */
export interface ProcessorCard {
  pan: string;
  /** MMYY; absent when the entry carried none (the processor then declines as expired). */
  expdate?: string;
  /** Wire cardtype of the brand (VISA, MC, AMEX, DISC, …). */
  cardtype: string;
  /** True for card-not-present entry (keyed, token, stored): a missing CV is then evaluated. */
  cardNotPresent: boolean;
  /** Set for PIN debit. */
  debit?: ProcessorDebit;
  /** Set for a chip or contactless read: the issuer answers with its response data. */
  emv?: ProcessorEmv;
}

/** Verification data as sent: undefined is "not sent", "" is "sent empty" (docs/interface.md › What §5). */
export interface ProcessorVerification {
  street?: string;
  zip?: string;
  cv?: string;
}

/** One message to the processor; amounts are integer minor units. */
export interface ProcessorRequest {
  kind: ProcessorMessageKind;
  /** The amount the message is about: authorized, new total, final, remaining or credited (0 on inquire). */
  amount: number;
  /** The amount held before an increment (increment only). */
  previousAmount?: number;
  /**
   * The card when the processor checks it itself; absent for a message on a prior transaction or
   * on a gift card, which the service's gift ledger answers for.
   */
  card?: ProcessorCard;
  verification?: ProcessorVerification;
  /** The bank account of a check payment (an ACH debit or credit); never beside `card`. */
  check?: ProcessorCheck;
  /** System trace audit number of this message, six digits (ISO 8583 field 11). */
  stan: string;
  /** When the message is sent (for the expiry check). */
  now: Date;
}

/** AVS result (libmonetra M_TransactionAVS): both matched, both failed, street or zip failed. */
export type AvsResult = 'GOOD' | 'BAD' | 'STREET' | 'ZIP';

/** CV result (libmonetra M_TransactionCV). */
export type CvResult = 'GOOD' | 'BAD';

/** The processor's answer. `code` AUTH is an approval; anything else a decline by the processor. */
export interface ProcessorReply {
  code: Code;
  phardCode: PhardCode;
  verbiage: string;
  auth?: string;
  avs?: AvsResult;
  cv?: CvResult;
  /**
   * Issuer response data for the chip (EMV Book 3 §9.2: 8A, 91, and 71/72 scripts), BER-TLV as
   * uppercase hex; answered to a message carrying a chip read.
   */
  issuerData?: string;
  /** On an approval for less than asked (a partial approval), the amount approved, minor units. */
  authAmount?: number;
  /** On an inquiry, the balance available on the card, minor units. */
  balance?: number;
}

/** A processor the engine sends online messages to. */
export interface Processor {
  /** Name reported as merch_proc and in the simulator marker (e.g. "loopback"). */
  readonly name: string;
  send(request: ProcessorRequest): Promise<ProcessorReply>;
  /**
   * Whether a settled ACH entry on this account came back (NACHA return entries), asked once its
   * return time has come; null when it stands.
   */
  achReturn(check: ProcessorCheck): Promise<AchReturn | null>;
}
