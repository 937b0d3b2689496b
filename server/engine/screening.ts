import { Code, MsoftCode, type Params } from '../../protocol/index.ts';
import { lastFour, maskPan } from '../../drivers/crypto/index.ts';
import { accountNameOf, naming } from './account-name.ts';
import { response } from './answers.ts';
import type { EngineContext, OperationRequest, ServiceAnswer } from './engine-context.ts';
import type { CommitStep } from './operations/new-transaction-plan.ts';

/**
 * Seconds within which a second transaction of the same card, amount and order is a duplicate
 * (duplcheck=yes): 120, the default duplicate window of Authorize.Net's AIM (x_duplicate_window).
 */
const DUPLICATE_WINDOW_SECONDS = 120;

/** Codes of a decline by the card's issuer: not a timeout, retry or setup fault. */
const ISSUER_DECLINES: ReadonlySet<string> = new Set([Code.DENY, Code.CALL, Code.PKUP]);

function denied(entryId: number): ServiceAnswer {
  return response({
    code: Code.DENY,
    msoft_code: MsoftCode.MERCH_DENYLIST,
    verbiage: 'CARD ON DENY LIST',
    carddenylist_id: String(entryId),
  });
}

/** The duplicate check's decline: nothing is recorded, so the answer names no ttid. */
const DUPLICATE: ServiceAnswer = response({
  code: Code.DUPL,
  msoft_code: MsoftCode.MERCH_DUPLICATE,
  verbiage: `DUPLICATE TRANS: same card, amount and ordernum within ${DUPLICATE_WINDOW_SECONDS} s`,
});

/**
 * True when an approved, standing transaction of the caller's profile has the same operation,
 * card, amount (when the operation has one) and ordernum (absent matching absent), created within
 * the duplicate window. ordernum, not order_id, names the order: clients mint a fresh order_id
 * for every request, so a double submission carries two.
 */
function hasDuplicate(
  ctx: EngineContext,
  request: OperationRequest,
  fingerprint: string,
  amount: number | undefined,
): Promise<boolean> {
  return ctx.store.transactions.hasDuplicate({
    profileId: request.caller.profileId,
    fingerprint,
    operation: request.op,
    since: Math.floor(request.now.getTime() / 1000) - DUPLICATE_WINDOW_SECONDS,
    ordernum: request.params.ordernum ?? null,
    ...(amount !== undefined && { reqAmount: amount }),
  });
}

/** The deny list's or the duplicate check's refusal of the card `pan`, if either refuses it. */
async function screenRefusal(
  ctx: EngineContext,
  request: OperationRequest,
  pan: string,
  amount: number | undefined,
): Promise<ServiceAnswer | undefined> {
  const { params, caller } = request;
  const denyCheck = params.carddenylist_check === 'yes';
  if (!denyCheck && params.duplcheck !== 'yes') return undefined;
  const fingerprint = ctx.vault.fingerprint(pan);
  if (denyCheck) {
    const entry = await ctx.store.denyList.find(caller.merchantId, fingerprint);
    if (entry !== undefined) return denied(entry.id);
  }
  if (params.duplcheck === 'yes' && (await hasDuplicate(ctx, request, fingerprint, amount))) {
    return DUPLICATE;
  }
  return undefined;
}

/**
 * The service's screening of a card before anything goes online: with carddenylist_check=yes a
 * card on the merchant's deny list is declined MERCH_DENYLIST with its carddenylist_id (docs/interface.md ›
 * Errors §8); with duplcheck=yes a duplicate (hasDuplicate) is declined DUPL, MERCH_DUPLICATE.
 * Either refusal names the card (masked account, `cardtype`). Nothing is recorded.
 */
export async function screenCard(
  ctx: EngineContext,
  request: OperationRequest,
  pan: string,
  amount: number | undefined,
  cardtype: string,
): Promise<ServiceAnswer | undefined> {
  const refusal = await screenRefusal(ctx, request, pan, amount);
  return refusal === undefined ? undefined : naming(refusal, accountNameOf(pan, cardtype));
}

/**
 * With carddenylist_decline=yes, the commit hook of a new transaction that puts its card on the
 * merchant's deny list when the issuer declines it (DENY, CALL, PKUP from the processor or the
 * gift ledger; not a timeout, retry or setup fault, nor a decline by the service).
 */
export function denyOnIssuerDecline(
  ctx: EngineContext,
  params: Params,
  pan: string,
): CommitStep | undefined {
  if (params.carddenylist_decline !== 'yes') return undefined;
  return async (tx, txn, nowTs) => {
    if (txn.msoftCode !== MsoftCode.INT_SUCCESS || !ISSUER_DECLINES.has(txn.code)) return;
    await tx.denyList.add(
      {
        merchantId: txn.merchantId,
        fingerprint: ctx.vault.fingerprint(pan),
        accountMasked: maskPan(pan),
        last4: lastFour(pan),
        ttid: txn.ttid,
        note: `declined: ${txn.verbiage}`,
      },
      nowTs,
    );
  };
}
