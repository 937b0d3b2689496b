import { parseReceiptSettings, DEFAULT_RECEIPT_SETTINGS } from '../../../protocol/index.ts';
import type { EngineContext, OperationRequest, ServiceAnswer } from '../engine-context.ts';
import { RECEIPT_HEADER_FIELDS } from '../../store/receipt-header-store.ts';
import type { StoreTx } from '../../store/service-store.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { receiptCopy, type ReceiptFacts } from './receipt-copy.ts';
import { receiptFacts } from './receipt-facts.ts';
import { plainTextCopy, receiptPairs } from './receipt-forms.ts';
import { outboxCopy, type OutboxMessage } from './receipt-outbox.ts';

/**
 * The merchant's receipt header lines: its receipt name (else its account name), address, phone
 * and e-mail, those set (admin set-receipt-header).
 */
export async function merchantLines(
  store: Pick<StoreTx, 'receiptHeaders'>,
  merchantId: number,
  accountName: string,
): Promise<string[]> {
  const header = await store.receiptHeaders.find(merchantId);
  const [name = '', ...rest] = RECEIPT_HEADER_FIELDS.map((key) => header?.[key] ?? '');
  return [name === '' ? accountName : name, ...rest].filter((line) => line.trim() !== '');
}

/** The one-line summary of a receipt an SMS carries: merchant, what, outcome, amount, card, ttid. */
function smsText(facts: ReceiptFacts, ttid: string | undefined): string {
  const amount = facts.amounts.find((line) => line.strong === true) ?? facts.amounts.at(-1);
  const account = facts.card.find((line) => line.label === 'ACCOUNT')?.value.replace(/\D/g, '');
  const cardtype = facts.card.find((line) => line.label === 'CARD')?.value;
  const parts = [`${facts.merchant[0] ?? ''}: ${facts.title} ${facts.outcome.text}`];
  if (amount !== undefined) parts.push(`${amount.label} ${amount.value}`);
  if (account !== undefined && account !== '')
    parts.push(`${cardtype ?? 'CARD'} ENDING ${account}`);
  if (ttid !== undefined) parts.push(`TTID ${ttid}`);
  return parts.join(', ');
}

/** The messages a request asks for (rcpt_email, rcpt_sms), the customer copy in them. */
function messagesOf(request: OperationRequest, facts: ReceiptFacts, ttid: string | undefined) {
  const { rcpt, rcpt_email: email, rcpt_sms: sms } = request.params;
  const { width } = rcpt === undefined ? DEFAULT_RECEIPT_SETTINGS : parseReceiptSettings(rcpt);
  const at = request.now;
  const messages: OutboxMessage[] = [];
  if (email !== undefined) {
    const subject = `${facts.merchant[0] ?? ''}: ${facts.title} ${facts.outcome.text}`;
    const body = plainTextCopy(receiptCopy(facts, 'customer'), width);
    messages.push({ at, ttid, channel: 'email', to: email, subject, body });
  }
  if (sms !== undefined) {
    const body = smsText(facts, ttid);
    messages.push({ at, ttid, channel: 'sms', to: sms, subject: undefined, body });
  }
  return messages;
}

/** Whether a request asks for its receipt by e-mail or text (rcpt_email, rcpt_sms). */
const asksForCopies = (request: OperationRequest): boolean =>
  request.params.rcpt_email !== undefined || request.params.rcpt_sms !== undefined;

/** What the receipt of an answer about `record` (when it names one) prints, read through `store`. */
async function factsOf(
  store: StoreTx,
  request: OperationRequest,
  pairs: Record<string, string>,
  record: TransactionRecord | undefined,
): Promise<ReceiptFacts> {
  const { op, params, caller } = request;
  const profile = await store.merchants.profile(caller.profileId);
  const accountName = profile?.merchantName ?? caller.username;
  const merchant = await merchantLines(store, caller.merchantId, accountName);
  return receiptFacts({ op, params, pairs, record, merchant });
}

/**
 * The answer `pairs` of an outcome committing in the store transaction `tx`, the receipt copies its
 * request asks to e-mail or text (rcpt_email, rcpt_sms) kept in the outbox by that same
 * transaction: an outcome committed has its copies, and one rolled back has none. `record` is the
 * transaction as the outcome leaves it, when it names one. Only an answer about an account gets copies.
 */
export async function answerWithCopies(
  tx: StoreTx,
  request: OperationRequest,
  pairs: Record<string, string>,
  record: TransactionRecord | undefined,
): Promise<ServiceAnswer> {
  if (asksForCopies(request) && pairs.account !== undefined) {
    const facts = await factsOf(tx, request, pairs, record);
    await tx.outbox.add(messagesOf(request, facts, pairs.ttid).map(outboxCopy));
  }
  return { kind: 'response', pairs, copiesCommitted: true };
}

/**
 * The answer with the receipt the request asked for (docs/api.md, Receipts): with rcpt, the
 * formatted customer copy (rcpt_cust_*) and, unless rcpt_merch_copy=no, the merchant copy
 * (rcpt_merch_*), in the form and width rcpt sets; with rcpt_email or rcpt_sms, the customer copy
 * kept in the outbox, unless the outcome's commit kept it (answerWithCopies): then, without rcpt,
 * the answer leaves as it is, with nothing read again. Only answers about an account get a
 * receipt (they carry `account`): a refusal before anything ran gets none. A copy kept here (a
 * reprint, a decline noted) is its own write before the answer leaves; one that cannot be kept is
 * logged, never a reason to fail the answer.
 */
export async function withReceipts(
  request: OperationRequest,
  answer: ServiceAnswer,
  ctx: EngineContext,
): Promise<ServiceAnswer> {
  const { params, caller } = request;
  if (answer.kind !== 'response' || answer.pairs.account === undefined) return answer;
  const copiesToKeep = answer.copiesCommitted !== true && asksForCopies(request);
  if (params.rcpt === undefined && !copiesToKeep) return answer;
  const { pairs } = answer;
  const ttid = pairs.ttid;
  const record =
    ttid === undefined || !/^\d{1,15}$/.test(ttid)
      ? undefined
      : await ctx.store.transactions.find(caller.merchantId, Number(ttid));
  const facts = await factsOf(ctx.store, request, pairs, record);
  const added: Record<string, string> = {};
  if (params.rcpt !== undefined) {
    const settings = parseReceiptSettings(params.rcpt);
    Object.assign(added, receiptPairs(receiptCopy(facts, 'customer'), 'customer', settings));
    if (params.rcpt_merch_copy !== 'no') {
      Object.assign(added, receiptPairs(receiptCopy(facts, 'merchant'), 'merchant', settings));
    }
  }
  if (copiesToKeep) {
    try {
      await ctx.store.outbox.add(messagesOf(request, facts, ttid).map(outboxCopy));
    } catch (error) {
      const { name, message: reason } = error as Error;
      ctx.logger.error(
        { op: request.op, ttid, error: name, reason },
        'receipt copies not kept in the outbox',
      );
    }
  }
  return { kind: 'response', pairs: { ...pairs, ...added } };
}
