import { formatAmount, type OperationName } from '../../protocol/index.ts';
import type { PaymentResponse } from '../payment/index.ts';
import { cardSafe, maskedAccount } from './card-safe-text.ts';
import { type Verification, verificationOf } from './cvm-results.ts';
import type {
  ReceiptCopy,
  ReceiptDocument,
  ReceiptField,
  ReceiptOutcome,
} from './receipt-document.ts';
import { RECEIPT_WORDS, type ReceiptLanguage, type ReceiptWords } from '../../protocol/index.ts';
import { serviceReceiptLines } from './service-receipt.ts';
import { storeTime } from './receipt-time.ts';

/** The zone receipts print times in: the merchant's, else the machine's. */
const storeZone = (context: ReceiptContext): string =>
  context.merchant.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The merchant header of every receipt, from the lane's configuration. */
export interface MerchantHeader {
  /** The merchant's name, the receipt's first line. */
  name: string;
  /** Address, phone and other header lines. */
  lines?: readonly string[];
  /** ISO 4217 letters of the lane's money, e.g. "USD"; sets the symbol before amounts. Default USD. */
  currency?: string;
  /** The store's IANA time zone, e.g. "America/New_York"; receipts print times in it. Default the machine's. */
  timeZone?: string;
}

/**
 * The card's final decision on a contact chip read (its second GENERATE AC, docs/devices.md,
 * Completing a chip transaction), which the service's answer cannot carry: the interface lists
 * rcpt_emv_ac and rcpt_emv_actype as receipt data without their meaning, and the service gives
 * them from the icc sent (docs/api.md, EMV: 9F26 and 9F27, an ARQC), while a receipt states the
 * card's final cryptogram (EMV 4.4 Book 3 §10.8, Cryptogram Information Data: 9F27 40 TC, 00 AAC, from the second
 * GENERATE AC).
 */
export interface ChipCompletion {
  /** Final 9F27: TC (the card approved) or AAC (it declined). */
  cryptogramType: 'TC' | 'AAC';
  /** Final 9F26, hex. */
  cryptogram: string;
  /** Final 95 (TVR), hex, when the card's final data has it. */
  tvr?: string;
  /** Final 9B (TSI, adding issuer authentication and scripts when they ran), hex, when present. */
  tsi?: string;
}

/**
 * Where a transaction stands now, as its receipt's headline says it (the lane's one truth of a
 * journal entry, docs/lane.md): approved, partly approved, declined, not charged, or undone since
 * (voided, reversed, refunded in full or in part).
 */
export type ReceiptStanding =
  | 'approved'
  | 'partial'
  | 'declined'
  | 'not_charged'
  | 'voided'
  | 'reversed'
  | 'refunded'
  | 'partly_refunded';

/** The headline word of each standing. */
const STANDING_WORDS: Readonly<Record<ReceiptStanding, keyof ReceiptWords>> = {
  approved: 'approved',
  partial: 'partial',
  declined: 'declined',
  not_charged: 'notCharged',
  voided: 'voided',
  reversed: 'reversed',
  refunded: 'refunded',
  partly_refunded: 'partlyRefunded',
};

/** Standings whose transaction the service approved and still holds (a signature, a barcode). */
const HELD: ReadonlySet<ReceiptStanding> = new Set([
  'approved',
  'partial',
  'refunded',
  'partly_refunded',
]);

/** What the lane knows that the answer does not carry. */
export interface ReceiptContext {
  /**
   * Where the transaction stands now, which the headline states whatever the answer's code says
   * (a lookup's answer, a detail, was approved as a lookup); from the answer when absent.
   */
  standing?: ReceiptStanding;
  merchant: MerchantHeader;
  /** The operation the answer is for (protocol OPERATIONS), e.g. "sale", "refund". */
  operation: OperationName;
  /** Training mode: the receipt says TRAINING top and bottom. */
  training: boolean;
  /** Default "en". */
  language?: ReceiptLanguage;
  /**
   * A decline's reason as the lane reads it (the lane API's DeclineReason): a receipt in a language
   * with words for it prints them rather than the service's English text.
   */
  declineReason?: string;
  /** The amount asked, in minor units (an answer carries only what was approved: authamount). */
  amountMinor?: number;
  tipMinor?: number;
  cashbackMinor?: number;
  /** Notes printed on the receipt (rcpt_user_notes), one per line. */
  notes?: readonly string[];
  laneId?: string;
  clerkId?: string;
  /** The cardholder entered a PIN on the pad: no signature line on the merchant copy. */
  pinVerified?: boolean;
  /** Mark the copies DUPLICATE (rcpt_duplicate, a reprint). */
  duplicate?: boolean;
  /** Approved by the lane offline (docs/lane.md › Offline): the copies say OFFLINE. */
  offline?: boolean;
  /** The manager who passed an offline limit for it: named on the merchant copy. */
  offlineOverride?: string;
  /** A contact chip's final decision: its cryptogram, TVR and TSI replace the answer's. */
  chip?: ChipCompletion;
  /**
   * The lane took the card's swipe after its chip failed (docs/lane.md › Chip first): the entry
   * prints as rcpt_entry_mode F, which the service cannot tell from the request.
   */
  fallbackSwipe?: boolean;
}

/** Currency symbols printed before amounts; other currencies print their ISO letters. */
const SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  CAD: '$',
  MXN: '$',
  EUR: '€',
  GBP: '£',
};

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

function money(minor: number, currency: string): string {
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  return `${symbol}${formatAmount(minor)}`;
}

/** True when the answer's rcpt_emv_card_decline says the card declined after the approval. */
function cardDeclined(answer: PaymentResponse): boolean {
  const value = answer.get('rcpt_emv_card_decline')?.toLowerCase();
  return value !== undefined && value !== 'no' && value !== 'n';
}

/**
 * Why a decline was declined, in the receipt's language: the service's own text on an English
 * receipt; on another, its words for the lane's reason, never the service's English.
 */
function declineDetail(
  answer: PaymentResponse,
  context: ReceiptContext,
  words: ReceiptWords,
): string {
  if (words.declineReasons === undefined) return cardSafe(answer.verbiage ?? '').trim();
  const reason = context.declineReason;
  return reason === undefined ? '' : (words.declineReasons[reason] ?? '');
}

function outcomeOf(
  answer: PaymentResponse,
  context: ReceiptContext,
  words: ReceiptWords,
): ReceiptOutcome {
  const standing = context.standing;
  if (standing !== undefined && standing !== 'approved' && standing !== 'partial') {
    const text = words[STANDING_WORDS[standing]] as string;
    const detail = standing === 'declined' ? declineDetail(answer, context, words) : '';
    return { approved: HELD.has(standing), partial: false, text, ...(detail ? { detail } : {}) };
  }
  const approved = standing !== undefined || (answer.code === 'AUTH' && !cardDeclined(answer));
  const asked = context.amountMinor;
  const authorized = answer.authAmount;
  const partial = approved && asked !== undefined && authorized !== undefined && authorized < asked;
  if (approved) return { approved, partial, text: partial ? words.partial : words.approved };
  const detail = cardDeclined(answer) ? words.cardDeclined : declineDetail(answer, context, words);
  return { approved, partial, text: words.declined, ...(detail === '' ? {} : { detail }) };
}

function amountsOf(
  answer: PaymentResponse,
  context: ReceiptContext,
  outcome: ReceiptOutcome,
  words: ReceiptWords,
): ReceiptField[] {
  const currency = context.merchant.currency ?? 'USD';
  const line = (label: string, minor: number | undefined, strong = false): ReceiptField[] =>
    minor === undefined
      ? []
      : [{ label, value: money(minor, currency), ...(strong ? { strong } : {}) }];
  const asked = context.amountMinor;
  const authorized = answer.authAmount;
  const balance = line(words.balance, answer.balance);
  if (outcome.partial && asked !== undefined && authorized !== undefined) {
    return [
      ...line(words.requested, asked),
      ...line(words.approvedAmount, authorized, true),
      ...line(words.balanceDue, asked - authorized),
      ...balance,
    ];
  }
  const extras = [
    ...line(words.tip, context.tipMinor),
    ...line(words.cashback, context.cashbackMinor),
  ];
  const total = (asked ?? 0) + (context.tipMinor ?? 0) + (context.cashbackMinor ?? 0);
  if (asked === undefined) return [...line(words.approvedAmount, authorized, true), ...balance];
  if (!outcome.approved) return [...line(words.amount, asked), ...balance];
  if (extras.length === 0) return [...line(words.total, asked, true), ...balance];
  return [...line(words.amount, asked), ...extras, ...line(words.total, total, true), ...balance];
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
 * the lane completed the chip: the service's copy states the ARQC, not the card's final decision.
 */
export function buildReceipt(
  answer: PaymentResponse,
  context: ReceiptContext,
  copy: ReceiptCopy = 'customer',
): ReceiptDocument {
  const language = context.language ?? 'en';
  const words = RECEIPT_WORDS[language];
  const outcome = outcomeOf(answer, context, words);
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
    service: context.chip === undefined ? serviceReceiptLines(answer, copy) : [],
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
