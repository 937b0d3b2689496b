// One lane API view per screen of the UI, as the lane sends them: every workflow step (a sale
// waiting for its card, the card keyed on the PIN pad, PIN, override, authorizing, checking,
// attention, each kind of result, cancelled) and the query answers of the idle screens (history,
// diagnostics, a receipt).
import type {
  CommandReply,
  DeclineReason,
  Diagnostics,
  HistoryEntry,
  LaneCommand,
  ReceiptPreview,
  WorkflowStep,
  WorkflowView,
} from '../../../main/lane-api/index.ts';

const NOW = 1_763_900_000_000;
export const VISA = {
  maskedAccount: 'XXXXXXXXXXXX1111',
  lastFour: '1111',
  brand: 'VISA',
  entry: 'insert',
} as const;

const GIFT = {
  maskedAccount: 'XXXXXXXXXXXX0014',
  lastFour: '0014',
  brand: 'GIFT',
  entry: 'swipe',
} as const;

/** A sale of 12.50 at `step`, with the prompts the lane gives there. */
function sale(
  step: WorkflowStep,
  cashier: WorkflowView['prompts']['cashier'],
  customer: WorkflowView['prompts']['customer'],
): WorkflowView {
  return {
    id: 'wf-7',
    kind: 'sale',
    training: true,
    startedAt: NOW,
    amountMinor: 1250,
    paidMinor: step.name === 'result' && step.result.outcome === 'partial' ? 500 : 0,
    tenders: [],
    step,
    stepAt: NOW,
    canCancel: step.name === 'result' ? step.next.includes('cancel') : step.name !== 'confirm',
    prompts: { cashier, customer },
  };
}

/** A 12.50 Visa sale the processor declined for `reason`, with the cashier's prompt for it. */
function declinedSale(
  name: string,
  reason: DeclineReason,
  verbiage: string,
  cashier: WorkflowView['prompts']['cashier'],
): { name: string; view: WorkflowView; title: string } {
  const step: WorkflowStep = {
    name: 'result',
    result: {
      outcome: 'declined',
      operation: 'sale',
      card: VISA,
      amountMinor: 1250,
      reason,
      by: 'processor',
      verbiage,
    },
    next: ['try_again', 'another_tender', 'cancel'],
    receipt: { state: 'none' },
  };
  return { name, title: 'Result: Declined', view: sale(step, cashier, 'declined') };
}

/** `view` without an amount, as a workflow for none (a cash-out) is. */
function withoutAmount({ amountMinor: _amount, ...view }: WorkflowView): WorkflowView {
  return view;
}

/** A gift activation of 25.00 waiting for its card, the training customer's card to be a gift card. */
export const GIFT_CARD_STEP: WorkflowView = {
  ...sale(
    { name: 'card', dueMinor: 2500, tender: 'gift', accepts: ['swipe', 'keyed_pad'] },
    'ask_for_swipe',
    'swipe_card',
  ),
  id: 'wf-10',
  kind: 'gift_activate',
  amountMinor: 2500,
};

/** A gift activation of 25.00 with its card keyed on the PIN pad, which lets the expiry be skipped. */
export const GIFT_KEYED_ENTRY: WorkflowView = {
  ...sale(
    { name: 'keyed_entry', dueMinor: 2500, expiryOptional: true },
    'key_card_expiry_optional',
    'key_card_on_pad',
  ),
  id: 'wf-8',
  kind: 'gift_activate',
  amountMinor: 2500,
};

/** Lines of the receipt the results show: as long as a real one, so its panel scrolls. */
const RECEIPT_LINES = [
  'LANETERM TRAINING STORE',
  'TRAINING',
  'SALE        12.50',
  'VISA XXXXXXXXXXXX1111',
  'APPROVED 123456',
  ...Array.from({ length: 36 }, (_, line) => `LINE ${line + 6}`),
];

/** The receipt the results show. */
export const RECEIPT: ReceiptPreview = {
  id: 'r-1',
  entryId: 'e-1',
  copy: 'customer',
  duplicate: false,
  training: true,
  at: NOW,
  text: RECEIPT_LINES.join('\n'),
  svg: `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="${RECEIPT_LINES.length * 30 + 20}">${RECEIPT_LINES.map((line, index) => `<text x="10" y="${index * 30 + 30}">${line}</text>`).join('')}</svg>`,
  printed: 'printed',
};

/** Each workflow screen by a name for its screenshot: the view and the h1 it must show. */
export const WORKFLOW_SCREENS: { name: string; view: WorkflowView; title: string }[] = [
  {
    name: 'tender',
    title: 'How does the customer pay?',
    view: sale(
      { name: 'tender', dueMinor: 1250, options: ['credit', 'debit', 'gift'] },
      'choose_tender',
      null,
    ),
  },
  {
    name: 'card',
    title: 'Waiting for the card',
    view: sale(
      {
        name: 'card',
        dueMinor: 1250,
        tender: 'credit',
        accepts: ['insert', 'tap', 'swipe', 'keyed_pad'],
        problem: 'card_unreadable',
      },
      'ask_for_card',
      'present_card',
    ),
  },
  {
    name: 'keyed-entry',
    title: 'Card keyed on the PIN pad',
    view: sale(
      { name: 'keyed_entry', dueMinor: 1250, expiryOptional: false },
      'key_card',
      'key_card_on_pad',
    ),
  },
  {
    name: 'pin',
    title: 'PIN on the PIN pad',
    view: sale({ name: 'pin', dueMinor: 1250, card: VISA }, 'customer_entering_pin', 'enter_pin'),
  },
  {
    name: 'override',
    title: 'Manager override',
    view: sale(
      {
        name: 'override',
        operation: 'sale',
        reason: 'service_requires',
        refused: true,
        trainingManager: { username: 'test_retail', password: 'publ1ct3st' },
      },
      'manager_override',
      'please_wait',
    ),
  },
  {
    name: 'authorizing',
    title: 'Authorizing',
    view: sale(
      { name: 'authorizing', operation: 'sale', amountMinor: 1250, card: VISA, since: NOW },
      'wait_authorizing',
      'please_wait',
    ),
  },
  {
    name: 'checking',
    title: 'Checking the outcome',
    view: sale(
      { name: 'checking', operation: 'sale', since: NOW, attempts: 3, canDefer: true },
      'wait_checking',
      'please_wait',
    ),
  },
  {
    name: 'attention',
    title: 'Needs attention',
    view: sale(
      {
        name: 'attention',
        problem: 'reader_disconnected',
        device: 'emv',
        actions: ['retry', 'change_tender', 'cancel'],
      },
      'fix_problem',
      'see_cashier',
    ),
  },
  {
    name: 'approved',
    title: 'Result: Approved',
    view: sale(
      {
        name: 'result',
        result: {
          outcome: 'approved',
          operation: 'sale',
          entryId: 'e-1',
          card: VISA,
          amountMinor: 1250,
          auth: '123456',
        },
        next: ['finish', 'reprint', 'void'],
        receipt: { receiptId: 'r-1', state: 'printed' },
      },
      'give_receipt',
      'approved',
    ),
  },
  declinedSale('declined', 'insufficient_funds', 'NSF', 'ask_another_card'),
  declinedSale(
    'refused',
    'lane_setup',
    'this merchant account is not set up for it',
    'tell_get_help',
  ),
  {
    name: 'partial',
    title: 'Result: Partly approved',
    view: sale(
      {
        name: 'result',
        result: {
          outcome: 'partial',
          operation: 'sale',
          card: VISA,
          amountMinor: 500,
          requestedMinor: 1250,
          remainingMinor: 750,
          auth: '654321',
        },
        next: ['another_tender', 'void'],
        receipt: { state: 'printed' },
      },
      'ask_another_tender',
      'approved',
    ),
  },
  {
    name: 'not-charged',
    title: 'Result: Not charged',
    view: sale(
      {
        name: 'result',
        result: { outcome: 'not_charged', operation: 'sale', why: 'not_found' },
        next: ['try_again', 'finish'],
        receipt: { state: 'none' },
      },
      'tell_not_charged',
      'see_cashier',
    ),
  },
  {
    name: 'cancelled',
    title: 'Cancelled',
    view: sale(
      {
        name: 'cancelled',
        reversed: [{ entryId: 'e-2', tender: 'credit', amountMinor: 500, card: VISA, at: NOW }],
        pending: [],
      },
      'cancelled_nothing_charged',
      null,
    ),
  },
  {
    name: 'confirm-void',
    title: 'Void this?',
    view: sale(
      {
        name: 'confirm',
        ask: 'void',
        moves: [{ operation: 'reversal', amountMinor: 1250, tender: 'credit', card: VISA }],
        next: ['confirm', 'back'],
      },
      'confirm_void',
      null,
    ),
  },
  {
    name: 'confirm-cashout',
    title: 'Cash out this card?',
    view: withoutAmount({
      ...sale(
        {
          name: 'confirm',
          ask: 'cashout',
          moves: [{ operation: 'cashout', amountMinor: 1500, tender: 'gift', card: GIFT }],
          balanceMinor: 1500,
          next: ['confirm', 'back'],
        },
        'confirm_cashout',
        null,
      ),
      id: 'wf-9',
      kind: 'gift_cashout',
    }),
  },
  {
    name: 'confirm-close-day',
    title: 'Close the day?',
    view: {
      ...sale(
        {
          name: 'confirm',
          ask: 'close_day',
          moves: [],
          day: {
            batch: '12',
            count: 3,
            saleCount: 2,
            saleMinor: 3750,
            refundCount: 1,
            refundMinor: 500,
            netMinor: 3250,
            lines: [
              {
                tender: 'credit',
                brand: 'VISA',
                saleCount: 2,
                saleMinor: 3750,
                refundCount: 1,
                refundMinor: 500,
              },
            ],
          },
          next: ['confirm', 'back'],
        },
        'confirm_close_day',
        null,
      ),
      kind: 'day_close',
    },
  },
  {
    name: 'voided',
    title: 'Undone',
    view: sale(
      {
        name: 'cancelled',
        reversed: [
          {
            entryId: 'e-1',
            tender: 'credit',
            amountMinor: 1250,
            card: VISA,
            at: NOW,
            undoneBy: 'reversal',
          },
        ],
        pending: [],
        confirmed: true,
      },
      'voided_give_receipt',
      null,
    ),
  },
  {
    name: 'cancelled-refused',
    title: 'Cancelled',
    view: sale(
      {
        name: 'cancelled',
        reversed: [],
        pending: [],
        refused: [{ entryId: 'e-2', tender: 'credit', amountMinor: 500, card: VISA, at: NOW }],
      },
      'cancel_refused',
      null,
    ),
  },
];

/** Earlier sales, so the history is longer than its panel. */
const EARLIER: HistoryEntry[] = Array.from({ length: 14 }, (_, index) => ({
  id: `e-${index + 3}`,
  workflowId: `wf-${index + 3}`,
  operation: 'sale',
  at: NOW - (index + 2) * 60_000,
  amountMinor: 1000 + index,
  approvedMinor: 1000 + index,
  refundedMinor: 0,
  tender: 'credit',
  card: VISA,
  outcome: 'approved',
  status: 'approved',
  remainingMinor: 1000 + index,
  marks: ['settled'],
  auth: String(200_000 + index),
  training: true,
  actions: ['refund', 'reprint'],
}));

const HISTORY: HistoryEntry[] = [
  {
    id: 'e-1',
    workflowId: 'wf-7',
    operation: 'sale',
    at: NOW,
    amountMinor: 1250,
    approvedMinor: 1250,
    refundedMinor: 0,
    tender: 'credit',
    card: VISA,
    outcome: 'approved',
    status: 'approved',
    remainingMinor: 1250,
    marks: [],
    auth: '123456',
    ttid: '96748',
    training: true,
    actions: ['void', 'refund', 'reprint'],
  },
  {
    id: 'e-2',
    workflowId: 'wf-6',
    operation: 'sale',
    at: NOW - 60_000,
    amountMinor: 601,
    refundedMinor: 0,
    tender: 'credit',
    card: VISA,
    outcome: 'declined',
    status: 'declined',
    remainingMinor: 0,
    marks: [],
    training: true,
    actions: [],
  },
  ...EARLIER,
];

const DIAGNOSTICS: Diagnostics = {
  at: NOW,
  devices: [
    {
      status: {
        id: 'emv',
        kind: 'emv',
        model: 'nga',
        label: 'EMV reader',
        state: 'connected',
        since: NOW,
      },
      location: '/tmp/laneterm-devices/emv',
    },
    {
      status: {
        id: 'pinpad',
        kind: 'pinpad',
        model: 'pinpad',
        label: 'PIN pad',
        state: 'reconnecting',
        since: NOW,
        errorCode: 'DISCONNECTED',
      },
      location: '/tmp/laneterm-devices/pinpad',
      lastError: {
        code: 'DISCONNECTED',
        message:
          '/tmp/laneterm-devices/pinpad: the PIN pad went away while it was answering a request',
        at: NOW,
      },
    },
  ],
  portsSeen: [
    { path: '/dev/ttyUSB0', vendorId: '0acd', productId: '3520', manufacturer: 'ID TECH' },
  ],
  permissionsHint:
    'Add the user to the dialout group, or install resources/udev/99-laneterm.rules.',
  server: {
    state: 'up',
    since: NOW,
    url: 'https://127.0.0.1:8665/',
    transport: 'v2',
    fingerprint: Array.from({ length: 32 }, (_, byte) =>
      (byte * 7 + 16).toString(16).toUpperCase(),
    ).join(':'),
  },
  journal: { path: '/tmp/journal.sqlite', entries: 2, checking: 0 },
  versions: { lane: '0.1.0', node: 'v20.20.2' },
};

/** The answers of the idle screens' queries; workflow commands are accepted as for wf-7. */
export function answerQuery(command: LaneCommand): CommandReply {
  switch (command.type) {
    case 'history.search':
      return { ok: true, data: { entries: HISTORY } };
    case 'diagnostics.get':
      return { ok: true, data: DIAGNOSTICS };
    case 'receipt.preview':
      return { ok: true, data: RECEIPT };
    case 'training.cards':
      return {
        ok: true,
        data: {
          cards: [
            {
              id: 'visa',
              description: 'Visa credit, chip',
              brand: 'VISA',
              funding: 'credit',
              lastFour: '1111',
              presentations: ['swipe', 'key', 'insert', 'fallback', 'tap'],
            },
            {
              id: 'gift-25',
              description: 'Gift card of 25.00, not yet activated',
              brand: 'GIFT',
              funding: 'gift',
              lastFour: '0014',
              presentations: ['swipe', 'key'],
            },
          ],
        },
      };
    case 'training.present':
      return { ok: true, data: {} };
    default:
      return { ok: true, data: { workflowId: 'wf-7' } };
  }
}
