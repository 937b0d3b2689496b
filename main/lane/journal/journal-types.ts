import type {
  CardSummary,
  DeclineReason,
  EntryMark,
  Operation,
  Tender,
  WorkflowKind,
} from '../../lane-api/index.ts';
import type { ChipCompletion } from '../../receipt/index.ts';

/**
 * Where a journal entry stands: pending (the intent is committed; the request may have left),
 * unknown (it left and no answer could be read), then one definite state (docs/lane.md, Journal).
 */
export type EntryState =
  'pending' | 'unknown' | 'approved' | 'partial' | 'declined' | 'not_charged';

/** Why an entry was written: the cashier's request, or the lane undoing an approval (cancel). */
export type EntryPurpose = 'cashier' | 'compensate';

/** Why nothing was charged: the request never left, or the service holds no such transaction. */
export type NotChargedWhy = 'not_sent' | 'not_found';

/** What the journal knows before a request leaves: never card data, only the masked card. */
export interface Intent {
  readonly id: string;
  readonly workflowId: string;
  readonly operation: Operation;
  readonly purpose: EntryPurpose;
  readonly parentId?: string;
  /** The order id of a new transaction (how it is found again when its outcome is unknown). */
  readonly orderId?: string;
  /** The transaction a move acts on. */
  readonly targetTtid?: string;
  /** Minor units asked (a move: the amount it moves; 0 when it moves none). */
  readonly amountMinor: number;
  readonly tipMinor?: number;
  readonly tender?: Tender;
  readonly card?: CardSummary;
  readonly training: boolean;
}

/** A definite outcome of an entry, with what the answer said (masked). */
export interface Outcome {
  readonly state: 'approved' | 'partial' | 'declined' | 'not_charged';
  readonly ttid?: string;
  readonly auth?: string;
  readonly approvedMinor?: number;
  readonly balanceMinor?: number;
  readonly reason?: DeclineReason | NotChargedWhy;
  readonly decidedBy?: 'processor' | 'service' | 'lane';
  readonly verbiage?: string;
  /** The answer's pairs with card data masked (PaymentResponse.masked()). */
  readonly answer?: Readonly<Record<string, string>>;
  /** A card read whose brand the answer told. */
  readonly card?: CardSummary;
}

/** A change a move's outcome makes to the entry it acts on, committed with that outcome. */
export interface MarkChange {
  readonly entryId: string;
  readonly mark: EntryMark;
  /** Minor units added to what is refunded on it. */
  readonly refundedMinor?: number;
  /** The tip an adjust put onto it, replacing any earlier one. */
  readonly tipMinor?: number;
}

/**
 * Where an offline approval stands in store-and-forward (docs/lane.md › Offline): waiting in the
 * queue, forwarding (its request may have left: order lookup decides), forwarded (the service
 * approved it), declined (the service declined it on forwarding: the manager's list), withdrawn
 * (voided while it waited: never sent, its card fields gone).
 */
export type OfflineStanding = 'waiting' | 'forwarding' | 'forwarded' | 'declined' | 'withdrawn';

/** One journal entry as read back. */
export interface JournalEntry extends Intent, Omit<Outcome, 'state' | 'card'> {
  readonly seq: number;
  readonly state: EntryState;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly marks: readonly EntryMark[];
  readonly refundedMinor: number;
  /** Lookups made to resolve it. */
  readonly attempts: number;
  readonly unknownDetail?: string;
  /** The card's final decision when the lane completed its contact chip: its receipts state it. */
  readonly chip?: ChipCompletion;
  /** When the cashier acknowledged it on the interrupted list. */
  readonly acknowledgedAt?: number;
  /** Set on a sale the lane approved offline: where it stands in store-and-forward. */
  readonly offline?: OfflineStanding;
  /** The manager who passed an offline limit for it (docs/lane.md › Offline). */
  readonly offlineOverride?: string;
}

/** A workflow as the journal knows it: running until complete or cancelled. */
export interface JournalWorkflow {
  readonly id: string;
  readonly kind: WorkflowKind;
  readonly state: 'running' | 'complete' | 'cancelled';
  readonly training: boolean;
  readonly startedAt: number;
  readonly endedAt?: number;
  /** When the lane found it cut short by a stop or a crash (docs/lane.md, Interrupted transactions). */
  readonly interruptedAt?: number;
}
