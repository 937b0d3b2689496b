import { describe, expect, it } from 'vitest';
import {
  AMOUNT_TRIGGERS,
  LoopbackProcessor,
  amountDelayMs,
  approvalCode,
  type ProcessorRequest,
} from '../../../server/processor/index.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const VISA = { pan: '4111111111111111', expdate: '1230', cardtype: 'VISA', cardNotPresent: true };

function authorize(amount: number, extra: Partial<ProcessorRequest> = {}): ProcessorRequest {
  return {
    kind: 'authorize',
    amount,
    card: VISA,
    verification: { cv: '999' },
    stan: '000042',
    now: NOW,
    ...extra,
  };
}

describe('LoopbackProcessor', () => {
  const delays: number[] = [];
  const processor = new LoopbackProcessor({
    pace: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  });

  it('approves an ordinary amount with a six-digit code derived from the stan', async () => {
    const reply = await processor.send(authorize(1000));
    expect(reply).toEqual({
      code: 'AUTH',
      phardCode: 'SUCCESS',
      verbiage: 'APPROVED',
      auth: approvalCode('000042'),
      cv: 'GOOD',
    });
    expect(reply.auth).toMatch(/^[0-9]{6}$/);
    expect(approvalCode('000043')).not.toBe(approvalCode('000042'));
  });

  it.each([
    [601, 'DENY', 'GENERICFAIL', 'DECLINE'],
    [510, 'CALL', 'CALL', 'CALL PROCESSOR'],
    [520, 'PKUP', 'PICKUP', 'PICKUP CARD'],
    [530, 'RETRY', 'RETRY', 'RETRY'],
    [540, 'SETUP', 'SETUP', 'SETUP ERROR'],
    [550, 'TIMEOUT', 'TIMEOUT', 'PROCESSOR TIMEOUT'],
  ])('amount %i answers %s / %s / %s', async (amount, code, phardCode, verbiage) => {
    const reply = await processor.send(authorize(amount));
    expect(reply).toEqual({ code, phardCode, verbiage });
  });

  it('lists exactly the documented decline triggers', () => {
    expect(AMOUNT_TRIGGERS.map((t) => t.amount).sort()).toEqual([510, 520, 530, 540, 550, 601]);
  });

  it('applies the triggers to credits too', async () => {
    const reply = await processor.send({
      ...authorize(601),
      kind: 'credit',
      verification: undefined,
    });
    expect(reply.code).toBe('DENY');
  });

  it('waits cents-as-seconds for 8.00 to 8.99 and not otherwise', async () => {
    delays.length = 0;
    await processor.send(authorize(805));
    await processor.send(authorize(899));
    await processor.send(authorize(900));
    await processor.send({ kind: 'reverse', amount: 812, stan: '1', now: NOW });
    expect(delays).toEqual([5000, 99_000, 0, 12_000]);
    expect([amountDelayMs(799), amountDelayMs(800), amountDelayMs(801)]).toEqual([0, 0, 1000]);
  });

  it('declines an expired card, and a card without expiry, as EXPIRED CARD', async () => {
    const expired = await processor.send(authorize(1000, { card: { ...VISA, expdate: '0525' } }));
    expect(expired).toEqual({ code: 'DENY', phardCode: 'EXPIRED', verbiage: 'EXPIRED CARD' });
    const thisMonth = await processor.send(authorize(1000, { card: { ...VISA, expdate: '0625' } }));
    expect(thisMonth.code).toBe('AUTH');
    const none = await processor.send(
      authorize(1000, { card: { pan: VISA.pan, cardtype: 'VISA', cardNotPresent: true } }),
    );
    expect(none.phardCode).toBe('EXPIRED');
  });

  it('checks expiry before the amount triggers', async () => {
    const reply = await processor.send(authorize(601, { card: { ...VISA, expdate: '0120' } }));
    expect(reply.phardCode).toBe('EXPIRED');
  });

  it('approves completions and reversals of any amount', async () => {
    for (const kind of ['complete', 'reverse'] as const) {
      const reply = await processor.send({ kind, amount: 601, stan: '7', now: NOW });
      expect(reply.code).toBe('AUTH');
    }
  });

  it('declines an increment that does not raise the total, and applies triggers to the new total', async () => {
    const same = await processor.send({
      kind: 'increment',
      amount: 1000,
      previousAmount: 1000,
      stan: '1',
      now: NOW,
    });
    expect(same).toEqual({ code: 'DENY', phardCode: 'GENERICFAIL', verbiage: 'DECLINE' });
    const up = await processor.send({
      kind: 'increment',
      amount: 1500,
      previousAmount: 1000,
      stan: '1',
      now: NOW,
    });
    expect(up.code).toBe('AUTH');
    const trigger = await processor.send({
      kind: 'increment',
      amount: 601,
      previousAmount: 500,
      stan: '1',
      now: NOW,
    });
    expect(trigger.code).toBe('DENY');
  });

  it('declines on the AVS denial address and on an unknown CV, keeping both results', async () => {
    const avs = await processor.send(
      authorize(1000, {
        verification: { street: '2831 NW 41st St STE J', zip: '32615', cv: '999' },
      }),
    );
    expect(avs).toEqual({
      code: 'DENY',
      phardCode: 'AVSFAIL',
      verbiage: 'AVS DECLINE',
      avs: 'BAD',
      cv: 'GOOD',
    });
    const cv = await processor.send(authorize(1000, { verification: { zip: '32606', cv: '555' } }));
    expect(cv).toEqual({
      code: 'DENY',
      phardCode: 'GENERICFAIL',
      verbiage: 'CV DECLINE',
      avs: 'GOOD',
      cv: 'BAD',
    });
  });
  it('approves 6.75 and 6.76 on a card for 5.00 only (partial approval), not a credit or gift message', async () => {
    for (const amount of [675, 676]) {
      expect(await processor.send(authorize(amount))).toMatchObject({
        code: 'AUTH',
        authAmount: 500,
      });
    }
    expect((await processor.send(authorize(675, { kind: 'credit' }))).authAmount).toBeUndefined();
    const gift = await processor.send(authorize(675, { card: undefined, verification: undefined }));
    expect(gift).toEqual({
      code: 'AUTH',
      phardCode: 'SUCCESS',
      verbiage: 'APPROVED',
      auth: approvalCode('000042'),
    });
  });

  it('answers an inquiry about a card with its balance after the card checks, never an amount trigger', async () => {
    expect(await processor.send(authorize(0, { kind: 'inquire' }))).toMatchObject({
      code: 'AUTH',
      balance: 250_000,
      cv: 'GOOD',
    });
    const expired = await processor.send(
      authorize(0, { kind: 'inquire', card: { ...VISA, expdate: '0120' } }),
    );
    expect(expired).toMatchObject({ code: 'DENY', phardCode: 'EXPIRED' });
    const gift = await processor.send(authorize(0, { kind: 'inquire', card: undefined }));
    expect(gift.balance).toBeUndefined();
  });
});
