import { Code, MsoftCode, formatAmount, refusalOf } from '../../protocol/index.ts';
import { put, transactionPairs } from './response-pairs.ts';
import type { EngineContext } from './engine-context.ts';
import type { CheckReads } from '../store/check-store.ts';
import type { TransactionRecord } from '../store/transaction-record.ts';
import { emvRecordPairs } from './emv-pairs.ts';

/**
 * tranflags of a transaction (docs/interface.md › Transaction detail, tranflags): CAPTURED while in a batch
 * (captured or settled), ONLINE when it went to the processor, SENSITIVEDATA while its card data
 * is held, OFFLINE when a lane approved it offline and forwarded it (docs/protocol.md ›
 * Forwarded offline sales: its custom parameter offline_approved=yes).
 */
export function tranflagsOf(txn: TransactionRecord): string[] {
  const flags: string[] = [];
  if (txn.state === 'captured' || txn.state === 'settled') flags.push('CAPTURED');
  if (txn.online) flags.push('ONLINE');
  if (txn.cardSealed !== null) flags.push('SENSITIVEDATA');
  if (txn.custom['offline_approved'] === 'yes') flags.push('OFFLINE');
  return flags;
}

/**
 * txnstatus of a transaction (docs/test-cards.md): APPROVED or DECLINED; VOIDED or REVERSED when
 * cancelled; the marks ADJUSTED, INCREMENTED, PARTIALREVERSAL; REFUNDED while refunds stand
 * against it; COMPLETE once settled (docs/interface.md › txnstatus COMPLETE).
 */
export function txnstatusOf(txn: TransactionRecord): string[] {
  const status = [txn.state === 'declined' ? 'DECLINED' : 'APPROVED'];
  if (txn.state === 'voided') status.push('VOIDED');
  if (txn.state === 'reversed') status.push('REVERSED');
  status.push(...txn.statusFlags);
  if (txn.refundedAmount > 0) status.push('REFUNDED');
  if (txn.state === 'settled') status.push('COMPLETE');
  return status;
}

/**
 * The detail's amount: what the transaction holds or will settle now (docs/interface.md › reversal, "amount …
 * is the final amount to be settled"): 0 once a void or a whole reversal removed its hold.
 */
function heldAmount(txn: TransactionRecord): number {
  return txn.state === 'reversed' || txn.state === 'voided' ? 0 : txn.amount;
}

/** reversible (docs/interface.md › Transaction detail): the state table allows a full reversal now. */
function reversibleOf(txn: TransactionRecord): boolean {
  return refusalOf(txn, 'reversal_full') === undefined;
}

/**
 * Keys of the transaction and detail responses (docs/interface.md › Transaction response, Transaction detail
 * response). A custom parameter with one of these names is not echoed, so it cannot pose as one.
 */
const RESPONSE_KEYS: ReadonlySet<string> = new Set(
  [
    'code msoft_code phard_code verbiage draft_locator_id ttid token account cardtype',
    'cardholdername language pclevel timestamp printdata auth batch item stan proc issuer_decline',
    'authamount balance avs cv carddenylist_id action orig_code orig_msoft_code orig_phard_code',
    'orig_reqamount orig_verbiage merch_name merch_addr1 merch_addr2 merch_addr3 merch_phone',
    'merch_email merch_proc reversible reversal_reason offline_decline tranflags txnstatus',
    'last_modified_ts order_id payment_id order_cash_discount order_cash_price order_noncash_price',
    'order_tip order_total order_tax detail_order_notes trans line_items simulator',
    'return_code return_reason return_ts',
  ]
    .join(' ')
    .split(' '),
);

/** Custom parameters that may be echoed: those not named like a response field or rcpt_/card_. */
export function echoableCustom(custom: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(custom).filter(
      ([key]) => !RESPONSE_KEYS.has(key) && !key.startsWith('rcpt_') && !key.startsWith('card_'),
    ),
  );
}

/**
 * The ACH return of a check that came back (docs/test-cards.md, Checks): return_code (R01, …),
 * return_reason and return_ts (Unix seconds); nothing for any other transaction (only one marked
 * RETURNED is looked up).
 */
export async function checkReturnPairs(
  checks: CheckReads,
  txn: TransactionRecord,
): Promise<Record<string, string>> {
  if (!txn.statusFlags.includes('RETURNED')) return {};
  const returned = (await checks.find(txn.ttid))?.returned;
  if (returned === null || returned === undefined) return {};
  return {
    return_code: returned.code,
    return_reason: returned.reason,
    return_ts: String(returned.ts),
  };
}

/** The receipt header fields a detail answers as merch_<field> (docs/interface.md › Transaction detail, Merchant). */
const MERCHANT_HEADER_FIELDS = ['addr1', 'addr2', 'addr3', 'phone', 'email'] as const;

/**
 * The transaction detail response (docs/interface.md › Transaction detail response) of one transaction: the
 * lookup's own result (AUTH, INT_SUCCESS, SUCCESS), the transaction's response fields, action and
 * original result (orig_*), merchant (merch_name, its receipt header's merch_addr1–3, merch_phone
 * and merch_email, merch_proc), the non-sensitive request echo
 * (expdate only while the card is held), amount (held now: 0.00 once voided or wholly reversed),
 * reversible, reversal_reason, tranflags, txnstatus,
 * last_modified_ts, order_id, payment_id, a check's ACH return, and its custom parameters (never
 * overriding a field).
 */
export async function detailPairs(
  ctx: EngineContext,
  txn: TransactionRecord,
  timeZone: string,
): Promise<Record<string, string>> {
  const created = new Date(txn.createdTs * 1000);
  const profile = await ctx.store.merchants.profile(txn.profileId);
  const expdate =
    txn.cardSealed === null ? undefined : ctx.vault.unseal(txn.cardSealed, 'transaction').expdate;
  const lookup = {
    code: Code.AUTH,
    msoftCode: MsoftCode.INT_SUCCESS,
    phardCode: null,
    verbiage: 'SUCCESS',
    stan: txn.stan,
  };
  const pairs = transactionPairs(txn, lookup, created, timeZone);
  Object.assign(pairs, {
    action: txn.operation,
    orig_code: txn.code,
    orig_msoft_code: txn.msoftCode,
    orig_reqamount: formatAmount(txn.reqAmount),
    orig_verbiage: txn.verbiage,
    amount: formatAmount(heldAmount(txn)),
    reversible: reversibleOf(txn) ? 'yes' : 'no',
    tranflags: tranflagsOf(txn).join('|'),
    txnstatus: txnstatusOf(txn).join('|'),
    last_modified_ts: String(txn.lastModifiedTs),
  });
  put(pairs, 'orig_phard_code', txn.phardCode);
  put(pairs, 'expdate', expdate);
  put(pairs, 'reversal_reason', txn.reversalReason);
  const header = await ctx.store.receiptHeaders.find(txn.merchantId);
  put(pairs, 'merch_name', header?.name || profile?.merchantName);
  for (const field of MERCHANT_HEADER_FIELDS) put(pairs, `merch_${field}`, header?.[field] || null);
  put(pairs, 'merch_proc', profile?.processor);
  Object.assign(
    pairs,
    emvRecordPairs(await ctx.store.emv.find(txn.ttid)),
    await checkReturnPairs(ctx.store.checks, txn),
  );
  return { ...pairs, ...echoableCustom(txn.custom), ...txn.echo, ...pairs };
}
