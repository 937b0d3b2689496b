import { describe, expect, it } from 'vitest';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { capturedFromRead } from '../../main/lane/captured-card.ts';
import { cardOfflineDecision } from '../../main/lane/offline/card-offline-decision.ts';
import { ngaBenches } from './helpers/nga-bench.ts';

const cards = loadCardCatalogue();

const start = ngaBenches();

/** Inserts a catalogue card in the simulated EMV reader over a pty and reads it as the lane does. */
async function insert(cardId: string) {
  const { driver, sim } = await start();
  const reading = driver.readCard({ amountMinor: 1500, deadlineMs: 5000 });
  sim.present(findCard(cards, cardId), 'contact');
  const read = await reading;
  return { read, captured: capturedFromRead(read), awaiting: sim.awaitingHostResponse };
}

describe("a chip card's first GENERATE AC (docs/lane.md › Offline)", () => {
  it('mc-offline approves offline itself: TC with no TVR bit, its CVR saying so, and nothing to complete', async () => {
    const { read, captured, awaiting } = await insert('mc-offline');
    if (read.kind !== 'emv') throw new Error('expected an EMV read');
    expect(read.receipt).toMatchObject({ cryptogramType: 'TC', tvr: '0000000000' });
    expect(read.icc).toContain('9F270140');
    expect(read.icc).toContain('9F1012011090');
    expect(awaiting).toBe(false);
    expect(captured.chip).toBeUndefined();
    const firstAc = captured.offline.firstAc;
    if (firstAc === undefined) throw new Error('no first GENERATE AC');
    expect(cardOfflineDecision(firstAc)).toEqual({ kind: 'approved', arc: 'Y1' });
  });

  it('mc asks to go online: ARQC, the floor limit bit set, and the card waits for the answer', async () => {
    const { read, captured, awaiting } = await insert('mc');
    if (read.kind !== 'emv') throw new Error('expected an EMV read');
    expect(read.receipt).toMatchObject({ cryptogramType: 'ARQC', tvr: '0000008000' });
    expect(read.icc).toContain('9F270180');
    expect(read.icc).toContain('9F10120110A0');
    expect(awaiting).toBe(true);
    expect(captured.chip).toBe(true);
    const firstAc = captured.offline.firstAc;
    if (firstAc === undefined) throw new Error('no first GENERATE AC');
    expect(cardOfflineDecision(firstAc)).toEqual({ kind: 'refused', arc: 'Z3' });
  });
});
