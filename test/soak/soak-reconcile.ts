import type { PaymentClient, PaymentResult } from '../../main/payment/index.ts';
import type { LaneRecord } from './soak-lane.ts';

/** The reconciliation of every lane's records against the store (docs/architecture.md, Soak). */
export interface SoakTally {
  /** Answered, and the store holds what was answered. */
  answered: number;
  /** Unknown to the lane, then found by its order id (or ttid): approved, declined, not found. */
  resolved: { approved: number; declined: number; notFound: number };
  /** Unknown and still unknown after the run: no order id to look up, or no answer to the lookup. */
  unresolved: number;
  /** Answered approved (or a move applied), but the store holds something else or nothing: must be 0. */
  lost: number;
  /** An order holding more than the one transaction its lane sent, a charge (or a move not applied) the lane holds as not made, or a gift card holding less than its lane's approved moves leave: must be 0. */
  doubleCharged: number;
  /** What went wrong, one line each (no card data). */
  problems: string[];
}

const MOVE_MARK: Record<string, [field: string, mark: string]> = {
  preauthcomplete: ['tranflags', 'CAPTURED'],
  reversal: ['txnstatus', 'REVERSED'],
  void: ['txnstatus', 'VOIDED'],
};

/** A lane that holds its request answered otherwise than the store: lost, or charged behind its back. */
function mismatch(tally: SoakTally, storeCharged: boolean, line: string): void {
  if (storeCharged) tally.doubleCharged += 1;
  else tally.lost += 1;
  tally.problems.push(line);
}

const listed = (result: PaymentResult, key: string): string[] =>
  result.outcome === 'unknown' ? [] : (result.response.get(key) ?? '').split('|');

/** A move on a ttid: applied or not, read from the transaction's detail. */
async function moveApplied(pay: PaymentClient, record: LaneRecord): Promise<boolean | undefined> {
  const detail = await pay.transactionDetail(record.ttid ?? '');
  if (detail.outcome === 'unknown') return undefined;
  const [field, mark] = MOVE_MARK[record.op] ?? ['', ''];
  return listed(detail, field).includes(mark);
}

/** Looks every record up through `pay` (a fresh lane: no late answers of its own) and tallies. */
export async function reconcile(
  pay: PaymentClient,
  records: readonly LaneRecord[],
  giftCards: ReadonlyMap<string, string>,
): Promise<SoakTally> {
  const tally: SoakTally = {
    answered: 0,
    resolved: { approved: 0, declined: 0, notFound: 0 },
    unresolved: 0,
    lost: 0,
    doubleCharged: 0,
    problems: [],
  };
  const charged = new Set<LaneRecord>();
  for (const record of records) {
    const what = `${record.lane} ${record.op} ${record.orderId ?? record.ttid ?? ''}`;
    if (record.op in MOVE_MARK) {
      const applied = await moveApplied(pay, record);
      if (record.outcome === 'unknown') {
        if (applied === undefined) tally.unresolved += 1;
        else tally.resolved[applied ? 'approved' : 'declined'] += 1;
      } else if (applied !== (record.outcome === 'approved')) {
        mismatch(tally, false, `${what}: answered ${record.outcome}, applied ${String(applied)}`);
      } else tally.answered += 1;
      continue;
    }
    if (record.orderId === undefined) {
      tally.unresolved += 1;
      continue;
    }
    const found = await pay.resolve(record.orderId, { waitMs: 10_000 });
    const order = await pay.orderDetail(record.orderId);
    if (listed(order, 'trans').length > 1) {
      tally.doubleCharged += 1;
      tally.problems.push(`${what}: the order holds ${listed(order, 'trans').join(', ')}`);
    }
    if (found.status === 'approved') charged.add(record);
    if (record.outcome === 'unknown') {
      if (found.status === 'unknown') tally.unresolved += 1;
      else if (found.status === 'not_found') tally.resolved.notFound += 1;
      else tally.resolved[found.status] += 1;
    } else if (
      (record.outcome === 'not charged'
        ? found.status === 'approved'
        : found.status !== record.outcome) ||
      (found.status === 'approved' && found.ttid !== record.ttid)
    ) {
      const line = `${what}: answered ${record.outcome}, the store says ${found.status}`;
      mismatch(tally, found.status === 'approved' && record.outcome !== 'approved', line);
    } else tally.answered += 1;
  }
  for (const [lane, account] of giftCards) {
    const expected = records
      .filter((record) => record.lane === lane && charged.has(record))
      .reduce((sum, record) => sum + (record.giftMinor ?? 0), 0);
    const inquiry = await pay.balanceInquiry({ account });
    const balance = inquiry.outcome === 'approved' ? inquiry.response.balance : undefined;
    if (balance === expected) continue;
    // A card no approved move reached was never activated: refused, as the lane's records say.
    if (expected === 0 && inquiry.outcome.startsWith('declined')) continue;
    if (balance !== undefined && balance < expected) tally.doubleCharged += 1;
    else tally.lost += 1;
    tally.problems.push(`${lane} gift card: balance ${String(balance)}, its records ${expected}`);
  }
  return tally;
}

/** The tally as the table `npm run soak` prints. */
export function tallyTable(tally: SoakTally): string {
  const { approved, declined, notFound } = tally.resolved;
  const rows: [string, string][] = [
    ['answered', String(tally.answered)],
    [
      'unknown, then resolved',
      `${approved + declined + notFound} (approved ${approved}, declined ${declined}, not found ${notFound})`,
    ],
    ['unknown, unresolved', String(tally.unresolved)],
    ['lost (must be 0)', String(tally.lost)],
    ['double-charged (must be 0)', String(tally.doubleCharged)],
  ];
  return rows.map(([name, value]) => `${name.padEnd(28)} ${value}`).join('\n');
}
