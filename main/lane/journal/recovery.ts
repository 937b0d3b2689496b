import { randomUUID } from 'node:crypto';
import { NEW_TRANSACTION_OPERATIONS, refusalOf, type Move } from '../../../protocol/index.ts';
import type { Notice, NoticeCode } from '../../lane-api/index.ts';
import { formatMinor } from '../../lane-api/index.ts';
import { refundableMinor, standingOf } from './entry-standing.ts';
import type { EntryResolver } from './entry-resolver.ts';
import type { JournaledPayments, PaymentPlan } from './journaled-payments.ts';
import type { JournalStore } from './journal-store.ts';
import type { JournalEntry } from './journal-types.ts';

/**
 * What cancelling a workflow did: approvals reversed; those whose reversal (or whose own outcome)
 * is not known yet, tried again later; and those the service refused to reverse, for a person.
 */
export interface Compensation {
  readonly reversed: JournalEntry[];
  readonly pending: JournalEntry[];
  readonly refused: JournalEntry[];
}

type Undone = 'reversed' | 'pending' | 'refused';

/** What compensation reached for an approval it sent nothing for. */
const REACHED = { undone: 'reversed', refused: 'refused' } as const;

const isApproved = (entry: JournalEntry): boolean =>
  entry.state === 'approved' || entry.state === 'partial';

/** An offline approval the service has not answered yet: it has no ttid to act on. */
const isQueuedOffline = (entry: JournalEntry): boolean =>
  entry.offline === 'waiting' || entry.offline === 'forwarding';

/**
 * How an approval is undone: the move to send; `undone` when it is voided or reversed already;
 * `refused` when the rules allow no move now.
 */
export type Undo = Omit<PaymentPlan, 'workflowId'> | 'undone' | 'refused';

/**
 * How an approved new transaction is undone, by the rule book (protocol/transactions,
 * docs/test-cards.md › States and moves) over where it stands (settled: default as the journal
 * marks it): the first of a whole reversal, a void, and a refund of what is left that the rules
 * allow, on the entry's card and tender (its row names them); `undone` once voided or reversed;
 * `refused` when they allow none. An offline approval
 * the service has not answered yet is voided by the lane (Recovery withdraws it from the queue).
 * Undefined when nothing stands to undo (a move, a balance inquiry, an approval wholly refunded).
 */
export function undoOf(
  entry: JournalEntry,
  settled = entry.marks.includes('settled'),
): Undo | undefined {
  const amountMinor = refundableMinor(entry);
  const base = {
    purpose: 'compensate' as const,
    parentId: entry.id,
    amountMinor,
    params: {},
    ...(entry.tender === undefined ? {} : { tender: entry.tender }),
    ...(entry.card === undefined ? {} : { card: entry.card }),
  };
  if (isQueuedOffline(entry) && isApproved(entry)) return { ...base, operation: 'void' };
  const standing = standingOf(entry, settled);
  const ttid = entry.ttid;
  if (standing === undefined || ttid === undefined || amountMinor <= 0) return undefined;
  if (standing.state === 'voided' || standing.state === 'reversed') return 'undone';
  const moves: [Move, Omit<PaymentPlan, 'workflowId'>][] = [
    ['reversal_full', { ...base, operation: 'reversal', targetTtid: ttid }],
    ['void', { ...base, operation: 'void', targetTtid: ttid }],
    ['refund_whole', { ...base, operation: 'refund', params: { ttid, amount: amountMinor } }],
  ];
  const allowed = moves.find(([move]) => refusalOf(standing, move) === undefined);
  return allowed === undefined ? 'refused' : allowed[1];
}

/**
 * Settles what the journal holds unsettled (docs/lane.md, Recovery): at every start and in the
 * background, each entry whose outcome is unknown is looked up (never resent), and each workflow
 * the lane did not finish (a crash, or a cashier who deferred a check) is cancelled: what it
 * approved is reversed, so nothing stays charged that a cashier did not see through.
 */
export class Recovery {
  readonly #journal: JournalStore;
  readonly #payments: JournaledPayments;
  readonly #resolver: EntryResolver;
  readonly #notify: (notice: Notice) => void;

  constructor(
    journal: JournalStore,
    payments: JournaledPayments,
    resolver: EntryResolver,
    notify: (notice: Notice) => void,
  ) {
    this.#journal = journal;
    this.#payments = payments;
    this.#resolver = resolver;
    this.#notify = notify;
  }

  /**
   * One pass over every running workflow but the live one (isLive: the workflow a cashier is
   * running now); returns how many entries outside it are still unknown.
   */
  async sweep(isLive: (workflowId: string) => boolean = () => false): Promise<number> {
    for (const workflow of this.#journal.runningWorkflows()) {
      if (isLive(workflow.id)) continue;
      if (!(await this.#resolveAll(workflow.id))) continue;
      const { pending } = await this.compensate(workflow.id, true);
      if (pending.length > 0) continue;
      const entries = this.#journal.entriesOf(workflow.id);
      const moves = entries.filter((entry) => entry.purpose === 'cashier');
      const done =
        moves.length > 0 &&
        moves.every(
          (entry) => isApproved(entry) && !NEW_TRANSACTION_OPERATIONS.has(entry.operation),
        );
      this.#journal.endWorkflow(workflow.id, done ? 'complete' : 'cancelled');
    }
    return this.#journal.unresolved().filter((entry) => !isLive(entry.workflowId)).length;
  }

  /**
   * Reverses every approval of a workflow that is not reversed yet. An entry whose outcome is
   * still unknown is looked up once (and reversed if approved; pending while still unknown); a
   * reversal whose outcome is unknown is looked up first, and sent again only once the service
   * says it was not applied.
   */
  async compensate(workflowId: string, notify = false): Promise<Compensation> {
    const reversed: JournalEntry[] = [];
    const pending: JournalEntry[] = [];
    const refused: JournalEntry[] = [];
    let entries = this.#journal.entriesOf(workflowId);
    for (const entry of entries.filter((e) => e.state === 'pending' || e.state === 'unknown')) {
      if (entry.purpose !== 'cashier') continue;
      const found = await this.#resolver.resolve(entry);
      if (found.state === 'unknown') pending.push(found);
    }
    entries = this.#journal.entriesOf(workflowId);
    for (const entry of entries.filter((e) => e.purpose === 'cashier' && isApproved(e))) {
      const undo = undoOf(entry);
      if (undo === undefined) continue;
      const undone =
        undo === 'refused' || undo === 'undone'
          ? REACHED[undo]
          : await this.#undo(workflowId, entry, undo, entries);
      if (undone === 'reversed') {
        reversed.push(entry);
        if (notify) this.#tell('warning', 'recovered_reversed', entry);
      } else if (undone === 'refused') {
        refused.push(entry);
        this.#tell('error', 'reversal_refused', entry);
      } else {
        pending.push(entry);
        this.#tell('error', 'reversal_pending', entry);
      }
    }
    return { reversed, pending, refused };
  }

  /**
   * Undoes one approval: its earlier reversals are looked up first (one applied: done; one still
   * unknown: later; one not applied: sent again); a reversal or void the service refused is
   * followed once by a refund (the sale settled meanwhile); a refusal of that is for a person.
   */
  async #undo(
    workflowId: string,
    entry: JournalEntry,
    plan: Omit<PaymentPlan, 'workflowId'>,
    entries: readonly JournalEntry[],
  ): Promise<Undone> {
    if (isQueuedOffline(entry)) return this.#withdraw(workflowId, entry, plan.amountMinor);
    const children = entries.filter((e) => e.parentId === entry.id && e.purpose === 'compensate');
    let next: Omit<PaymentPlan, 'workflowId'> | undefined = plan;
    for (const child of children) {
      const known =
        child.state === 'pending' || child.state === 'unknown'
          ? await this.#resolver.resolve(child)
          : child;
      if (isApproved(known)) return 'reversed';
      if (known.state === 'unknown' || known.state === 'pending') return 'pending';
      if (known.state === 'declined') next = this.#after(entry, known.operation);
      if (next === undefined) return 'refused';
    }
    for (;;) {
      const settled = await this.#payments.send({ ...next, workflowId });
      if (settled.kind === 'unknown' || settled.kind === 'not_sent') return 'pending';
      if (isApproved(settled.entry)) return 'reversed';
      next = this.#after(entry, next.operation);
      if (next === undefined) return 'refused';
    }
  }

  /**
   * Voids an offline approval while it waits, with nothing sent (JournalStore.withdrawOffline);
   * pending while it is being forwarded, undone by the service once its answer is in.
   */
  #withdraw(workflowId: string, entry: JournalEntry, amountMinor: number): Undone {
    const moved = this.#journal.withdrawOffline({
      id: randomUUID(),
      workflowId,
      operation: 'void',
      purpose: 'compensate',
      parentId: entry.id,
      amountMinor,
      training: entry.training,
      ...(entry.tender === undefined ? {} : { tender: entry.tender }),
      ...(entry.card === undefined ? {} : { card: entry.card }),
    });
    return moved === undefined ? 'pending' : 'reversed';
  }

  /** What follows a refused undo: a refund when a reversal or void of a sale was refused. */
  #after(entry: JournalEntry, refused: string): Omit<PaymentPlan, 'workflowId'> | undefined {
    if (refused === 'refund') return undefined;
    const next = undoOf(entry, true);
    return typeof next === 'object' && next.operation !== refused ? next : undefined;
  }

  /** Looks up every unresolved entry of a workflow once; true when none is left unknown. */
  async #resolveAll(workflowId: string): Promise<boolean> {
    let left = 0;
    for (const entry of this.#journal.entriesOf(workflowId)) {
      if (entry.state !== 'pending' && entry.state !== 'unknown') continue;
      const found = await this.#resolver.resolve(entry);
      if (found.state === 'unknown') left += 1;
      else if (found.purpose === 'cashier') this.#tellFound(found);
    }
    return left === 0;
  }

  #tellFound(entry: JournalEntry): void {
    if (entry.state === 'declined') this.#tell('info', 'recovered_declined', entry);
    else if (entry.state === 'not_charged')
      this.#tell(
        'info',
        NEW_TRANSACTION_OPERATIONS.has(entry.operation)
          ? 'recovered_not_charged'
          : 'move_not_applied',
        entry,
      );
  }

  #tell(level: Notice['level'], code: NoticeCode, entry: JournalEntry): void {
    this.#notify({
      level,
      code,
      params: {
        operation: entry.operation,
        amount: formatMinor(entry.approvedMinor ?? entry.amountMinor),
        card: entry.card?.maskedAccount ?? '',
        entryId: entry.id,
      },
    });
  }
}
