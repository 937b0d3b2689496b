import { PaymentResponse } from '../../../main/payment/index.ts';
import {
  type ReceiptContext,
  type ReceiptDocument,
  buildReceipts,
} from '../../../main/receipt/index.ts';

/** An approved chip sale as the service answers it (docs/interface.md › Transaction response, rcpt_* fields). */
export function chipSaleAnswer(extra: Record<string, string> = {}): PaymentResponse {
  return new PaymentResponse({
    code: 'AUTH',
    msoft_code: 'INT_SUCCESS',
    phard_code: 'SUCCESS',
    verbiage: 'APPROVED',
    ttid: '96748596',
    auth: '123456',
    account: 'XXXXXXXXXXXX1111',
    cardtype: 'VISA',
    timestamp: '2026-03-14 12:30:05 -0500',
    order_id: 'LANE7-0042',
    rcpt_host_ts: '031426123005',
    rcpt_entry_mode: 'C',
    rcpt_acct_type: 'CREDIT',
    rcpt_resp_code: '00',
    rcpt_emv_aid: 'A0000000031010',
    rcpt_emv_name: 'VISA CREDIT',
    rcpt_emv_tvr: '0000008000',
    rcpt_emv_tsi: 'E800',
    rcpt_emv_actype: 'ARQC',
    rcpt_emv_ac: '64B9A2787FE6DE68',
    rcpt_emv_cvm: '1E0302',
    ...extra,
  });
}

/** The lane's side of a 12.34 sale at LaneTerm Mart, lane 7, not in training. */
export function saleContext(extra: Partial<ReceiptContext> = {}): ReceiptContext {
  return {
    merchant: {
      name: 'LaneTerm Mart',
      lines: ['1 Main St', 'Springfield 555-0100'],
      currency: 'USD',
      timeZone: 'America/Chicago',
    },
    operation: 'sale',
    training: false,
    amountMinor: 1234,
    laneId: '7',
    ...extra,
  };
}

/** Customer and merchant copies of chipSaleAnswer in training, in euros, with two notes. */
export function trainingSale(): ReceiptDocument[] {
  return buildReceipts(
    chipSaleAnswer(),
    saleContext({
      merchant: {
        name: 'LaneTerm Mart',
        lines: ['1 Main St'],
        currency: 'EUR',
        timeZone: 'America/Chicago',
      },
      training: true,
      notes: ['Grüße aus Köln', '====='],
    }),
    true,
  );
}
