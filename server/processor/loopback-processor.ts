import { Code, PhardCode } from '../../protocol/index.ts';
import { isExpired, loadIssuerKeys, type BinIssuerKeys } from '../../drivers/crypto/index.ts';
import { achReturnOf, checkDecline, type AchReturn, type ProcessorCheck } from './ach-rules.ts';
import { amountDelayMs, amountTrigger, partialTrigger } from './amount-triggers.ts';
import { type CryptogramCheck, checkCryptogram, issuerResponseData } from './issuer-emv.ts';
import { issuerPin } from './issuer-pins.ts';
import type { Processor, ProcessorReply, ProcessorRequest } from './processor.ts';
import { evaluateAvs, evaluateCv } from './verification-rules.ts';

/** Waits before the processor answers; tests pass their own to control the pace. */
export type ProcessorPace = (delayMs: number, request: ProcessorRequest) => Promise<void>;

/** The real wait: a timer of `delayMs`. */
export const wallClockPace: ProcessorPace = (delayMs) =>
  delayMs <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, delayMs));

/** Options of the simulated processor. */
export interface LoopbackProcessorOptions {
  /** How a delay trigger waits; default wallClockPace. */
  pace?: ProcessorPace;
  /** The issuer master keys chip cards are verified with; default resources/issuer-keys.json. */
  issuerKeys?: readonly BinIssuerKeys[];
}

/**
 * A six-digit approval code derived from the message's stan, so the same message always gets the
 * same code (docs/test-cards.md).
 */
export function approvalCode(stan: string): string {
  return String((Number(stan) * 7919 + 104_729) % 1_000_000).padStart(6, '0');
}

/**
 * The balance the simulated processor answers a balance inquiry on a card with, minor units
 * (2 500.00): it keeps no accounts (docs/test-cards.md).
 */
const INQUIRY_BALANCE = 250_000;

/**
 * An approval: with the balance on an inquiry about a card, and with the amount approved when an
 * authorization of a card hits a partial-approval trigger.
 */
function approved(request: ProcessorRequest): ProcessorReply {
  const reply: ProcessorReply = {
    code: Code.AUTH,
    phardCode: PhardCode.SUCCESS,
    verbiage: 'APPROVED',
    auth: approvalCode(request.stan),
  };
  if (request.card === undefined) return reply;
  if (request.kind === 'inquire') reply.balance = INQUIRY_BALANCE;
  const partial = request.kind === 'authorize' ? partialTrigger(request.amount) : undefined;
  if (partial !== undefined) reply.authAmount = partial.approved;
  return reply;
}

function declined(phardCode: PhardCode, verbiage: string, code: Code = Code.DENY): ProcessorReply {
  return { code, phardCode, verbiage };
}

/** The decline of a chip whose cryptogram did not verify, with the reason when it is the data. */
function badCryptogram(reason: string | undefined): ProcessorReply {
  const verbiage = 'CARD CRYPTOGRAM DID NOT VERIFY';
  return declined(
    PhardCode.BAD_CRYPTOGRAM,
    reason === undefined ? verbiage : `${verbiage} (${reason})`,
  );
}

/**
 * The deterministic simulated processor, answering as the public test server's Loopback module
 * does (Monetra test-mode FAQ; every rule in docs/test-cards.md). Checks run in this order:
 * delay trigger (wait, then go on), a chip's cryptogram (issuer-emv.ts: verified when its BIN has
 * issuer keys), a check's routing number and account (ach-rules.ts), expiry, the PIN of a PIN
 * debit, amount decline triggers (not on an inquiry), AVS, CV, then a partial-approval trigger. A
 * message without a card (a gift card's, answered by the service's gift ledger) gets only the
 * delay and decline triggers. A reply to a chip read carries the issuer's response data.
 */
export class LoopbackProcessor implements Processor {
  readonly name = 'loopback';
  readonly #pace: ProcessorPace;
  readonly #issuerKeys: readonly BinIssuerKeys[];

  constructor(options: LoopbackProcessorOptions = {}) {
    this.#pace = options.pace ?? wallClockPace;
    this.#issuerKeys = options.issuerKeys ?? loadIssuerKeys();
  }

  async send(request: ProcessorRequest): Promise<ProcessorReply> {
    await this.#pace(amountDelayMs(request.amount), request);
    switch (request.kind) {
      case 'complete':
      case 'reverse':
        return approved(request);
      case 'increment':
        if (request.amount <= (request.previousAmount ?? 0)) {
          return declined(PhardCode.GENERICFAIL, 'DECLINE');
        }
        return this.#decide(request);
      case 'authorize':
      case 'credit':
      case 'inquire': {
        const card = request.card;
        if (card?.emv === undefined) return this.#decide(request);
        const check: CryptogramCheck = checkCryptogram(this.#issuerKeys, card.pan, card.emv);
        const reply = check.kind === 'failed' ? badCryptogram(check.reason) : this.#decide(request);
        return { ...reply, issuerData: issuerResponseData(reply, check, request.amount) };
      }
    }
  }

  achReturn(check: ProcessorCheck): Promise<AchReturn | null> {
    return Promise.resolve(achReturnOf(check));
  }

  #decide(request: ProcessorRequest): ProcessorReply {
    const { card, check } = request;
    const refused = check === undefined ? undefined : checkDecline(check);
    if (refused !== undefined) return declined(refused.phardCode, refused.verbiage, refused.code);
    if (
      card !== undefined &&
      (card.expdate === undefined || isExpired(card.expdate, request.now))
    ) {
      return declined(PhardCode.EXPIRED, 'EXPIRED CARD');
    }
    if (card?.debit?.kind === 'pin' && card.debit.pin !== issuerPin(card.pan)) {
      return declined(PhardCode.BAD_PIN, 'INCORRECT PIN');
    }
    const trigger = request.kind === 'inquire' ? undefined : amountTrigger(request.amount);
    if (trigger !== undefined) return declined(trigger.phardCode, trigger.verbiage, trigger.code);
    if (card === undefined || request.verification === undefined) return approved(request);
    const avs = evaluateAvs(request.verification);
    const cv = evaluateCv(request.verification, card);
    // The reply is made once and the results written into it (no spreads per message).
    const reply = avs.declines
      ? declined(PhardCode.AVSFAIL, 'AVS DECLINE')
      : cv.declines
        ? declined(PhardCode.GENERICFAIL, 'CV DECLINE')
        : approved(request);
    if (avs.result !== undefined) reply.avs = avs.result;
    if (cv.result !== undefined) reply.cv = cv.result;
    return reply;
  }
}
