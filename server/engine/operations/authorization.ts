import { Code, MsoftCode } from '../../../protocol/index.ts';
import type { ProcessorReply, ProcessorRequest } from '../../processor/index.ts';
import type { EngineContext, OperationRequest } from '../engine-context.ts';
import { QUEUE_TIMEOUT_RESULT, sendOnline } from '../online.ts';
import { partialApprovalRefused, takesPartialApproval } from '../partial-approval.ts';
import type { AnswerResult } from '../response-pairs.ts';

/** What the online message of a new transaction came back with, before anything is committed. */
export interface Authorization {
  /** The result to record and answer (msoftCode INT_SUCCESS unless the service declined). */
  result: AnswerResult;
  /** The processor's reply, when the message went online. */
  reply: ProcessorReply | undefined;
  /** Minor units approved: the amount asked, or less when a partial approval was taken. */
  approvedAmount: number;
  /** The stan sequence value the message used, to commit with it. */
  stanSeq: number | null;
  /** The internal reversal of a refused partial approval, when one was sent. */
  reversal?: { stan: string; stanSeq: number };
}

/**
 * Sends a new transaction's message through the send queue (docs/interface.md › priority, timeout). A partial
 * approval (the processor approved less than asked) is taken with nsf=yes; otherwise it is
 * reversed online at once and answered as a decline (docs/interface.md › nsf; Errors §7).
 */
export async function authorizeOnline(
  ctx: EngineContext,
  request: OperationRequest,
  message: Omit<ProcessorRequest, 'stan' | 'now'>,
): Promise<Authorization> {
  const online = await sendOnline(ctx, request, message);
  if (online.kind !== 'reply') {
    return {
      result: { ...QUEUE_TIMEOUT_RESULT, phardCode: null, stan: null },
      reply: undefined,
      approvedAmount: message.amount,
      stanSeq: null,
    };
  }
  const { reply, stan, stanSeq } = online;
  const result: AnswerResult = {
    code: reply.code,
    msoftCode: MsoftCode.INT_SUCCESS,
    phardCode: reply.phardCode,
    verbiage: reply.verbiage,
    stan,
  };
  const partial = reply.code === Code.AUTH ? reply.authAmount : undefined;
  if (partial === undefined || partial >= message.amount) {
    return { result, reply, approvedAmount: message.amount, stanSeq };
  }
  if (takesPartialApproval(request.params)) {
    return { result, reply, approvedAmount: partial, stanSeq };
  }
  const reversal = await sendOnline(ctx, request, { ...message, kind: 'reverse', amount: 0 });
  return {
    result: { ...partialApprovalRefused(partial), stan },
    reply,
    approvedAmount: message.amount,
    stanSeq,
    ...(reversal.kind === 'reply' && {
      reversal: { stan: reversal.stan, stanSeq: reversal.stanSeq },
    }),
  };
}
