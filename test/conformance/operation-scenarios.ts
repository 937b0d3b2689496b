import type { OperationName } from '../../protocol/index.ts';
import {
  PaymentError,
  type PaymentClient,
  type PaymentResult,
  type TransportKind,
} from '../../main/payment/index.ts';
import type { Observed } from './transport-differences.ts';

/** One operation run the same way over every transport. */
export interface Scenario {
  readonly name: string;
  readonly operation: OperationName;
  /** The outcome expected (v2, key/value); `v1` when v1 differs (an operation v1 lacks). */
  readonly expected: string;
  readonly v1?: string;
  readonly run: (pay: PaymentClient, transport: TransportKind) => Promise<Observed>;
  /** Fields the final answer must carry on every transport where it is expected. */
  readonly fields?: Readonly<Record<string, string | undefined>>;
  /** Report rows expected. */
  readonly rows?: number;
}

/** The demo test card with the loopback processor's good CV and AVS zip (docs/test-cards.md). */
export const CARD = {
  account_data: { account: '4111111111111111', expdate: '1230' },
  verification: { cv: '999', zip: '32606' },
} as const;

/** Observes a call: its result, or the PaymentError it was refused with before sending. */
export async function observe(call: Promise<Observed>): Promise<Observed> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaymentError) return error;
    throw error;
  }
}

/** The ttid of an approved result; throws otherwise, naming what came back. */
export function ttidOf(result: PaymentResult): string {
  if (result.outcome !== 'approved' || result.response.ttid === undefined) {
    throw new Error(`expected an approval with a ttid, got ${result.outcome}`);
  }
  return result.response.ttid;
}

/** The order id the client gave a result's request. */
export function orderOf(result: PaymentResult): string {
  if (result.orderId === undefined) throw new Error('expected an order id');
  return result.orderId;
}

const sale = (pay: PaymentClient, amount = '12.00', extra: Record<string, string> = {}) =>
  pay.sale({ ...CARD, money: { amount }, ...extra });
const preauth = (pay: PaymentClient, amount = '20.00') =>
  pay.preauth({ ...CARD, money: { amount } });
/** How the client refuses in v1 what only v2 offers: the operation, or the ttid on sale/preauth. */
const V1_LACKS = 'operation.version';
const V1_NO_DUPLICATE = 'param.operation_version';

/** Every operation the service offers, each as a short story ending with that operation. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'sale approved',
    operation: 'sale',
    expected: 'approved',
    fields: {
      avs: 'GOOD',
      cv: 'GOOD',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      payment_id: '1',
    },
    run: (pay) => sale(pay),
  },
  {
    name: 'sale declined by the processor (6.01)',
    operation: 'sale',
    expected: 'declined_processor',
    run: (pay) => sale(pay, '6.01'),
  },
  {
    name: 'sale declined by the service (Luhn check)',
    operation: 'sale',
    expected: 'declined_service',
    fields: { msoft_code: 'DATA_INVALIDFIELD', phard_code: undefined, ttid: undefined },
    run: (pay) => pay.sale({ account: '4111111111111112', expdate: '1230', amount: '3.00' }),
  },
  {
    name: 'sale with zip sent empty runs AVS and fails it',
    operation: 'sale',
    expected: 'approved',
    fields: { avs: 'BAD' },
    run: (pay) => pay.sale({ ...CARD.account_data, cv: '999', zip: '', amount: '4.00' }),
  },
  {
    name: 'sale refused before sending (amount 0.00)',
    operation: 'sale',
    expected: 'amount.positive',
    run: (pay) => sale(pay, '0.00'),
  },
  {
    name: 'preauth approved',
    operation: 'preauth',
    expected: 'approved',
    run: (pay) => preauth(pay),
  },
  {
    name: 'preauthcomplete of a preauth',
    operation: 'preauthcomplete',
    expected: 'approved',
    run: async (pay) => pay.preauthComplete(ttidOf(await preauth(pay)), { amount: '18.00' }),
  },
  {
    name: 'capture of a sale with capture=no',
    operation: 'capture',
    expected: 'approved',
    run: async (pay) => pay.capture(ttidOf(await sale(pay, '9.00', { capture: 'no' }))),
  },
  {
    name: 'incremental raises a preauth',
    operation: 'incremental',
    expected: 'approved',
    v1: V1_LACKS,
    run: async (pay) => pay.incremental(ttidOf(await preauth(pay)), { amount: '25.00' }),
  },
  {
    name: 'adjust adds a tip to a captured sale',
    operation: 'adjust',
    expected: 'approved',
    run: async (pay) => pay.adjust(ttidOf(await sale(pay)), { tip: '2.00' }),
  },
  {
    name: 'reversal of a whole preauth',
    operation: 'reversal',
    expected: 'approved',
    run: async (pay) => pay.reversal(ttidOf(await preauth(pay))),
  },
  {
    name: 'partial reversal to a final amount',
    operation: 'reversal',
    expected: 'approved',
    run: async (pay) => pay.reversal(ttidOf(await preauth(pay)), { amount: '15.00' }),
  },
  {
    name: 'reversal refused by the state table (twice)',
    operation: 'reversal',
    expected: 'declined_service',
    fields: { msoft_code: 'DATA_INVALIDMOD' },
    run: async (pay) => {
      const ttid = ttidOf(await preauth(pay));
      await pay.reversal(ttid);
      return pay.reversal(ttid);
    },
  },
  {
    name: 'void of a sale',
    operation: 'void',
    expected: 'approved',
    run: async (pay) => pay.void(ttidOf(await sale(pay))),
  },
  {
    name: 'refund of part of a prior sale',
    operation: 'refund',
    expected: 'approved',
    run: async (pay) => pay.refund({ ttid: ttidOf(await sale(pay)), amount: '5.00' }),
  },
  {
    name: 'refund to a keyed account',
    operation: 'refund',
    expected: 'approved',
    run: (pay) => pay.refund({ ...CARD.account_data, amount: '3.50' }),
  },
  {
    name: 'duplicate sale from a ttid',
    operation: 'sale',
    expected: 'approved',
    v1: V1_NO_DUPLICATE,
    run: async (pay) => pay.duplicateSale(ttidOf(await sale(pay)), { amount: '7.00' }),
  },
  {
    name: 'duplicate preauth from a ttid',
    operation: 'preauth',
    expected: 'approved',
    v1: V1_NO_DUPLICATE,
    run: async (pay) => pay.duplicatePreauth(ttidOf(await preauth(pay)), { amount: '7.00' }),
  },
  {
    name: 'transaction detail by ttid',
    operation: 'trandetail',
    expected: 'approved',
    fields: { action: 'sale', custref: 'c-1', amount: '12.00', orig_code: 'AUTH' },
    run: async (pay) => pay.transactionDetail(ttidOf(await sale(pay, '12.00', { custref: 'c-1' }))),
  },
  {
    name: 'transaction detail by order',
    operation: 'trandetail',
    expected: 'approved',
    run: async (pay) => pay.orderDetail(orderOf(await sale(pay))),
  },
  {
    name: 'transaction detail of one payment of an order',
    operation: 'trandetail',
    expected: 'approved',
    run: async (pay) => pay.paymentDetail(orderOf(await sale(pay)), '1'),
  },
  {
    name: 'transaction detail of an unknown ttid',
    operation: 'trandetail',
    expected: 'declined_service',
    fields: { msoft_code: 'DATA_RECORDNOTFOUND' },
    run: (pay) => pay.transactionDetail('999999'),
  },
  {
    name: 'failed-transaction report, one declined order',
    rows: 1,
    operation: 'report_failed',
    expected: 'report',
    run: async (pay) => pay.failedReport({ order_id: orderOf(await sale(pay, '6.01')) }),
  },
  {
    name: 'unsettled report, one order',
    rows: 1,
    operation: 'report_unsettled',
    expected: 'report',
    run: async (pay) => pay.unsettledReport({ order_id: orderOf(await sale(pay)) }),
  },
  {
    name: 'settle the open batch holding one sale',
    operation: 'settle',
    expected: 'approved',
    fields: { trans_count: '1', sale_amount: '11.00' },
    run: async (pay) => {
      await pay.settle();
      await sale(pay, '11.00');
      return pay.settle();
    },
  },
  {
    name: 'settled report, one order',
    rows: 1,
    operation: 'report_settled',
    expected: 'report',
    run: async (pay) => {
      const order = orderOf(await sale(pay));
      await pay.settle();
      return pay.settledReport({ order_id: order });
    },
  },
  {
    name: 'open batches report: the one open batch',
    rows: 1,
    operation: 'report_batches',
    expected: 'report',
    run: async (pay) => {
      await pay.settle();
      await sale(pay, '10.00');
      return pay.batchesReport();
    },
  },
  {
    name: 'settled batches report of the batch just settled',
    rows: 1,
    operation: 'report_settled_batches',
    expected: 'report',
    run: async (pay) => {
      await pay.settle();
      await sale(pay, '10.00');
      const settled = await pay.settle();
      if (settled.outcome !== 'approved') throw new Error(`settle: ${settled.outcome}`);
      return pay.settledBatchesReport({ batch: settled.response.batch ?? '' });
    },
  },
];
