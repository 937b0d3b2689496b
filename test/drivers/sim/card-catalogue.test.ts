import { describe, expect, it } from 'vitest';
import { detectBrand, luhnValid, parseTrack1, parseTrack2 } from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { FaultPlan } from '../../../drivers/sim/fault-plan.ts';

const cards = loadCardCatalogue();

describe('test-card catalogue (resources/test-cards.json)', () => {
  it.each(cards.map((card) => [card.id, card] as const))(
    '%s: Luhn-valid, brand right, tracks agree with the fields',
    (_id, card) => {
      expect(luhnValid(card.pan)).toBe(true);
      expect(detectBrand(card.pan)?.code).toBe(card.brand);
      const track1 = parseTrack1(card.track1);
      const track2 = parseTrack2(card.track2);
      for (const track of [track1, track2]) {
        expect(track).toMatchObject({
          pan: card.pan,
          expiry: card.expiry,
          serviceCode: card.serviceCode,
        });
      }
      expect(track1.name?.trim()).toBe(card.cardholderName);
      expect(card.pin).toMatch(/^[0-9]{4,12}$/);
    },
  );

  it('has unique ids and chip data for every chip service code', () => {
    expect(new Set(cards.map((card) => card.id)).size).toBe(cards.length);
    for (const card of cards)
      if (card.serviceCode.startsWith('2') && card.expiry > '2600') expect(card.emv).not.toBeNull();
  });

  it('names the known ids, never a PAN, when a card is not found', () => {
    expect(() => findCard(cards, '4111111111111111')).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'card' }),
    );
    try {
      findCard(cards, '4111111111111111');
    } catch (error) {
      expect((error as Error).message).not.toContain('4111111111111111');
    }
  });
});

describe('FaultPlan', () => {
  it('parses command-line specs and counts faults down as they fire', () => {
    const plan = FaultPlan.parse(['slow:2500', 'garbage*2', 'unplug*always']);
    expect(plan.slowMs).toBe(2500);
    expect([plan.fire('garbage'), plan.fire('garbage'), plan.fire('garbage')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(plan.fire('unplug') && plan.fire('unplug')).toBe(true);
    expect(plan.fire('bad-checksum')).toBe(false);
  });

  it('takes :ms on slow (delay) and unplug (how long the cable stays out), and refuses it elsewhere', () => {
    const plan = FaultPlan.parse(['unplug:500']);
    expect([plan.replugMs, plan.slowMs, plan.armed('unplug'), plan.armed('slow')]).toEqual([
      500,
      1500,
      true,
      false,
    ]);
    expect(new FaultPlan().replugMs).toBe(2000);
    expect(() => FaultPlan.parse(['garbage:10'])).toThrow(
      expect.objectContaining({
        code: 'BAD_INPUT',
        field: 'fault',
        message: 'fault: only slow and unplug take :ms',
      }),
    );
  });

  it('refuses an unknown fault naming the field', () => {
    expect(() => FaultPlan.parse(['meltdown'])).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'fault' }),
    );
  });
});
