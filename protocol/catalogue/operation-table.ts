import type { ApiVersion } from '../versions.ts';
import type { OperationName } from '../operations.ts';
import { CARD_ENTRIES, type AccountEntryName } from './account-entries.ts';

/** An operation as the catalogue writes it; operation-specs.ts expands it into an OperationSpec. */
export interface OperationDef {
  readonly versions: readonly ApiVersion[];
  /** Group names and keys accepted in every version of the operation. */
  readonly inputs: readonly string[];
  /** Group names and keys the operation accepts in v2 only. */
  readonly v2Inputs?: readonly string[];
  readonly required?: readonly string[];
  readonly requiredWithEntry?: readonly string[];
  /** Account entry methods, one of which must be complete (with keyAlternatives). */
  readonly entries?: readonly AccountEntryName[];
  /** Keys, or sets of keys sent together, that stand in for an account entry or for each other. */
  readonly keyAlternatives?: readonly (string | readonly string[])[];
  readonly exclusive?: readonly (readonly [string, string])[];
  readonly custom?: boolean;
  /** Uncatalogued keys are accepted, ignored and echoed in the answer (docs/protocol.md). */
  readonly echo?: boolean;
  readonly plainPin?: boolean;
  readonly expdateOptional?: boolean;
  readonly description: string;
}

const BOTH = ['v1', 'v2'] as const;
const V2 = ['v2'] as const;

/** The interface's duplicate sale/preauth list, which LaneTerm's sale and preauth take in full. */
const SALE_INPUTS = [
  'account_data',
  'verification',
  'shipping',
  'ecomm',
  'health',
  'lodging',
  'merchant_descriptors',
  'lane',
  'money',
  'order',
  'pin_data',
  'processing_options',
  'recurring_data',
  'nsf',
  'tokenize',
  'matching_token',
  'carddenylist_check',
  'carddenylist_decline',
  'rcpt',
  'rcpt_user_notes',
  'rcpt_email',
  'rcpt_sms',
  'rcpt_merch_copy',
  'order_id',
  'pin',
  'ksn',
];

/** The gift activate list (docs/interface.md › activate), shared by issue, cashout and merchreturn. */
const GIFT_INPUTS = [
  'account_data',
  'pin',
  'cv',
  'merchant_descriptors',
  'lane',
  'order',
  'processing_options',
  'amount',
  'nsf',
  'rcpt',
  'order_id',
];

/** Sale and preauth: the same request, told apart only by what the service does with it. */
function authorization(description: string): OperationDef {
  return {
    versions: BOTH,
    inputs: SALE_INPUTS,
    v2Inputs: ['ttid'],
    required: ['amount'],
    entries: [...CARD_ENTRIES, 'check'],
    keyAlternatives: ['ttid'],
    custom: true,
    description,
  };
}

const REPORT: OperationDef = {
  versions: BOTH,
  inputs: ['bdate', 'edate', 'batch', 'ttid', 'order_id'],
  echo: true,
  description: 'report rows, filtered by date range, batch, ttid or order_id',
};

/**
 * Every operation's request (docs/interface.md › Endpoints; "not shown" operations as decided in
 * docs/protocol.md, Decisions). profile_id is added to every operation but mfa_cookie in v2.
 */
export const OPERATION_TABLE: Readonly<Record<OperationName, OperationDef>> = {
  sale: authorization('authorize and capture; with ttid (v2) a new sale copying a prior one'),
  preauth: authorization('authorize and hold; with ttid (v2) a new preauth copying a prior one'),
  preauthcomplete: {
    versions: BOTH,
    inputs: [
      'ttid',
      'shipping',
      'zip',
      'lodging',
      'lane',
      'money',
      'order',
      'priority',
      'timeout',
      'tokenize',
      'matching_token',
      'rcpt',
      'rcpt_user_notes',
    ],
    required: ['ttid'],
    description: 'finalize a preauth: add it to a batch, eligible for settlement',
  },
  capture: {
    versions: BOTH,
    inputs: ['ttid', 'priority', 'timeout', 'rcpt'],
    required: ['ttid'],
    custom: true,
    description: 'add an uncaptured sale to a batch',
  },
  incremental: {
    versions: V2,
    inputs: [
      'ttid',
      'amount',
      'tax',
      'nsf',
      'lodging',
      'merchant_descriptors',
      'lane',
      'rcpt',
      'rcpt_user_notes',
    ],
    required: ['ttid', 'amount'],
    custom: true,
    description: 'raise the held amount of an authorization to the new total amount',
  },
  adjust: {
    versions: BOTH,
    inputs: ['ttid', 'money', 'lodging', 'order', 'shipping', 'lane', 'tip'],
    required: ['ttid'],
    custom: true,
    description: 'add or change parameters of an unsettled captured transaction',
  },
  reversal: {
    versions: BOTH,
    inputs: ['ttid', 'amount', 'reversal_reason', 'icc'],
    required: ['ttid'],
    description:
      'remove the hold; amount, when sent, is the final amount to settle; icc, the chip’s final data',
  },
  void: {
    versions: BOTH,
    inputs: ['ttid'],
    required: ['ttid'],
    custom: true,
    description: 'cancel an unsettled transaction',
  },
  refund: {
    versions: BOTH,
    inputs: [
      'ttid',
      'account_data',
      'verification',
      'money',
      'order',
      'order_id',
      'lane',
      'rcpt',
      'rcpt_user_notes',
      'rcpt_email',
      'rcpt_sms',
      'rcpt_merch_copy',
    ],
    requiredWithEntry: ['amount'],
    entries: [...CARD_ENTRIES, 'check'],
    keyAlternatives: ['ttid'],
    custom: true,
    description:
      'return money to an account, or against a prior transaction (by default what is left)',
  },
  balanceinq: {
    versions: BOTH,
    inputs: [
      'account_data',
      'verification',
      'tokenize',
      'matching_token',
      'pin',
      'ksn',
      'pin_data',
    ],
    v2Inputs: ['rcpt', 'rcpt_user_notes'],
    entries: CARD_ENTRIES,
    plainPin: true,
    expdateOptional: true,
    description: 'balance inquiry; answers with balance',
  },
  cardtype: {
    versions: BOTH,
    inputs: ['account_data', 'tokenize', 'matching_token'],
    entries: CARD_ENTRIES,
    expdateOptional: true,
    description: 'real-time BIN lookup; answers with card_* fields',
  },
  activate: {
    versions: BOTH,
    inputs: GIFT_INPUTS,
    entries: CARD_ENTRIES,
    plainPin: true,
    expdateOptional: true,
    description: 'activate a denominated gift card',
  },
  issue: {
    versions: BOTH,
    inputs: GIFT_INPUTS,
    required: ['amount'],
    entries: CARD_ENTRIES,
    plainPin: true,
    expdateOptional: true,
    description: 'open and fund a non-denominated gift card',
  },
  cashout: {
    versions: BOTH,
    inputs: GIFT_INPUTS.filter((input) => input !== 'amount' && input !== 'nsf'),
    entries: CARD_ENTRIES,
    plainPin: true,
    expdateOptional: true,
    description: 'remove all funds from a gift card; authamount is the amount to remit',
  },
  merchreturn: {
    versions: BOTH,
    inputs: [...GIFT_INPUTS.filter((input) => input !== 'nsf'), 'ttid'],
    required: ['amount'],
    entries: CARD_ENTRIES,
    keyAlternatives: ['ttid'],
    plainPin: true,
    expdateOptional: true,
    description: 'load funds onto a gift card for returned merchandise',
  },
  trandetail: {
    versions: BOTH,
    inputs: [
      'ttid',
      'order_id',
      'payment_id',
      'rcpt',
      'rcpt_email',
      'rcpt_sms',
      'rcpt_duplicate',
      'rcpt_merch_copy',
    ],
    keyAlternatives: ['ttid', 'order_id', ['order_id', 'ttid']],
    description:
      'transaction detail of one transaction, or of the payments of an order (with ttid: that one)',
  },
  report_failed: REPORT,
  report_unsettled: REPORT,
  report_settled: REPORT,
  report_batches: { ...REPORT, description: 'open batches with their totals, filtered alike' },
  report_settled_batches: {
    ...REPORT,
    description: 'settled batches with their totals, filtered alike',
  },
  settle: {
    versions: BOTH,
    inputs: ['batch', 'sub'],
    echo: true,
    description:
      "settle the open batch, or the batch named; sub, when sent, names the batch's profile",
  },
  mfa_cookie: {
    versions: BOTH,
    inputs: [],
    echo: true,
    description: 'issue a long-lived MFA cookie; takes credentials only',
  },
  chkpwd: {
    versions: BOTH,
    inputs: [],
    echo: true,
    description: 'check the credentials sent; answers SUCCESS when they sign in',
  },
  ticket_session: {
    versions: BOTH,
    inputs: ['allowed_origin'],
    required: ['allowed_origin'],
    description:
      'open a hosted card-entry session for one entry; answers the page address (docs/api.md)',
  },
};
