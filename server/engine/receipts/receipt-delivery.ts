import { parseReceiptSettings, DEFAULT_RECEIPT_SETTINGS } from '../../../protocol/index.ts';
import type { EngineContext, OperationRequest, ServiceAnswer } from '../engine-context.ts';
import { RECEIPT_HEADER_FIELDS } from '../../store/receipt-header-store.ts';
import { receiptCopy, type ReceiptFacts } from './receipt-copy.ts';
import { receiptFacts } from './receipt-facts.ts';
import { plainTextCopy, receiptPairs } from './receipt-forms.ts';
import type { OutboxMessage } from './receipt-outbox.ts';

/**
 * The merchant's receipt header lines: its receipt name (else its account name), address, phone
 * and e-mail, those set (admin set-receipt-header).
 */
export async function merchantLines(
  ctx: EngineContext,
  merchantId: number,
  accountName: string,
): Promise<string[]> {
  const header = await ctx.store.receiptHeaders.find(merchantId);
  const [name = '', ...rest] = RECEIPT_HEADER_FIELDS.map((key) => header?.[key] ?? '');
  return [name === '' ? accountName : name, ...rest].filter((line) => line.trim() !== '');
}

/** The one-line summary of a receipt an SMS carries: merchant, what, outcome, amount, card, ttid. */
function smsText(facts: ReceiptFacts, ttid: string | undefined): string {
  const amount = facts.amounts.find((line) => line.strong === true) ?? facts.amounts.at(-1);
  const account = facts.card.find((line) => line.label === 'ACCOUNT')?.value.replace(/\D/g, '');
  const cardtype = facts.card.find((line) => line.label === 'CARD')?.value;
  return [
    `${facts.merchant[0] ?? ''}: ${facts.title} ${facts.outcome.text}`,
    ...(amount === undefined ? [] : [`${amount.label} ${amount.value}`]),
    ...(account === undefined || account === '' ? [] : [`${cardtype ?? 'CARD'} ENDING ${account}`]),
    ...(ttid === undefined ? [] : [`TTID ${ttid}`]),
  ].join(', ');
}

/** The messages a request asks for (rcpt_email, rcpt_sms), the customer copy in them. */
function messagesOf(
  request: OperationRequest,
  facts: ReceiptFacts,
  width: number,
  ttid: string | undefined,
): OutboxMessage[] {
  const { rcpt_email: email, rcpt_sms: sms } = request.params;
  const base = { at: request.now, ...(ttid !== undefined && { ttid }) };
  const messages: OutboxMessage[] = [];
  if (email !== undefined) {
    const subject = `${facts.merchant[0] ?? ''}: ${facts.title} ${facts.outcome.text}`;
    const body = plainTextCopy(receiptCopy(facts, 'customer'), width);
    messages.push({ ...base, channel: 'email', to: email, subject, body });
  }
  if (sms !== undefined)
    messages.push({ ...base, channel: 'sms', to: sms, body: smsText(facts, ttid) });
  return messages;
}

/**
 * The answer with the receipt the request asked for (docs/api.md, Receipts): with rcpt, the
 * formatted customer copy (rcpt_cust_*) and, unless rcpt_merch_copy=no, the merchant copy
 * (rcpt_merch_*), in the form and width rcpt sets; with rcpt_email or rcpt_sms, the customer copy
 * written to the outbox. Only answers about an account get a receipt (they carry `account`): a
 * refusal before anything ran gets none. A copy that cannot be written to the outbox is logged,
 * never a reason to fail the answer: the transaction is already committed.
 */
export async function withReceipts(
  request: OperationRequest,
  answer: ServiceAnswer,
  ctx: EngineContext,
): Promise<ServiceAnswer> {
  const { params, caller } = request;
  const wanted = ['rcpt', 'rcpt_email', 'rcpt_sms'].some((key) => params[key] !== undefined);
  if (!wanted || answer.kind !== 'response' || answer.pairs.account === undefined) return answer;
  const { pairs } = answer;
  const ttid = pairs.ttid;
  const record =
    ttid === undefined || !/^\d{1,15}$/.test(ttid)
      ? undefined
      : await ctx.store.transactions.find(caller.merchantId, Number(ttid));
  const profile = await ctx.store.merchants.profile(caller.profileId);
  const merchant = await merchantLines(
    ctx,
    caller.merchantId,
    profile?.merchantName ?? caller.username,
  );
  const facts = receiptFacts({ op: request.op, params, pairs, record, merchant });
  const settings =
    params.rcpt === undefined ? DEFAULT_RECEIPT_SETTINGS : parseReceiptSettings(params.rcpt);
  const added: Record<string, string> = {};
  if (params.rcpt !== undefined) {
    Object.assign(added, receiptPairs(receiptCopy(facts, 'customer'), 'customer', settings));
    if (params.rcpt_merch_copy !== 'no') {
      Object.assign(added, receiptPairs(receiptCopy(facts, 'merchant'), 'merchant', settings));
    }
  }
  for (const message of messagesOf(request, facts, settings.width, ttid)) {
    if (ctx.outbox === undefined) {
      ctx.logger.warn(
        { op: request.op, ttid, channel: message.channel },
        'receipt not written: no outbox',
      );
      continue;
    }
    try {
      ctx.outbox.write(message);
    } catch (error) {
      const { name, message: reason } = error as Error;
      ctx.logger.error(
        { op: request.op, ttid, error: name, reason },
        'receipt not written to the outbox',
      );
    }
  }
  return { kind: 'response', pairs: { ...pairs, ...added } };
}
