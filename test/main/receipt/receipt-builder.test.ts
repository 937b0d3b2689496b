import { describe, expect, it } from 'vitest';
import { DeclineReason } from '../../../main/lane-api/index.ts';
import { PaymentResponse } from '../../../main/payment/index.ts';
import { RECEIPT_WORDS } from '../../../protocol/index.ts';
import {
  type ReceiptDocument,
  ReceiptError,
  buildReceipt,
  buildReceipts,
  buildReprint,
  renderText,
} from '../../../main/receipt/index.ts';
import { chipSaleAnswer, saleContext } from './receipt-answers.ts';

const TARGET = { columns: 42, codePage: 'cp437' } as const;

describe('buildReceipt', () => {
  it('makes one document of an approved chip sale: header, card, amounts, EMV lines, references, barcode', () => {
    expect(buildReceipt(chipSaleAnswer(), saleContext())).toEqual({
      copy: 'customer',
      language: 'en',
      duplicate: false,
      training: false,
      merchant: ['LaneTerm Mart', '1 Main St', 'Springfield 555-0100'],
      title: 'SALE',
      time: '2026-03-14 12:30:05 CDT',
      outcome: { approved: true, partial: false, text: 'APPROVED' },
      amounts: [{ label: 'TOTAL', value: '$12.34', strong: true }],
      card: [
        { label: 'CARD', value: 'VISA' },
        { label: 'ACCOUNT', value: 'XXXXXXXXXXXX1111' },
        { label: 'ENTRY', value: 'CHIP' },
        { label: 'ACCOUNT TYPE', value: 'CREDIT' },
      ],
      emv: [
        { label: 'AID', value: 'A0000000031010' },
        { label: 'APP NAME', value: 'VISA CREDIT' },
        { label: 'TVR', value: '0000008000' },
        { label: 'TSI', value: 'E800' },
        { label: 'ARQC', value: '64B9A2787FE6DE68' },
        { label: 'CVM', value: 'SIGNATURE (1E0302)' },
      ],
      references: [
        { label: 'AUTH CODE', value: '123456' },
        { label: 'TRANSACTION', value: '96748596' },
        { label: 'ORDER', value: 'LANE7-0042' },
        { label: 'RESPONSE', value: '00' },
        { label: 'LANE', value: '7' },
      ],
      notes: [],
      service: [],
      signature: false,
      barcode: '96748596',
    } satisfies ReceiptDocument);
  });

  it('shows tip and cash back with the total, and the entry mode of each rcpt_entry_mode letter', () => {
    const document = buildReceipt(
      chipSaleAnswer({ rcpt_entry_mode: 'T' }),
      saleContext({ tipMinor: 200, cashbackMinor: 2000 }),
    );
    expect(document.amounts).toEqual([
      { label: 'AMOUNT', value: '$12.34' },
      { label: 'TIP', value: '$2.00' },
      { label: 'CASH BACK', value: '$20.00' },
      { label: 'TOTAL', value: '$34.34', strong: true },
    ]);
    expect(document.card).toContainEqual({ label: 'ENTRY', value: 'CONTACTLESS' });
    for (const [letter, words] of [
      ['S', 'SWIPED'],
      ['F', 'SWIPED (CHIP FAILED)'],
      ['M', 'KEYED'],
      ['Q', 'Q'],
    ] as const)
      expect(
        buildReceipt(chipSaleAnswer({ rcpt_entry_mode: letter }), saleContext()).card,
      ).toContainEqual({
        label: 'ENTRY',
        value: words,
      });
  });

  it('a partial approval shows requested, approved and the balance due', () => {
    const document = buildReceipt(
      chipSaleAnswer({ authamount: '10.00' }),
      saleContext({ amountMinor: 2500 }),
    );
    expect(document.outcome).toEqual({ approved: true, partial: true, text: 'PARTIALLY APPROVED' });
    expect(document.amounts).toEqual([
      { label: 'REQUESTED', value: '$25.00' },
      { label: 'APPROVED', value: '$10.00', strong: true },
      { label: 'BALANCE DUE', value: '$15.00' },
    ]);
  });

  /** A decline the service words in English. */
  const nsfDecline = () =>
    chipSaleAnswer({
      code: 'DENY',
      phard_code: 'DECLINE',
      verbiage: 'INSUFFICIENT FUNDS',
      auth: '',
    });

  it('a decline says why, prints no barcode and asks no signature', () => {
    const answer = nsfDecline();
    const context = saleContext({ declineReason: 'insufficient_funds' });
    const [customer, merchant] = buildReceipts(answer, context, true);
    expect(customer?.outcome).toEqual({
      approved: false,
      partial: false,
      text: 'DECLINED',
      detail: 'INSUFFICIENT FUNDS',
    });
    expect(customer?.barcode).toBeUndefined();
    expect(merchant?.signature).toBe(false);
    expect(renderText(customer as ReceiptDocument, TARGET)).toContain('INSUFFICIENT FUNDS');
  });

  it("prints a Spanish customer copy's decline reason, time and zone in Spanish, never the service's English", () => {
    const answer = nsfDecline();
    const spanish = saleContext({ language: 'es', declineReason: 'insufficient_funds' });
    const [customer, merchant] = buildReceipts(answer, spanish, true);
    expect(customer?.outcome).toEqual({
      approved: false,
      partial: false,
      text: 'RECHAZADA',
      detail: 'FONDOS INSUFICIENTES',
    });
    expect(customer?.time).toBe('2026-03-14 12:30:05 CDT');
    const text = renderText(customer as ReceiptDocument, TARGET);
    expect(text).toContain('FONDOS INSUFICIENTES');
    expect(text).not.toMatch(/INSUFFICIENT|-0500/);
    expect(merchant?.outcome.detail).toBe('FONDOS INSUFICIENTES');
    const unread = buildReceipt(answer, saleContext({ language: 'es' }));
    expect(unread.outcome).toEqual({ approved: false, partial: false, text: 'RECHAZADA' });
    const english = buildReceipt(answer, saleContext({ declineReason: 'insufficient_funds' }));
    expect(english.outcome.detail).toBe('INSUFFICIENT FUNDS');
  });

  /** A debit sale refused because the service holds no key for the PIN pad's key set. */
  const setupRefusal = () =>
    chipSaleAnswer({
      code: 'DENY',
      msoft_code: 'SYS_SETUP',
      phard_code: '',
      verbiage: 'ksn: no base derivation key for key set FFFF123456 on this server',
      auth: '',
    });

  it("prints the customer's copy of a refusal in plain words, never the service's technical text; the merchant's keeps that text", () => {
    const [customer, merchant] = buildReceipts(
      setupRefusal(),
      saleContext({ declineReason: 'lane_setup' }),
      true,
    );
    expect(customer?.outcome).toEqual({
      approved: false,
      partial: false,
      text: 'DECLINED',
      detail: 'TERMINAL SETUP ERROR',
    });
    const text = renderText(customer as ReceiptDocument, TARGET);
    expect(text).toContain('TERMINAL SETUP ERROR');
    expect(text).not.toMatch(/ksn|derivation|FFFF123456/i);
    expect(merchant?.outcome.detail).toBe(
      'ksn: no base derivation key for key set FFFF123456 on this server',
    );
    const unread = buildReceipt(setupRefusal(), saleContext());
    expect(unread.outcome).toEqual({ approved: false, partial: false, text: 'DECLINED' });
    const spanish = buildReceipts(
      setupRefusal(),
      saleContext({ language: 'es', declineReason: 'lane_setup' }),
      true,
    );
    expect(spanish.map((copy) => copy.outcome.detail)).toEqual([
      'ERROR DE CONFIGURACION',
      'ERROR DE CONFIGURACION',
    ]);
  });

  it("leaves the service's formatted copy of a decline off the customer's copy, which it would tell the service's text", () => {
    const disposition =
      'DECLINED\nksn: no base derivation key for key set FFFF123456 on this server';
    const answer = new PaymentResponse({
      ...setupRefusal().pairs,
      rcpt_cust_disposition: disposition,
      rcpt_merch_disposition: disposition,
    });
    const [customer, merchant] = buildReceipts(
      answer,
      saleContext({ declineReason: 'lane_setup' }),
      true,
    );
    expect(customer?.service).toEqual([]);
    const text = renderText(customer as ReceiptDocument, TARGET);
    expect(text).toContain('TERMINAL SETUP ERROR');
    expect(text).not.toMatch(/ksn|derivation/i);
    expect(merchant?.service).toEqual([
      'DECLINED',
      'ksn: no base derivation key for key set FFFF123456 on this server',
    ]);
  });

  it("an English merchant copy prints the reason's words when the service gave no text", () => {
    const answer = new PaymentResponse({ account: 'XXXXXXXXXXXX1111', cardtype: 'VISA' });
    const context = saleContext({ standing: 'declined', declineReason: 'offline_refused' });
    const [customer, merchant] = buildReceipts(answer, context, true);
    expect(customer?.outcome.detail).toBe('CANNOT BE APPROVED OFFLINE');
    expect(merchant?.outcome.detail).toBe('CANNOT BE APPROVED OFFLINE');
  });

  it.each(['en', 'es'] as const)(
    'has words in %s for every decline reason the lane reads, on one line of a 58 mm roll',
    (language) => {
      const words = RECEIPT_WORDS[language].declineReasons;
      expect(DeclineReason.options.filter((reason) => words[reason] === undefined)).toEqual([]);
      expect(Object.values(words).filter((text) => text.length > 32)).toEqual([]);
    },
  );

  it("states the chip's final cryptogram, TVR and TSI once the card completed, not the answer's ARQC", () => {
    const finalByLabel = { TVR: '0000048000', TSI: 'F800', ARQC: '1F2E3D4C5B6A7988' };
    const chip = {
      cryptogramType: 'TC',
      cryptogram: finalByLabel.ARQC,
      tvr: finalByLabel.TVR,
      tsi: finalByLabel.TSI,
    } as const;
    const first = buildReceipt(chipSaleAnswer(), saleContext()).emv;
    const document = buildReceipt(chipSaleAnswer(), saleContext({ chip }));
    expect(document.emv).toEqual(
      first.map(({ label, value }) => ({
        label: label === 'ARQC' ? 'TC' : label,
        value: finalByLabel[label as keyof typeof finalByLabel] ?? value,
      })),
    );
    const text = renderText(document, TARGET);
    expect(text).toMatch(/TC\s+1F2E3D4C5B6A7988/);
    expect(text).not.toContain('ARQC');
    expect(text).not.toContain('64B9A2787FE6DE68');
    const withoutTsi = buildReceipt(
      chipSaleAnswer(),
      saleContext({ chip: { cryptogramType: 'TC', cryptogram: finalByLabel.ARQC } }),
    );
    expect(withoutTsi.emv).toContainEqual({ label: 'TSI', value: 'E800' });
    expect(withoutTsi.emv).toContainEqual({ label: 'TVR', value: '0000008000' });
  });

  it('a card that declines after the online approval (rcpt_emv_card_decline) is a decline', () => {
    const document = buildReceipt(chipSaleAnswer({ rcpt_emv_card_decline: 'yes' }), saleContext());
    expect(document.outcome).toEqual({
      approved: false,
      partial: false,
      text: 'DECLINED',
      detail: 'DECLINED BY CARD',
    });
  });

  it('the merchant copy has a signature line unless the cardholder gave a PIN', () => {
    const signatures = (answer: PaymentResponse, pinVerified = false) =>
      buildReceipts(answer, saleContext({ pinVerified }), true).map((copy) => copy.signature);
    expect(signatures(chipSaleAnswer())).toEqual([false, true]);
    expect(signatures(chipSaleAnswer(), true)).toEqual([false, false]);
    expect(signatures(chipSaleAnswer({ rcpt_emv_cvm: '420300' }))).toEqual([false, false]);
    expect(signatures(chipSaleAnswer({ rcpt_emv_cvm: 'ONLINE PIN' }))).toEqual([false, false]);
    expect(signatures(chipSaleAnswer({ rcpt_emv_cvm: 'SIGNATURE' }))).toEqual([false, true]);
    const refund = buildReceipts(chipSaleAnswer(), saleContext({ operation: 'refund' }), true);
    expect(refund.map((copy) => copy.signature)).toEqual([false, false]);
  });

  it.each([
    ['420300', 'PIN (420300)'],
    ['410301', 'PIN FAILED (410301)'],
    ['1e0302', 'SIGNATURE (1E0302)'],
    ['030302', 'PIN + SIGNATURE (030302)'],
    ['1F0002', 'NO CVM (1F0002)'],
    ['3F0000', 'NO CVM (3F0000)'],
    ['250000', 'CVM (250000)'],
    ['CDCVM', 'CDCVM'],
  ])('reads CVM Results %s as "%s"', (cvm, words) => {
    const document = buildReceipt(chipSaleAnswer({ rcpt_emv_cvm: cvm }), saleContext());
    expect(document.emv).toContainEqual({ label: 'CVM', value: words });
  });

  it('never shows a full card number: the account keeps its last four, any other PAN is masked', () => {
    const document = buildReceipt(
      chipSaleAnswer({
        account: '4111111111111111',
        verbiage: 'APPROVED 4111-1111-1111-1111',
        cardholdername: 'CARD 5454545454545454',
        rcpt_custom: 'ref 4012 8888 8888 1881',
      }),
      saleContext({ notes: ['call 4111111111111111 now'] }),
    );
    expect(document.card).toContainEqual({ label: 'ACCOUNT', value: 'XXXXXXXXXXXX1111' });
    expect(document.card).toContainEqual({ label: 'NAME', value: 'CARD XXXXXXXXXXXX5454' });
    expect(document.notes).toEqual(['call XXXXXXXXXXXX1111 now', 'ref XXXX XXXX XXXX 1881']);
    const text = renderText(document, TARGET);
    for (const pan of ['4111111111111111', '5454545454545454', '4012888888881881'])
      expect(text.replace(/[ -]/g, '')).not.toContain(pan);
  });

  it('renderers refuse a document made by hand that holds a card number (CARD_DATA, field named)', () => {
    const document = buildReceipt(chipSaleAnswer(), saleContext());
    document.references.push({ label: 'REF', value: '4111 1111 1111 1111' });
    expect(() => renderText(document, TARGET)).toThrowError(ReceiptError);
    expect(() => renderText(document, TARGET)).toThrow(
      'references: holds a card number; receipts show the last four digits only',
    );
  });

  it('keeps the service formatted receipt of each copy, its parts in print order, HTML made text', () => {
    const answer = chipSaleAnswer({
      rcpt_cust_money: 'TOTAL      12.34',
      rcpt_cust_merch_info: '<b>LANETERM MART</b><br/>1 MAIN ST',
      rcpt_cust_reference: '<div>TTID 96</div><div>CARD VISA</div>',
      rcpt_cust_disposition: 'APPROVED &amp; THANK YOU',
      rcpt_cust_notice: '<div>CUSTOMER COPY</div>',
      rcpt_merch_money: 'TOTAL      12.34\nTIP ________',
    });
    const [customer, merchant] = buildReceipts(answer, saleContext(), true);
    expect(customer?.service).toEqual([
      'TTID 96',
      'CARD VISA',
      'TOTAL      12.34',
      'APPROVED & THANK YOU',
    ]);
    expect(merchant?.service).toEqual(['TOTAL      12.34', 'TIP ________']);
    const text = renderText(customer as ReceiptDocument, TARGET);
    expect(text).toContain('\nTOTAL      12.34\n');
    expect(text).not.toContain('AUTH CODE');
    expect(text).not.toContain('LANETERM MART');
  });

  it('lays out the structured form (rcpt=type=json) at its own width, card numbers masked', () => {
    const answer = chipSaleAnswer({
      rcpt_cust_money: JSON.stringify([{ label: 'TOTAL', value: '$12.34', strong: true }]),
      rcpt_cust_disposition: JSON.stringify([
        { text: 'APPROVED', center: true, strong: true },
        { text: 'REF 4111111111111111' },
      ]),
      rcpt_cust_notice: JSON.stringify([{ signature: true }, { text: 'CUSTOMER COPY' }]),
      rcpt_cust_reference: '[not json',
    });
    const [customer] = buildReceipts(answer, saleContext(), false);
    expect(customer?.service).toEqual([
      '[not json',
      { label: 'TOTAL', value: '$12.34', strong: true },
      'APPROVED',
      'REF XXXXXXXXXXXX1111',
    ]);
    const lines = renderText(customer as ReceiptDocument, TARGET).split('\n');
    const total = lines.find((line) => line.startsWith('TOTAL')) ?? '';
    expect(total).toHaveLength(TARGET.columns);
    expect(total.trimEnd().endsWith('$12.34')).toBe(true);
    expect(lines).not.toContain('CUSTOMER COPY');
  });

  it('speaks Spanish when asked, and marks training and duplicate copies', () => {
    const document = buildReceipt(
      chipSaleAnswer(),
      saleContext({ language: 'es', training: true, duplicate: true }),
      'merchant',
    );
    expect([document.title, document.outcome.text, document.amounts[0]?.label]).toEqual([
      'VENTA',
      'APROBADA',
      'TOTAL',
    ]);
    const lines = renderText(document, TARGET)
      .split('\n')
      .map((line) => line.trim());
    expect(lines).toContain('*** ENTRENAMIENTO ***');
    expect(lines).toContain('COPIA DEL COMERCIO');
    expect(lines).toContain('*** DUPLICADO ***');
  });
});

describe('buildReprint', () => {
  const detail = (extra: Record<string, string> = {}) =>
    new PaymentResponse({
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      verbiage: 'SUCCESS',
      action: 'sale',
      orig_code: 'AUTH',
      orig_msoft_code: 'INT_SUCCESS',
      orig_phard_code: 'SUCCESS',
      orig_verbiage: 'APPROVED',
      orig_reqamount: '12.34',
      amount: '12.34',
      ttid: '96748596',
      auth: '123456',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      rcpt_entry_mode: 'C',
      txnstatus: 'APPROVED',
      ...extra,
    });

  it('rebuilds the copies from the transaction detail, marked DUPLICATE', () => {
    const [copy] = buildReprint(
      detail(),
      { merchant: saleContext().merchant, training: false },
      false,
    );
    expect(copy).toMatchObject({
      duplicate: true,
      title: 'SALE',
      outcome: { approved: true, text: 'APPROVED' },
      amounts: [{ label: 'TOTAL', value: '$12.34' }],
      barcode: '96748596',
    });
    expect(renderText(copy as ReceiptDocument, TARGET)).toContain('*** DUPLICATE ***');
  });

  it('says when the transaction was voided since, and reads the original decline', () => {
    const [voided] = buildReprint(
      detail({ txnstatus: 'APPROVED|VOIDED', amount: '0.00' }),
      { merchant: saleContext().merchant, training: false },
      false,
    );
    expect(voided?.references.at(-1)).toEqual({ label: 'STATUS', value: 'VOIDED' });
    expect(voided?.outcome).toEqual({ approved: true, partial: false, text: 'APPROVED' });
    expect(voided?.amounts).toEqual([{ label: 'TOTAL', value: '$12.34', strong: true }]);
    const [declined, merchant] = buildReprint(
      detail({ orig_code: 'DENY', orig_verbiage: 'DO NOT HONOR', txnstatus: 'DECLINED' }),
      { merchant: saleContext().merchant, training: false, declineReason: 'declined' },
      true,
    );
    expect(declined?.outcome).toEqual({
      approved: false,
      partial: false,
      text: 'DECLINED',
      detail: 'DECLINED BY ISSUER',
    });
    expect(merchant?.outcome.detail).toBe('DO NOT HONOR');
  });

  it('refuses a detail that names no operation (BAD_INPUT on action)', () => {
    expect(() =>
      buildReprint(
        detail({ action: '' }),
        { merchant: saleContext().merchant, training: false },
        false,
      ),
    ).toThrow('action: the transaction detail names no operation');
  });
});
