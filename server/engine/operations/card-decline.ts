import { Code, MsoftCode, type Params } from '../../../protocol/index.ts';
import { emvReceiptTags } from '../../../drivers/crypto/index.ts';
import { response, serviceDecline } from '../answers.ts';
import type { EngineContext, ServiceAnswer } from '../engine-context.ts';
import { emvReceiptPairs, iccNodes } from '../entry/emv-entry.ts';
import { entryDecline } from '../entry/entry-refusal.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { emvRecordPairs } from '../emv-pairs.ts';

/** What a reversal reporting a card decline records: the chip's final receipt fields. */
export interface CardDecline {
  receipt: Record<string, string>;
}

/** reversal_reason of a card decline when the request names none (libmonetra monetra_cli). */
export const CARD_DECLINE_REASON = 'CARDDECLINE';

/**
 * A reversal carrying icc (docs/protocol.md, Decisions: the card declines after an online
 * approval): icc is the chip's final data, whose cryptogram (9F27) must be an AAC; the
 * transaction must have been read from a chip, and the reversal is of the whole amount. Answers
 * the refusal naming the field, or what to record.
 */
export async function cardDeclineOf(
  ctx: EngineContext,
  params: Params,
  txn: TransactionRecord,
): Promise<CardDecline | ServiceAnswer> {
  if ((await ctx.store.emv.find(txn.ttid)) === undefined) {
    return serviceDecline(
      MsoftCode.DATA_INVALIDFIELD,
      'icc: the transaction was not read from a chip; a reversal carries icc only after a card decline',
    );
  }
  if (params.amount !== undefined) {
    return serviceDecline(
      MsoftCode.DATA_INVALIDFIELD,
      'amount: a card decline reverses the whole transaction; send no amount with icc',
    );
  }
  let cryptogramType: string | undefined;
  let receipt: Record<string, string>;
  try {
    const tags = emvReceiptTags(iccNodes(params.icc ?? ''));
    cryptogramType = tags.cryptogramType;
    receipt = emvReceiptPairs(tags);
  } catch (error) {
    return entryDecline(error, 'icc');
  }
  if (cryptogramType !== 'AAC') {
    return serviceDecline(
      MsoftCode.DATA_INVALIDFIELD,
      'icc: the final cryptogram (9F27) is not an AAC; a reversal carries icc only after a card decline',
    );
  }
  return { receipt };
}

/** An approved answer with the transaction's EMV fields added, rcpt_emv_card_decline included. */
export async function withEmvPairs(
  ctx: EngineContext,
  answer: ServiceAnswer,
  ttid: number,
): Promise<ServiceAnswer> {
  if (answer.kind !== 'response' || answer.pairs.code !== Code.AUTH) return answer;
  return response({ ...answer.pairs, ...emvRecordPairs(await ctx.store.emv.find(ttid)) });
}
