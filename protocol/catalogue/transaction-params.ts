import type { ParamDef } from './types.ts';

const BOTH = ['v1', 'v2'] as const;

/**
 * The money, lodging, order, shipping, lane, descriptor, processing, health and recurring
 * parameters (docs/interface.md › Request parameter groups, Standalone parameters).
 */
export const TRANSACTION_PARAMS: Readonly<Record<string, ParamDef>> = {
  amount: {
    type: 'amount',
    description: 'amount; on reversal the final amount to settle, on incremental the new total',
    standalone: BOTH,
  },
  cashbackamount: { type: 'amount', description: 'cash back given to the customer' },
  currency: { type: 'iso_numeric', description: 'numeric ISO 4217 currency code' },
  examount: { type: 'amount', description: 'lodging extra charges amount' },
  surchargeamount: { type: 'amount', description: 'surcharge added to the amount' },
  tax: { type: 'tax', description: 'tax amount, or NT for tax exempt', standalone: BOTH },
  discountamount: { type: 'amount', description: 'level 3 discount amount' },
  dutyamount: { type: 'amount', description: 'level 3 duty amount' },
  freightamount: { type: 'amount', description: 'level 3 freight amount' },
  convenience_fee: { type: 'amount', description: 'convenience fee included in the amount' },
  supplemental_fee: { type: 'amount', description: 'supplemental fee included in the amount' },
  advancedeposit: { type: 'yesno', description: 'lodging: advance deposit' },
  noshow: { type: 'yesno', description: 'lodging: no-show charge' },
  bdate: { type: 'time', description: 'beginning date: lodging check-in, report range start' },
  edate: { type: 'time', description: 'ending date: lodging check-out, report range end' },
  excharges: { type: 'pipe_list', description: 'lodging extra charge kinds, pipe-separated' },
  rate: { type: 'amount', description: 'lodging room rate' },
  roomnum: { type: 'text', description: 'lodging room number' },
  custref: { type: 'text', description: 'customer reference' },
  ordernum: { type: 'text', description: 'merchant order number' },
  ptrannum: { type: 'text', description: 'POS transaction number (v1)' },
  order_id: {
    type: 'identifier',
    description: 'unique order id chosen by the client',
    standalone: BOTH,
  },
  shipcountry: { type: 'iso_numeric', description: 'numeric ISO 3166 country shipped to' },
  shipzip: { type: 'text', description: 'zip shipped to' },
  clerkid: { type: 'text', description: 'clerk at the lane' },
  stationid: { type: 'text', description: 'station id' },
  laneid: { type: 'text', description: 'lane id' },
  comments: { type: 'text', description: 'free-text comments' },
  divisionnum: { type: 'text', description: 'merchant division number' },
  descmerch: { type: 'text', description: 'merchant name descriptor for the statement' },
  descloc: { type: 'text', description: 'merchant location descriptor for the statement' },
  capture: { type: 'yesno', description: 'capture into a batch; default yes' },
  debtrepayment: { type: 'yesno', description: 'the sale repays a debt' },
  duplcheck: { type: 'yesno', description: 'run the duplicate check' },
  priority: {
    type: 'priority',
    description: 'queue priority; default normal, low for large batches',
    standalone: BOTH,
  },
  timeout: {
    type: 'digits',
    description: 'seconds the request may wait in the send queue; a hint',
    standalone: BOTH,
  },
  healthcare: { type: 'text', description: 'healthcare (FSA/HSA) transaction indicator' },
  dentalamount: { type: 'amount', description: 'healthcare: dental amount' },
  clinicamount: { type: 'amount', description: 'healthcare: clinic amount' },
  otheramount: { type: 'amount', description: 'healthcare: other qualified amount' },
  rxamount: { type: 'amount', description: 'healthcare: prescription amount' },
  transitamount: { type: 'amount', description: 'healthcare: transit amount' },
  visionamount: { type: 'amount', description: 'healthcare: vision amount' },
  cof_transid: { type: 'text', description: 'stored-credential network transaction id' },
  cof_authamount: { type: 'amount', description: 'stored-credential original amount' },
  installment_num: { type: 'digits', description: 'number of this installment' },
  installment_total: { type: 'digits', description: 'total number of installments' },
  recurring: { type: 'text', description: 'recurring payment indicator' },
};
