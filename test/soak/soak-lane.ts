import {
  PaymentNotSentError,
  type PaymentClient,
  type PaymentResult,
} from '../../main/payment/index.ts';
import { seededRandom } from '../server/durability/helpers/load-generator.ts';
import { CARD } from '../conformance/operation-scenarios.ts';

/** What a lane asked for: a new transaction (found by its order id) or a move on a ttid. */
export type SoakOp =
  | 'sale'
  | 'preauth'
  | 'refund'
  | 'issue'
  | 'gift load'
  | 'gift sale'
  | 'preauthcomplete'
  | 'reversal'
  | 'void';

/** How the lane's request ended, as the lane saw it ('not charged': never sent, or not found). */
export type LaneOutcome = 'approved' | 'declined' | 'not charged' | 'unknown';

/** One request a lane sent and what it made of it: the lane's record, reconciled afterwards. */
export interface LaneRecord {
  lane: string;
  transport: string;
  op: SoakOp;
  outcome: LaneOutcome;
  /** The order of a new transaction. */
  orderId?: string;
  /** The transaction answered, or the one a move was made on. */
  ttid?: string;
  /** Minor units moved on the lane's gift card (issue +, gift sale −). */
  giftMinor?: number;
}

/** Amounts clear of the partial-approval triggers, and 8.01 (held a second) for a wider window. */
const AMOUNTS = ['1.00', '1.25', '2.50', '2.99', '8.01'];

function outcomeOf(result: PaymentResult): LaneOutcome {
  if (result.outcome === 'approved') return 'approved';
  if (result.outcome === 'unknown') return 'unknown';
  return 'declined';
}

/**
 * One lane of the soak: `count` new transactions and the moves after them, mixed (sales with
 * refunds or reversals after them, preauths with completions; on the lane's own gift card an issue
 * of 20.00, then loads of 5.00 and sales of 0.25, which never empty it), one at a time,
 * each recorded as the lane saw it. A request refused unsent (the service is down) is waited out
 * and tried again; an unknown outcome is recorded, never sent again.
 */
export async function runLane(
  pay: PaymentClient,
  lane: { name: string; transport: string; seed: number; giftCard: string },
  count: number,
  records: LaneRecord[],
): Promise<void> {
  const random = seededRandom(lane.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const note = (op: SoakOp, result: PaymentResult, extra: Partial<LaneRecord> = {}): LaneRecord => {
    const record: LaneRecord = {
      lane: lane.name,
      transport: lane.transport,
      op,
      outcome: outcomeOf(result),
      ...(result.orderId !== undefined && { orderId: result.orderId }),
      ...(result.outcome !== 'unknown' &&
        result.response.ttid !== undefined && { ttid: result.response.ttid }),
      ...extra,
    };
    records.push(record);
    return record;
  };
  const sent = async (call: () => Promise<PaymentResult>): Promise<PaymentResult> => {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof PaymentNotSentError)) throw error;
        await new Promise((resume) => setTimeout(resume, 200));
      }
    }
  };
  const account = lane.giftCard;
  note('issue', await sent(() => pay.giftIssue({ account, amount: '20.00' })), { giftMinor: 2000 });
  for (let done = 1; done < count; done += 1) {
    const roll = random();
    const amount = pick(AMOUNTS);
    if (roll < 0.1) {
      const result = await sent(() => pay.merchandiseReturn({ account, amount: '5.00' }));
      note('gift load', result, { giftMinor: 500 });
    } else if (roll < 0.3) {
      const result = await sent(() => pay.sale({ account, amount: '0.25' }));
      note('gift sale', result, { giftMinor: -25 });
    } else if (roll < 0.55) {
      const result = await sent(() => pay.preauth({ ...CARD, money: { amount } }));
      const record = note('preauth', result);
      if (record.outcome !== 'approved' || record.ttid === undefined) continue;
      const ttid = record.ttid;
      note('preauthcomplete', await sent(() => pay.preauthComplete(ttid)), { ttid });
    } else {
      const result = await sent(() => pay.sale({ ...CARD, money: { amount } }));
      const record = note('sale', result);
      if (record.outcome !== 'approved' || record.ttid === undefined) continue;
      const ttid = record.ttid;
      if (roll < 0.7) note('refund', await sent(() => pay.refund({ ttid, amount: '0.50' })));
      else if (roll < 0.8) note('reversal', await sent(() => pay.reversal(ttid)), { ttid });
    }
  }
}
