import { describe, expect, it } from 'vitest';
import type { CardRead } from '../../../drivers/index.ts';
import { ChipFirst, type ChipReaderState, isChipCard } from '../../../main/lane/chip-fallback.ts';

/** An encrypted swipe as the reader shows it: only entry mode and service code matter here. */
function swipe(
  serviceCode: string | undefined,
  entryMode: 'swipe' | 'fallback-swipe' = 'swipe',
): CardRead {
  return {
    kind: 'encrypted-swipe',
    entryMode,
    e_trackdata: '00',
    e_id: 'FFFF9876543210E00001',
    e_datafieldfmt: 'idtech',
    maskedAccount: 'XXXXXXXXXXXX1111',
    lastFour: '1111',
    ...(serviceCode === undefined ? {} : { serviceCode }),
  };
}

/** A lane whose EMV reader is connected. */
const ready = (): ChipReaderState => 'ready';

const inserted: CardRead = {
  kind: 'emv',
  entryMode: 'contact',
  icc: '9F390105',
  rfid: 'no',
  receipt: {},
  maskedAccount: 'XXXXXXXXXXXX1111',
  lastFour: '1111',
  serviceCode: '201',
};

describe('chip first', () => {
  it('knows a chip card by a service code starting 2 or 6, and no other', () => {
    expect(['201', '221', '601', '620'].map((code) => isChipCard(swipe(code)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['101', '501', '701', '901'].map((code) => isChipCard(swipe(code)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isChipCard(swipe(undefined))).toBe(false);
  });

  it('knows a chip card the reader flags (ID TECH field 8 bit 5) though its service code is masked', () => {
    const flagged: CardRead = { ...swipe(undefined), chipCard: true };
    expect(isChipCard(flagged)).toBe(true);
    expect(new ChipFirst(ready).judge(flagged)).toBe('insert_chip');
  });

  it('asks for the chip on a chip card swiped, until a chip read failed; then takes the swipe as a fallback', () => {
    const rule = new ChipFirst(ready);
    expect(rule.judge(swipe('201'))).toBe('insert_chip');
    expect(rule.judge(swipe('201'))).toBe('insert_chip');
    rule.readFailed();
    expect(rule.judge(swipe('201'))).toBe('fallback');
  });

  it('counts only the failed reads made after it asked for the chip', () => {
    const rule = new ChipFirst(ready);
    rule.readFailed();
    expect(rule.judge(swipe('601'))).toBe('insert_chip');
  });

  it('waits for as many failed chip reads as configured', () => {
    const rule = new ChipFirst(ready, 3);
    expect(rule.judge(swipe('201'))).toBe('insert_chip');
    rule.readFailed();
    rule.readFailed();
    expect(rule.judge(swipe('201'))).toBe('insert_chip');
    rule.readFailed();
    expect(rule.judge(swipe('201'))).toBe('fallback');
  });

  it('takes stripe-only cards, chip reads, the EMV reader’s own fallback swipe, and any swipe on a lane without a chip reader', () => {
    const rule = new ChipFirst(ready);
    expect(rule.judge(swipe('101'))).toBe('take');
    expect(rule.judge(swipe(undefined))).toBe('take');
    expect(rule.judge(inserted)).toBe('take');
    expect(rule.judge(swipe('201', 'fallback-swipe'))).toBe('take');
    expect(new ChipFirst(() => 'none').judge(swipe('201'))).toBe('take');
  });

  it('takes a chip card swiped as a fallback while the EMV reader is down, and asks for the chip again once it is back', () => {
    let reader: ChipReaderState = 'down';
    const rule = new ChipFirst(() => reader);
    expect(rule.judge(swipe('201'))).toBe('fallback');
    expect(rule.judge(swipe('101'))).toBe('take');
    reader = 'ready';
    expect(rule.judge(swipe('201'))).toBe('insert_chip');
  });
});
