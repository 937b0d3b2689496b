import type { OperationName } from '../../protocol/index.ts';
import type { PaymentResponse } from '../payment/index.ts';
import { cardSafe, maskedAccount } from './card-safe-text.ts';
import { type Verification, verificationOf } from './cvm-results.ts';
import { amountsOf } from './receipt-amounts.ts';
import type { ChipCompletion, ReceiptContext } from './receipt-context.ts';
import type { ReceiptCopy, ReceiptDocument, ReceiptField } from './receipt-document.ts';
import { outcomeOf } from './receipt-outcome.ts';
import { RECEIPT_WORDS, type ReceiptWords } from '../../protocol/index.ts';
import { serviceReceiptLines } from './service-receipt.ts';
import { storeTime } from './receipt-time.ts';

/** The zone receipts print times in: the merchant's, else the machine's. */
const storeZone = (context: ReceiptContext): string =>
  context.merchant.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Operations a signature can be asked for on the merchant copy (a card is charged or held). */
const SIGNED = new Set<OperationName>([
  'sale',
  'preauth',
  'preauthcomplete',
  'incremental',
  'adjust',
]);

function field(label: string, value: string | undefined): ReceiptField[] {
  const safe = value === undefined ? '' : cardSafe(value).trim();
  return safe === '' ? [] : [{ label, value: safe }];
}

/**
 * The EMV lines: the answer's rcpt_emv_* fields, with the cryptogram (type and value), TVR and
 * TSI of the card's final data when the lane completed a contact chip (ChipCompletion).
 */
function emvOf(
  answer: PaymentResponse,
  words: ReceiptWords,
  cvm: Verification,
  chip: ChipCompletion | undefined,
): ReceiptField[] {
  const final: Readonly<Record<string, string | undefined>> =
    chip === undefined
      ? {}
      : { ac: chip.cryptogram, actype: chip.cryptogramType, tvr: chip.tvr, tsi: chip.tsi };
  const emv = (key: string): string | undefined => final[key] ?? answer.get(`rcpt_emv_${key}`);
  const bypass = emv('pinbypass')?.toLowerCase() === 'yes';
  return [
    ...field(words.aid, emv('aid')),
    ...field(words.appName, emv('name')),
    ...field(words.tvr, emv('tvr')),
    ...field(words.tsi, emv('tsi')),
    ...field(cardSafe(emv('actype') ?? words.cryptogram), emv('ac')),
    ...field(words.cvm, cvm.text),
    ...field(words.iad, emv('iad')),
    ...field(words.formFactor, emv('form_factor')),
    ...(bypass ? field('PIN', words.pinBypass) : []),
  ];
}

/**
 * One receipt copy from a transaction answer (docs/lane-devices.md, Receipts): the merchant
 * header, the title, the outcome (a decline says why, an EMV card decline after the approval is a
 * decline), the amounts (a partial approval shows requested, approved and the balance due), the
 * card (brand, account masked to its last four, entry mode), the EMV lines (with the chip's final
 * cryptogram when the lane completed it), the references, the
 * notes, a signature line on the merchant copy of an approval without PIN, and the ttid as a
 * barcode. The service's formatted receipt, when the answer has one, is kept in `service`, unless
 * the lane completed the chip (the service's copy states the ARQC, not the card's final decision)
 * or it is the customer's copy of a decline (the service's copy gives its own text as why).
 */
export function buildReceipt(
  answer: PaymentResponse,
  context: ReceiptContext,
  copy: ReceiptCopy = 'customer',
): ReceiptDocument {
  const language = context.language ?? 'en';
  const words = RECEIPT_WORDS[language];
  const outcome = outcomeOf(answer, context, words, copy);
  const entry = context.fallbackSwipe === true ? 'F' : answer.get('rcpt_entry_mode');
  const account = answer.account;
  const cvm = verificationOf(answer.get('rcpt_emv_cvm'), words);
  const ttid = answer.ttid;
  const document: ReceiptDocument = {
    copy,
    language,
    duplicate: context.duplicate === true,
    training: context.training,
    ...(context.offline === true ? { offline: true } : {}),
    merchant: [context.merchant.name, ...(context.merchant.lines ?? [])].map((line) =>
      cardSafe(line).trim(),
    ),
    title: words.titles[context.operation] ?? context.operation.toUpperCase(),
    outcome,
    amounts: amountsOf(answer, context, outcome, words),
    card: [
      ...field(words.card, answer.cardtype),
      ...(account === undefined ? [] : field(words.account, maskedAccount(account))),
      ...field(words.entry, entry === undefined ? undefined : (words.entryModes[entry] ?? entry)),
      ...field(words.accountType, answer.get('rcpt_acct_type')),
      ...field(words.name, answer.get('cardholdername')),
    ],
    emv: emvOf(answer, words, cvm, context.chip),
    references: [
      ...field(words.authCode, answer.auth),
      ...field(words.ttid, ttid),
      ...field(words.order, answer.get('order_id') ?? answer.get('ordernum')),
      ...field(words.response, answer.get('rcpt_resp_code')),
      ...field(words.issuerResponse, answer.get('rcpt_issuer_resp_code')),
      ...field(words.lane, context.laneId ?? answer.get('laneid')),
      ...field(words.clerk, context.clerkId ?? answer.get('clerkid')),
      ...field(words.offlineOverride, copy === 'merchant' ? context.offlineOverride : undefined),
    ],
    notes: [...(context.notes ?? []), ...(answer.get('rcpt_custom')?.split(/\r?\n/) ?? [])]
      .map((line) => cardSafe(line).trim())
      .filter((line) => line !== ''),
    service:
      context.chip === undefined && !(copy === 'customer' && outcome.text === words.declined)
        ? serviceReceiptLines(answer, copy)
        : [],
    signature:
      copy === 'merchant' &&
      outcome.approved &&
      SIGNED.has(context.operation) &&
      context.pinVerified !== true &&
      cvm.signature,
  };
  const time = answer.get('timestamp');
  if (time !== undefined) document.time = storeTime(cardSafe(time).trim(), storeZone(context));
  if (outcome.approved && ttid !== undefined && /^[0-9A-Za-z-]{1,40}$/.test(ttid))
    document.barcode = ttid;
  return document;
}

/** The copies to print of one answer: the customer's, then the merchant's when asked (rcpt_merch_copy). */
export function buildReceipts(
  answer: PaymentResponse,
  context: ReceiptContext,
  merchantCopy: boolean,
): ReceiptDocument[] {
  const customer = buildReceipt(answer, context, 'customer');
  return merchantCopy ? [customer, buildReceipt(answer, context, 'merchant')] : [customer];
}
