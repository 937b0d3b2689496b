import { parseAmount, type Params } from '../../../protocol/index.ts';
import type { ProcessorVerification } from '../../processor/index.ts';
import {
  checkCard,
  resolveAccountEntry,
  unofferedFeature,
  type CardEntry,
} from '../account-entry.ts';
import { invalidMove, notFound } from '../answers.ts';
import type { EngineContext, OperationHandler, OperationRequest } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import { refusalOf } from '../state-machine.ts';
import { debitPin } from '../entry/pin-entry.ts';
import { runNewTransaction } from './new-transaction.ts';
import { findTransaction } from './transaction-moves.ts';

/** The card, echo and custom parameters a new transaction starts from. */
interface Source {
  card: CardEntry;
  echo: Record<string, string>;
  custom: Record<string, string>;
}

/** The verification data sent with a request, keeping "sent empty" apart from "not sent". */
function verificationOf(params: Params): ProcessorVerification {
  return {
    ...(params.street !== undefined && { street: params.street }),
    ...(params.zip !== undefined && { zip: params.zip }),
    ...(params.cv !== undefined && { cv: params.cv }),
  };
}

/**
 * A v2 duplicate (seed: sale/preauth with ttid): the prior transaction's sealed card, echo and
 * custom parameters, any parameter of the request laid over them. Order identifiers are not
 * copied. Refused when the prior transaction's card data is no longer held.
 */
function duplicateSource(
  ctx: EngineContext,
  request: OperationRequest,
  ttid: string,
): Source | ServiceAnswer {
  const prior = findTransaction(ctx, request.caller, ttid);
  if (prior === undefined) return notFound('ttid');
  const refusal = refusalOf(prior, 'duplicate');
  if (refusal !== undefined || prior.cardSealed === null) {
    return invalidMove(request.op, refusal ?? 'card data of the transaction is no longer held');
  }
  const secret = ctx.vault.unseal(prior.cardSealed, 'transaction');
  const expdate = request.params.expdate ?? secret.expdate;
  const cardholdername = request.params.cardholdername ?? prior.cardholdername ?? undefined;
  return {
    card: {
      pan: secret.pan,
      ...(expdate !== undefined && { expdate }),
      ...(cardholdername !== undefined && { cardholdername }),
      entryMode: 'M',
      cardNotPresent: true,
    },
    echo: overlay(prior.echo, echoOf(request.params)),
    custom: overlay(prior.custom, customOf(request.params)),
  };
}

function accountSource(ctx: EngineContext, request: OperationRequest): Source | ServiceAnswer {
  const entry = resolveAccountEntry(ctx, request.caller.merchantId, request.params);
  if (entry.kind === 'answer') return entry.answer;
  return { card: entry.card, echo: echoOf(request.params), custom: customOf(request.params) };
}

/**
 * sale and preauth (seed: States and transitions): on account data, or in v2 as a duplicate of a
 * prior transaction by ttid; with pin and ksn a PIN debit. An approved sale is captured into the
 * open batch unless capture=no; an approved preauth, or a sale with capture=no, holds the amount
 * without entering a batch.
 */
export const saleHandler: OperationHandler = async (request, ctx) => {
  const { params } = request;
  const unoffered = unofferedFeature(params);
  if (unoffered !== undefined) return unoffered;
  const source =
    params.ttid !== undefined
      ? duplicateSource(ctx, request, params.ttid)
      : accountSource(ctx, request);
  if ('kind' in source) return source;
  const check = checkCard(source.card.pan);
  if (check.kind === 'answer') return check.answer;
  const debit = debitPin(ctx, params, source.card.pan);
  if (debit.kind === 'answer') return debit.answer;
  const kind = request.op === 'preauth' ? 'preauth' : 'sale';
  return runNewTransaction(request, ctx, {
    kind,
    approvedState: kind === 'sale' && params.capture !== 'no' ? 'captured' : 'authorized',
    account: { kind: 'card', card: source.card, cardtype: check.cardtype, debit: debit.debit },
    amount: parseAmount(params.amount ?? '', 'amount'),
    verification: verificationOf({ ...source.echo, ...params }),
    echo: source.echo,
    custom: source.custom,
  });
};
