import {
  RECEIPT_WORDS,
  formatAmount,
  type OperationName,
  type Params,
} from '../../../protocol/index.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import type { ReceiptFacts, ReceiptField } from './receipt-copy.ts';

/** The words of the service's formatted copies: the receipt vocabulary's English. */
const WORDS = RECEIPT_WORDS.en;

/** Operations whose approval charges or holds a card: the merchant copy may need a signature. */
const SIGNED: ReadonlySet<string> = new Set([
  'sale',
  'preauth',
  'preauthcomplete',
  'capture',
  'incremental',
]);

/** txnstatus members a reprint states, since they came after the receipt. */
const LATER_STATES: ReadonlySet<string> = new Set([
  'VOIDED',
  'REVERSED',
  'PARTIALREVERSAL',
  'INCREMENTED',
  'ADJUSTED',
  'REFUNDED',
]);

/**
 * CVM Results methods (EMV Book 3 Annex C3, tag 9F34 byte 1, bits 6–1) that include a
 * signature: plaintext or enciphered offline PIN and signature, signature alone.
 */
const SIGNATURE_CVMS: ReadonlySet<number> = new Set([0x03, 0x05, 0x1e]);

/** What the receipt is built from: the request, its answer and the transaction it names. */
export interface ReceiptSource {
  op: OperationName;
  params: Params;
  pairs: Readonly<Record<string, string>>;
  /** The transaction the answer names (its ttid), when it names one. */
  record: TransactionRecord | undefined;
  /** The merchant's name and header lines. */
  merchant: string[];
}

/** rcpt_user_notes one per line, blank lines left out; none without it (no split per receipt). */
function userNotes(notes: string | undefined): string[] {
  if (notes === undefined) return [];
  return notes.split(/\r?\n/).filter((note) => note.trim() !== '');
}

/**
 * An amount as the answer or the request writes it ("12.34", "12.5", "12") in minor units;
 * undefined when absent or not an amount.
 */
function minorOf(text: string | undefined): number | undefined {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function field(label: string, value: string | undefined, strong = false): ReceiptField[] {
  if (value === undefined || value.trim() === '') return [];
  return [{ label, value, ...(strong && { strong }) }];
}

/** A money field: "$" for US dollars (no currency sent, or 840), else the ISO numeric code. */
function moneyField(
  label: string,
  minor: number | undefined,
  currency: string | undefined,
  strong = false,
): ReceiptField[] {
  if (minor === undefined) return [];
  const symbol = currency === undefined || currency === '840' ? '$' : `${currency} `;
  return field(label, `${symbol}${formatAmount(minor)}`, strong);
}

/** True when the cardholder signs: by the chip's CVM Results, else when no PIN was entered. */
function needsSignature(source: ReceiptSource): boolean {
  const cvm = source.pairs.rcpt_emv_cvm;
  if (cvm !== undefined && /^[0-9A-Fa-f]{2}/.test(cvm)) {
    return SIGNATURE_CVMS.has(Number.parseInt(cvm.slice(0, 2), 16) & 0x3f);
  }
  const pin = source.params.pin;
  return pin === undefined || pin.toUpperCase() === 'PINLESS';
}

/**
 * The amounts of a transaction detail: the total of an approval that still holds what was asked;
 * a tipped approval (docs/lane.md › History, tip: adjust sends the new total) its amount asked,
 * the tip and the total it holds with the tip; otherwise the amount asked (and tip), then what it
 * holds now when that differs (completed for another amount, incremented, partly reversed; 0.00
 * once voided or reversed).
 */
function detailAmounts(
  pairs: ReceiptSource['pairs'],
  approved: boolean,
  currency?: string,
): ReceiptField[] {
  const asked = minorOf(pairs.orig_reqamount);
  const held = minorOf(pairs.amount);
  const sent = approved ? minorOf(pairs.tip) : undefined;
  const tip = sent === 0 ? undefined : sent;
  if (approved && held === asked && tip === undefined)
    return moneyField(WORDS.total, asked, currency, true);
  const charged = asked === undefined || tip === undefined ? undefined : asked + tip;
  return [
    ...moneyField(WORDS.amount, asked, currency),
    ...moneyField(WORDS.tip, tip, currency),
    ...(!approved || (held === asked && tip === undefined)
      ? []
      : moneyField(held === charged ? WORDS.total : WORDS.currentAmount, held, currency, true)),
  ];
}

/**
 * The amounts of an answer: a partial approval's requested, approved and balance due; otherwise
 * tip and cash back (as sent) and the total approved, or the amount asked of a decline; and a gift
 * card's balance after the request.
 */
function answerAmounts(
  source: ReceiptSource,
  approved: boolean,
  currency?: string,
): ReceiptField[] {
  const { pairs, params, record } = source;
  const echo = record?.echo ?? params;
  const asked = minorOf(params.amount) ?? record?.amount;
  const authorized = minorOf(pairs.authamount) ?? (approved ? asked : undefined);
  const balance = moneyField(WORDS.balance, minorOf(pairs.balance), currency);
  if (approved && asked !== undefined && authorized !== undefined && authorized < asked) {
    return [
      ...moneyField(WORDS.requested, asked, currency),
      ...moneyField(WORDS.approvedAmount, authorized, currency, true),
      ...moneyField(WORDS.balanceDue, asked - authorized, currency),
      ...balance,
    ];
  }
  return [
    ...moneyField(WORDS.tip, minorOf(echo.tip), currency),
    ...moneyField(WORDS.cashback, minorOf(echo.cashbackamount), currency),
    ...moneyField(approved ? WORDS.total : WORDS.amount, authorized ?? asked, currency, approved),
    ...balance,
  ];
}

/**
 * The facts of a receipt (docs/api.md, Receipts). For a transaction detail (a reprint): the title
 * of its action, its original result, the amount asked and what it holds now, and the states it
 * reached since. For any other answer: the title of the operation, its result (a chip's decline
 * after the approval is a decline), and its amounts. Then the card, references and chip fields the
 * answer carries, the notes (rcpt_user_notes) and the marks.
 */
export function receiptFacts(source: ReceiptSource): ReceiptFacts {
  const { op, pairs, params, record } = source;
  const detail = op === 'trandetail';
  const action = detail ? (pairs.action ?? '') : op;
  const code = detail ? pairs.orig_code : pairs.code;
  const verbiage = detail ? pairs.orig_verbiage : pairs.verbiage;
  const cardDecline = pairs.rcpt_emv_card_decline === 'yes';
  const approved = code === 'AUTH' && !cardDecline;
  const echo = record?.echo ?? params;
  const currency = echo.currency;
  const amounts = detail
    ? detailAmounts(pairs, approved, currency)
    : answerAmounts(source, approved, currency);
  const partial = amounts.some((line) => line.label === WORDS.balanceDue);
  const outcome = approved
    ? { approved, text: partial ? WORDS.partial : WORDS.approved }
    : {
        approved,
        text: WORDS.declined,
        ...((cardDecline || verbiage !== undefined) && {
          detail: cardDecline ? WORDS.cardDeclined : (verbiage ?? ''),
        }),
      };
  const entry = pairs.rcpt_entry_mode;
  const emv = (key: string): string | undefined => pairs[`rcpt_emv_${key}`];
  const gift =
    (record !== undefined && record.giftAccountId !== null) || pairs.balance !== undefined;
  return {
    merchant: source.merchant,
    title: WORDS.titles[action] ?? action.toUpperCase(),
    ...(pairs.timestamp !== undefined && { time: pairs.timestamp }),
    outcome,
    status: detail
      ? (pairs.txnstatus ?? '').split('|').filter((state) => LATER_STATES.has(state))
      : [],
    amounts,
    card: [
      ...field(WORDS.card, pairs.cardtype),
      ...field(WORDS.account, pairs.account),
      ...field(WORDS.entry, entry === undefined ? undefined : (WORDS.entryModes[entry] ?? entry)),
      ...field(WORDS.name, pairs.cardholdername),
    ],
    references: [
      ...field(WORDS.ttid, pairs.ttid),
      ...field(WORDS.authCode, pairs.auth),
      ...field(WORDS.batch, pairs.batch),
      ...field(WORDS.item, pairs.item),
      ...field(WORDS.order, pairs.order_id ?? echo.ordernum),
      ...field(WORDS.lane, echo.laneid),
      ...field(WORDS.clerk, echo.clerkid),
    ],
    emv: [
      ...field(WORDS.aid, emv('aid')),
      ...field(WORDS.appName, emv('name')),
      ...field(WORDS.tvr, emv('tvr')),
      ...field(WORDS.tsi, emv('tsi')),
      ...field(emv('actype') ?? WORDS.cryptogram, emv('ac')),
      ...(emv('pinbypass') === 'yes' ? field(WORDS.cvmPin, WORDS.bypassed) : []),
    ],
    notes: userNotes(params.rcpt_user_notes),
    duplicate: params.rcpt_duplicate === 'yes',
    signature: approved && SIGNED.has(action) && !gift && needsSignature(source),
  };
}
