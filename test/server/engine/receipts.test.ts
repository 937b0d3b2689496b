import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentResponse } from '../../../main/payment/index.ts';
import { buildReceipts, renderText, type ReceiptDocument } from '../../../main/receipt/index.ts';
import { parseOutboxMessage } from '../../../server/engine/receipts/receipt-outbox.ts';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';
import { giftCard } from './helpers/gift-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

const PARTS = ['merch_info', 'reference', 'money', 'disposition', 'notice'];

/** The lines of one part of a text receipt answer. */
const lines = (pairs: Record<string, string>, key: string): string[] =>
  (pairs[key] ?? '').split('\n');

/** Every PAN the tests send, in the clear: none may appear in an answer or a file. */
const PANS = ['4111111111111111', '5454545454545454', giftCard(7), giftCard(8)];

function expectNoPan(text: string): void {
  for (const pan of PANS) expect(text).not.toContain(pan);
}

describe('formatted copies in the answer (rcpt)', () => {
  it('answer rcpt=yes with both copies as text lines of 42 columns, in the five parts', async () => {
    const pairs = await fx.run('sale', keyedSale('12.34', { rcpt: 'yes', laneid: '3' }));
    expect(pairs.code).toBe('AUTH');
    for (const prefix of ['rcpt_cust_', 'rcpt_merch_']) {
      expect(PARTS.every((part) => pairs[`${prefix}${part}`] !== undefined)).toBe(true);
      for (const part of PARTS) {
        for (const line of lines(pairs, `${prefix}${part}`)) {
          expect(line.length).toBeLessThanOrEqual(42);
        }
      }
    }
    expect(lines(pairs, 'rcpt_cust_merch_info')).toEqual([
      `${' '.repeat(15)}test_retail`,
      `${' '.repeat(19)}SALE`,
      `${' '.repeat(8)}2025-06-15 10:30:00 -0400`,
    ]);
    expect(lines(pairs, 'rcpt_cust_reference')).toContain(
      `ACCOUNT${' '.repeat(19)}XXXXXXXXXXXX1111`,
    );
    expect(lines(pairs, 'rcpt_cust_reference')).toContain(
      `TRANSACTION${' '.repeat(42 - 11 - (pairs.ttid ?? '').length)}${pairs.ttid}`,
    );
    expect(lines(pairs, 'rcpt_cust_money')).toEqual([`TOTAL${' '.repeat(31)}$12.34`]);
    expect(lines(pairs, 'rcpt_cust_disposition')).toEqual([`${' '.repeat(17)}APPROVED`]);
    expect(pairs.rcpt_cust_notice).not.toContain('X___');
    expect(lines(pairs, 'rcpt_merch_notice')).toContain(`X${'_'.repeat(41)}`);
    expect(pairs.rcpt_cust_notice).toContain('CUSTOMER COPY');
    expect(pairs.rcpt_merch_notice).toContain('MERCHANT COPY');
    expectNoPan(JSON.stringify(pairs));
  });

  it('leave out the merchant copy with rcpt_merch_copy=no, and lay text out at width', async () => {
    const pairs = await fx.run(
      'sale',
      keyedSale('5.00', { rcpt: 'width=20', rcpt_merch_copy: 'no', rcpt_user_notes: 'THANK YOU' }),
    );
    expect(Object.keys(pairs).some((key) => key.startsWith('rcpt_merch_'))).toBe(false);
    const all = PARTS.flatMap((part) => lines(pairs, `rcpt_cust_${part}`));
    expect(all.every((line) => line.length <= 20)).toBe(true);
    expect(all).toContain('ACCOUNT');
    expect(all).toContain('    XXXXXXXXXXXX1111');
    expect(pairs.rcpt_cust_notice).toContain('THANK YOU');
  });

  it('say PARTIALLY APPROVED with requested, approved and balance due', async () => {
    const pairs = await fx.run('sale', keyedSale('6.75', { rcpt: 'type=json', nsf: 'yes' }));
    expect(JSON.parse(pairs.rcpt_cust_money ?? '')).toEqual([
      { label: 'REQUESTED', value: '$6.75' },
      { label: 'APPROVED', value: `$${pairs.authamount}`, strong: true },
      { label: 'BALANCE DUE', value: '$1.75' },
    ]);
    expect(JSON.parse(pairs.rcpt_cust_disposition ?? '')).toEqual([
      { text: 'PARTIALLY APPROVED', center: true, strong: true },
    ]);
    expect(JSON.parse(pairs.rcpt_merch_notice ?? '')).toContainEqual({ signature: true });
  });

  it('say DECLINED and why, without a signature line', async () => {
    const pairs = await fx.run('sale', keyedSale('6.01', { rcpt: 'type=json' }));
    expect(pairs.code).toBe('DENY');
    expect(JSON.parse(pairs.rcpt_cust_disposition ?? '')).toEqual([
      { text: 'DECLINED', center: true, strong: true },
      { text: 'DECLINE', center: true },
    ]);
    expect(JSON.parse(pairs.rcpt_cust_money ?? '')).toEqual([{ label: 'AMOUNT', value: '$6.01' }]);
    expect(pairs.rcpt_merch_notice).not.toContain('signature');
  });

  it('escape the HTML form, which the lane reads back as text', async () => {
    const pairs = await fx.run(
      'sale',
      keyedSale('3.00', { rcpt: 'type=html', cardholdername: 'A & <B>' }),
    );
    expect(pairs.rcpt_cust_reference).toContain(
      '<span class="rcpt-label">NAME</span> <span class="rcpt-value">A &amp; &lt;B&gt;</span>',
    );
    const [customer] = buildReceipts(
      new PaymentResponse(pairs),
      { merchant: { name: 'LANE' }, operation: 'sale', training: false },
      false,
    );
    expect(customer?.service).toContain('NAME A & <B>');
    expect(customer?.service).toContain('TOTAL $3.00');
    expect(customer?.service).toContain('APPROVED');
  });

  it('print into the lane’s receipt: the JSON fields at its own paper width', async () => {
    const pairs = await fx.run('sale', keyedSale('7.50', { rcpt: 'type=json' }));
    const [, merchant] = buildReceipts(
      new PaymentResponse(pairs),
      { merchant: { name: 'LANE' }, operation: 'sale', training: false },
      true,
    );
    expect(merchant?.service).toContainEqual({ label: 'TOTAL', value: '$7.50', strong: true });
    const text = renderText(merchant as ReceiptDocument, { columns: 32, codePage: 'cp437' });
    expect(text).toMatch(/\nTOTAL {22}\$7\.50\n/);
    expect(text.match(/SALE/g)).toHaveLength(1);
    expect(text.match(/MERCHANT COPY/g)).toHaveLength(1);
  });

  it('are not made for a request refused before it ran', async () => {
    const pairs = await fx.run('sale', { ...keyedSale('5.00'), expdate: '1399', rcpt: 'yes' });
    expect(pairs.msoft_code).toBe('DATA_INVALIDFIELD');
    expect(Object.keys(pairs).filter((key) => key.startsWith('rcpt_'))).toEqual([]);
  });
});

describe('receipts of other operations', () => {
  it('a reprint by trandetail: DUPLICATE, and what the transaction became since', async () => {
    const sale = await fx.run('sale', keyedSale('20.00'));
    expect((await fx.run('void', { ttid: sale.ttid ?? '' })).code).toBe('AUTH');
    const detail = await fx.run('trandetail', {
      ttid: sale.ttid ?? '',
      rcpt: 'type=json',
      rcpt_duplicate: 'yes',
    });
    expect(JSON.parse(detail.rcpt_cust_money ?? '')).toEqual([
      { label: 'AMOUNT', value: '$20.00' },
      { label: 'CURRENT AMOUNT', value: '$0.00', strong: true },
    ]);
    expect(JSON.parse(detail.rcpt_cust_disposition ?? '')).toEqual([
      { text: 'APPROVED', center: true, strong: true },
      { label: 'STATUS', value: 'VOIDED' },
    ]);
    expect(JSON.parse(detail.rcpt_cust_merch_info ?? '')[1]).toEqual({
      text: 'SALE',
      center: true,
      strong: true,
    });
    expect(detail.rcpt_merch_notice).toContain('*** DUPLICATE ***');
  });

  it('a reprint of a tipped sale: the amount asked, the tip, and the total the card is charged', async () => {
    const sale = await fx.run('sale', keyedSale('12.34'));
    const tip = { ttid: sale.ttid ?? '', tip: '2.00', amount: '14.34' };
    expect((await fx.run('adjust', tip)).code).toBe('AUTH');
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '', rcpt: 'type=json' });
    expect(JSON.parse(detail.rcpt_cust_money ?? '')).toEqual([
      { label: 'AMOUNT', value: '$12.34' },
      { label: 'TIP', value: '$2.00' },
      { label: 'TOTAL', value: '$14.34', strong: true },
    ]);
    expect((await fx.run('void', { ttid: sale.ttid ?? '' })).code).toBe('AUTH');
    const voided = await fx.run('trandetail', { ttid: sale.ttid ?? '', rcpt: 'type=json' });
    expect(JSON.parse(voided.rcpt_cust_money ?? '')).toEqual([
      { label: 'AMOUNT', value: '$12.34' },
      { label: 'TIP', value: '$2.00' },
      { label: 'CURRENT AMOUNT', value: '$0.00', strong: true },
    ]);
  });

  it('gift card operations and balance inquiry show the balance, and no signature', async () => {
    const account = giftCard(7);
    const issued = await fx.run('issue', { account, amount: '25.00', rcpt: 'type=json' });
    expect(JSON.parse(issued.rcpt_cust_money ?? '')).toEqual([
      { label: 'TOTAL', value: '$25.00', strong: true },
      { label: 'CARD BALANCE', value: '$25.00' },
    ]);
    expect(JSON.parse(issued.rcpt_cust_merch_info ?? '')[1].text).toBe('GIFT CARD ISSUE');
    expect(issued.rcpt_merch_notice).not.toContain('signature');
    const sale = await fx.run('sale', { account, amount: '5.00', rcpt: 'type=json' });
    expect(sale.rcpt_merch_notice).not.toContain('signature');
    const balance = await fx.run('balanceinq', { account, rcpt: 'type=json' });
    expect(JSON.parse(balance.rcpt_cust_money ?? '')).toEqual([
      { label: 'CARD BALANCE', value: '$20.00' },
    ]);
  });

  it('print the merchant’s receipt header, which the detail answers as merch_* too', async () => {
    await fx.store.receiptHeaders.update(
      fx.merchantId,
      { name: 'CORNER SHOP', addr1: '1 MAIN ST', phone: '555-0100' },
      0,
    );
    const pairs = await fx.run('sale', keyedSale('4.00', { rcpt: 'yes' }));
    expect(lines(pairs, 'rcpt_cust_merch_info').map((line) => line.trim())).toEqual([
      'CORNER SHOP',
      '1 MAIN ST',
      '555-0100',
      'SALE',
      '2025-06-15 10:30:00 -0400',
    ]);
    expect(await fx.run('trandetail', { ttid: pairs.ttid ?? '' })).toMatchObject({
      merch_name: 'CORNER SHOP',
      merch_addr1: '1 MAIN ST',
      merch_phone: '555-0100',
    });
  });
});

describe('e-mailed and texted copies (rcpt_email, rcpt_sms)', () => {
  /** Makes every insert into the outbox fail, as a full disk or a lost database would. */
  const breakOutbox = () =>
    fx.db.exec(`CREATE TRIGGER outbox_broken BEFORE INSERT ON receipt_outbox
                BEGIN SELECT RAISE(ABORT, 'outbox cannot be written'); END`);

  it('are kept in the store outbox, the customer copy with the masked account only', async () => {
    const pairs = await fx.run(
      'sale',
      keyedSale('9.99', {
        rcpt_email: 'pat@example.com',
        rcpt_sms: '+1 352 555 1234',
        comments: 'card 4111 1111 1111 1111',
      }),
    );
    expect(pairs.code).toBe('AUTH');
    expect(Object.keys(pairs).some((key) => key.startsWith('rcpt_cust_'))).toBe(false);
    const copies = await fx.store.outbox.list();
    expect(copies.map((copy) => [copy.channel, copy.recipient, copy.ttid])).toEqual([
      ['email', 'pat@example.com', pairs.ttid],
      ['sms', '+1 352 555 1234', pairs.ttid],
    ]);
    expect(copies[0]?.subject).toBe('test_retail: SALE APPROVED');
    expect(parseOutboxMessage(copies[1]?.message ?? '').text).toBe(
      `test_retail: SALE APPROVED, TOTAL $9.99, VISA ENDING 1111, TTID ${pairs.ttid}`,
    );
    expect(copies[0]?.name).toMatch(
      new RegExp(`^20250615T143000Z-${pairs.ttid}-email-\\w{8}\\.eml$`),
    );
    const email = copies[0]?.message ?? '';
    expect(email).toMatch(/^Date: Sun, 15 Jun 2025 14:30:00 \+0000\r\nTo: pat@example\.com\r\n/);
    expect(email).toContain('\r\n\r\n');
    expect(email).toContain('XXXXXXXXXXXX1111');
    expect(email).toContain('CUSTOMER COPY');
    expect(email).not.toContain('MERCHANT COPY');
    for (const copy of copies) expectNoPan(JSON.stringify(copy));
    expect(existsSync(join(fx.dir, 'outbox'))).toBe(false);
  });

  it('kept by the commit of the outcome leave without the sale or the header read again', async () => {
    const reads = [
      vi.spyOn(fx.store.transactions, 'find'),
      vi.spyOn(fx.store.merchants, 'profile'),
      vi.spyOn(fx.store.receiptHeaders, 'find'),
    ];
    const copies = { rcpt_email: 'pat@example.com', rcpt_sms: '+1 352 555 1234' };
    const sale = await fx.run('sale', keyedSale('3.00', copies));
    expect(sale.code).toBe('AUTH');
    expect(await fx.store.outbox.list()).toHaveLength(2);
    expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0]);
    const printed = await fx.run('sale', keyedSale('4.00', { ...copies, rcpt: 'yes' }));
    expect(printed.rcpt_cust_money).toContain('$4.00');
    expect(reads.map((read) => read.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('commit with the outcome: a sale whose copies cannot be kept is not approved', async () => {
    breakOutbox();
    const pairs = await fx.run('sale', keyedSale('5.00', { rcpt_email: 'pat@example.com' }));
    expect(pairs.code).not.toBe('AUTH');
    const rows = fx.db.prepare('SELECT state FROM transactions').all();
    expect(rows).toEqual([{ state: 'declined' }]);
  });

  it('of a reprint go out again, the answer unaffected when the outbox cannot be written', async () => {
    const sale = await fx.run('sale', keyedSale('2.00'));
    const reprint = { ttid: sale.ttid ?? '', rcpt: 'yes', rcpt_email: 'pat@example.com' };
    expect(await fx.run('trandetail', reprint)).toMatchObject({ code: 'AUTH', ttid: sale.ttid });
    expect((await fx.store.outbox.list()).map((copy) => copy.ttid)).toEqual([sale.ttid]);
    breakOutbox();
    const detail = await fx.run('trandetail', reprint);
    expect(detail).toMatchObject({ code: 'AUTH', ttid: sale.ttid });
    expect(detail.rcpt_cust_money).toContain('$2.00');
    expect(await fx.store.outbox.list()).toHaveLength(1);
  });
});
