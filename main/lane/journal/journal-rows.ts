import type {
  CardSummary,
  DeclineReason,
  EntryMark,
  HistoryQuery,
  Operation,
  Tender,
  WorkflowKind,
} from '../../lane-api/index.ts';
import type { ChipCompletion } from '../../receipt/index.ts';
import type {
  EntryPurpose,
  EntryState,
  JournalEntry,
  JournalWorkflow,
  NotChargedWhy,
  OfflineStanding,
} from './journal-types.ts';

/** An entries row as SQLite gives it back. */
export interface EntryRow {
  seq: number;
  id: string;
  workflow_id: string;
  operation: Operation;
  purpose: EntryPurpose;
  parent_id: string | null;
  order_id: string | null;
  target_ttid: string | null;
  amount_minor: number;
  tip_minor: number | null;
  tender: Tender | null;
  card: string | null;
  training: number;
  state: EntryState;
  created_at: number;
  updated_at: number;
  ttid: string | null;
  auth: string | null;
  approved_minor: number | null;
  balance_minor: number | null;
  reason: DeclineReason | NotChargedWhy | null;
  decided_by: 'processor' | 'service' | 'lane' | null;
  verbiage: string | null;
  answer: string | null;
  marks: string;
  refunded_minor: number;
  attempts: number;
  unknown_detail: string | null;
  chip: string | null;
  acknowledged_at: number | null;
  offline: OfflineStanding | null;
  offline_card: string | null;
  offline_override: string | null;
}

/** Only the keys whose value is present: a row's NULLs become absent fields. */
function present<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as { [K in keyof T]?: Exclude<T[K], null> };
}

/** A row as the JournalEntry the rest of the lane reads. */
export function entryFromRow(row: EntryRow): JournalEntry {
  return {
    seq: row.seq,
    id: row.id,
    workflowId: row.workflow_id,
    operation: row.operation,
    purpose: row.purpose,
    amountMinor: row.amount_minor,
    training: row.training === 1,
    state: row.state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    marks: row.marks === '' ? [] : (row.marks.split('|') as EntryMark[]),
    refundedMinor: row.refunded_minor,
    attempts: row.attempts,
    ...present({
      parentId: row.parent_id,
      orderId: row.order_id,
      targetTtid: row.target_ttid,
      tipMinor: row.tip_minor,
      tender: row.tender,
      card: row.card === null ? null : (JSON.parse(row.card) as CardSummary),
      ttid: row.ttid,
      auth: row.auth,
      approvedMinor: row.approved_minor,
      balanceMinor: row.balance_minor,
      reason: row.reason,
      decidedBy: row.decided_by,
      verbiage: row.verbiage,
      answer: row.answer === null ? null : (JSON.parse(row.answer) as Record<string, string>),
      unknownDetail: row.unknown_detail,
      chip: row.chip === null ? null : (JSON.parse(row.chip) as ChipCompletion),
      acknowledgedAt: row.acknowledged_at,
      offline: row.offline,
      offlineOverride: row.offline_override,
    }),
  };
}

/**
 * The WHERE clause of a history search: text is an amount ("12.50"), four digits (last four, auth
 * code or ttid), or a word (auth code, card brand, operation); from/to bound created_at.
 */
export function searchClause(query: HistoryQuery): { where: string; params: unknown[] } {
  const terms: string[] = [];
  const params: unknown[] = [];
  const text = query.text?.trim() ?? '';
  if (/^[0-9]+\.[0-9]{2}$/.test(text)) {
    const minor = Number(text.replace('.', ''));
    terms.push('(amount_minor = ? OR approved_minor = ?)');
    params.push(minor, minor);
  } else if (/^[0-9]{4}$/.test(text)) {
    terms.push(`(json_extract(card, '$.lastFour') = ? OR auth = ? OR ttid = ?)`);
    params.push(text, text, text);
  } else if (text !== '') {
    terms.push(
      `(auth = ? OR ttid = ? OR upper(json_extract(card, '$.brand')) = ? OR operation = ?)`,
    );
    params.push(text, text, text.toUpperCase(), text.toLowerCase());
  }
  if (query.from !== undefined) {
    terms.push('created_at >= ?');
    params.push(query.from);
  }
  if (query.to !== undefined) {
    terms.push('created_at <= ?');
    params.push(query.to);
  }
  if (query.interrupted === true) {
    terms.push(
      `purpose = 'cashier' AND workflow_id IN (SELECT id FROM workflows WHERE interrupted_at IS NOT NULL)`,
    );
  }
  if (query.operations !== undefined && query.operations.length > 0) {
    terms.push(`operation IN (${query.operations.map(() => '?').join(', ')})`);
    params.push(...query.operations);
  }
  return { where: terms.length === 0 ? '' : `WHERE ${terms.join(' AND ')}`, params };
}

/** A workflows row as SQLite gives it back. */
export interface WorkflowRow {
  id: string;
  kind: WorkflowKind;
  state: JournalWorkflow['state'];
  training: number;
  started_at: number;
  ended_at: number | null;
  interrupted_at: number | null;
}

/** A row as the JournalWorkflow the lane reads. */
export function workflowFromRow(row: WorkflowRow): JournalWorkflow {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    training: row.training === 1,
    startedAt: row.started_at,
    ...(row.ended_at === null ? {} : { endedAt: row.ended_at }),
    ...(row.interrupted_at === null ? {} : { interruptedAt: row.interrupted_at }),
  };
}
