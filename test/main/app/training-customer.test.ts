// The training customer on the lane API: it lists the catalogue's test cards without their
// numbers, presents a card the catalogue has, refuses one it has not, and passes every other
// command to the lane.
import { describe, expect, it } from 'vitest';
import { loadCardCatalogue } from '../../../drivers/sim/index.ts';
import { withTrainingCustomer } from '../../../main/app/training-customer.ts';
import { ScriptedLane } from '../bridge/scripted-lane.ts';

/** The catalogue's cards with a recording present(): the simulated reader stands in (named so). */
function recordingDevices() {
  const presented: [string, string][] = [];
  return {
    presented,
    cards: loadCardCatalogue(),
    present: async (cardId: string, how: string) => {
      presented.push([cardId, how]);
    },
  };
}

describe('training customer', () => {
  it('lists the test cards by id, description and brand, never their numbers', async () => {
    const lane = withTrainingCustomer(new ScriptedLane(), recordingDevices());
    const reply = await lane.send({ type: 'training.cards' });
    if (!reply.ok) throw new Error(reply.error.message);
    const { cards } = reply.data as { cards: Record<string, string>[] };
    expect(cards[0]).toEqual({ id: 'visa', description: 'Visa credit, chip', brand: 'VISA' });
    expect(cards.every((card) => Object.keys(card).sort().join() === 'brand,description,id')).toBe(
      true,
    );
    expect(JSON.stringify(cards)).not.toMatch(/\d{12,}/);
  });

  it('presents a known card and refuses an unknown one', async () => {
    const devices = recordingDevices();
    const lane = withTrainingCustomer(new ScriptedLane(), devices);
    expect(await lane.send({ type: 'training.present', cardId: 'mc', how: 'tap' })).toEqual({
      ok: true,
      data: { presented: true },
    });
    expect(await lane.send({ type: 'training.present', cardId: 'nocard', how: 'swipe' })).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'training.present: no test card nocard',
        field: 'cardId',
        rule: 'training.card_id',
      },
    });
    expect(devices.presented).toEqual([['mc', 'tap']]);
  });

  it('answers unavailable when the simulated reader fails, and passes other commands on', async () => {
    const scripted = new ScriptedLane();
    const lane = withTrainingCustomer(scripted, {
      cards: loadCardCatalogue(),
      present: async () => {
        throw new Error('pty closed');
      },
    });
    expect(
      await lane.send({ type: 'training.present', cardId: 'visa', how: 'insert' }),
    ).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    await lane.send({ type: 'sale.start', amountMinor: 100 });
    expect(scripted.received).toEqual([{ type: 'sale.start', amountMinor: 100 }]);
    const events: string[] = [];
    lane.subscribe((event) => events.push(event.type))();
    expect(events).toEqual(['snapshot']);
  });
});
