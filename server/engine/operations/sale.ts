import { parseAmount, refusalOf, type Params } from '../../../protocol/index.ts';
import type { ProcessorVerification } from '../../processor/index.ts';
import { resolveAccountEntry, type CardEntry } from '../account-entry.ts';
import { runCheckPayment } from '../checks/check-payments.ts';
import { invalidMove, notFound } from '../answers.ts';
import { naming } from '../account-name.ts';
import { cardName, enteredCard, giftAsk, planAccount, unofferedFor } from '../card-account.ts';
import type { EngineContext, OperationHandler, OperationRequest } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import { denyOnIssuerDecline, screenCard } from '../screening.ts';
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
export function verificationOf(params: Params): ProcessorVerification {
  return verificationFrom(params.street, params.zip, params.cv);
}

/** Street, zip and security code as a message's verification data: only those sent. */
function verificationFrom(
  street: string | undefined,
  zip: string | undefined,
  cv: string | undefined,
): ProcessorVerification {
  const verification: ProcessorVerification = {};
  if (street !== undefined) verification.street = street;
  if (zip !== undefined) verification.zip = zip;
  if (cv !== undefined) verification.cv = cv;
  return verification;
}

/**
 * A sale's verification data: the request's own, else what its card entry holds (a ticket's
 * security code and zip), else its echo (a duplicate's prior request).
 */
function saleVerification(params: Params, source: Source): ProcessorVerification {
  const held = source.card.verification;
  const { echo } = source;
  return verificationFrom(
    params.street ?? echo.street,
    params.zip ?? held?.zip ?? echo.zip,
    params.cv ?? held?.cv ?? echo.cv,
  );
}

/**
 * A v2 duplicate (docs/interface.md › sale/preauth with ttid): the prior transaction's sealed card, echo and
 * custom parameters, any parameter of the request laid over them. Order identifiers are not
 * copied. Refused when the prior transaction's card data is no longer held.
 */
async function duplicateSource(
  ctx: EngineContext,
  request: OperationRequest,
  ttid: string,
): Promise<Source | ServiceAnswer> {
  const prior = await findTransaction(ctx, request.caller, ttid);
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

async function accountSource(
  ctx: EngineContext,
  request: OperationRequest,
): Promise<Source | ServiceAnswer> {
  const entry = await resolveAccountEntry(ctx, request.caller.merchantId, request.params);
  if (entry.kind === 'answer') return entry.answer;
  return { card: entry.card, echo: echoOf(request.params), custom: customOf(request.params) };
}

/**
 * sale and preauth (docs/interface.md › States and transitions): on account data, or in v2 as a duplicate of a
 * prior transaction by ttid; with pin and ksn a PIN debit. An approved sale is captured into the
 * open batch unless capture=no; an approved preauth, or a sale with capture=no, holds the amount
 * without entering a batch. On one of the merchant's gift cards the amount is taken from the
 * card's balance (nsf=yes: as much as it holds), and a PIN is the card's plain PIN, which the gift
 * ledger checks. The deny list and duplicate check screen the card first. A refusal once the card
 * is read (its PIN, the screening) names it. On check data (abaroute) a check payment
 * (checks/check-payments.ts).
 */
export const saleHandler: OperationHandler = async (request, ctx) => {
  const { params } = request;
  if (params.abaroute !== undefined) return runCheckPayment(request, ctx, 'sale');
  const source =
    params.ttid !== undefined
      ? await duplicateSource(ctx, request, params.ttid)
      : await accountSource(ctx, request);
  if ('kind' in source) return unofferedFor(params, false) ?? source;
  const entered = enteredCard(request.giftRanges, params, { kind: 'card', card: source.card });
  if (entered.kind === 'answer') return entered.answer;
  const { pan } = entered.card;
  const debit = entered.gift === null ? await debitPin(ctx, params, pan) : undefined;
  if (debit?.kind === 'answer') return naming(debit.answer, cardName(entered));
  const amount = parseAmount(params.amount ?? '', 'amount');
  const screened = await screenCard(ctx, request, pan, amount, entered.cardtype);
  if (screened !== undefined) return screened;
  const kind = request.op === 'preauth' ? 'preauth' : 'sale';
  const onDeclined = denyOnIssuerDecline(ctx, params, pan);
  return runNewTransaction(request, ctx, {
    kind,
    approvedState: kind === 'sale' && params.capture !== 'no' ? 'captured' : 'authorized',
    account: planAccount(entered, debit?.debit),
    amount,
    verification: saleVerification(params, source),
    echo: source.echo,
    custom: source.custom,
    ...(entered.gift !== null && { gift: { kind: 'card', ask: giftAsk(params, 'spend', pan) } }),
    ...(onDeclined !== undefined && { onDeclined }),
  });
};
