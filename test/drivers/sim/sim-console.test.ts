import { describe, expect, it } from 'vitest';
import { loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { FaultPlan } from '../../../drivers/sim/fault-plan.ts';
import { type SimSettings, startSimDevice } from '../../../drivers/sim/sim-devices.ts';

/** A MagTek simulator without a port: its reports go to `capture`, its log lines to `logged`. */
async function magtekConsole(logged: string[]) {
  const settings: SimSettings = {
    device: 'magtek',
    port: undefined,
    pty: undefined,
    baudRate: 9600,
    keys: {},
    faults: new FaultPlan(),
    cards: loadCardCatalogue(),
    format: 'enhanced',
    masking: {},
    outDir: undefined,
    log: (line) => logged.push(line),
    capture: () => undefined,
  };
  return startSimDevice(settings);
}

describe('sim console commands', () => {
  it('names an unknown command word, but never repeats a card number typed in its place', async () => {
    const sim = await magtekConsole([]);
    try {
      await expect(sim.command('tap', 'visa')).rejects.toMatchObject({
        code: 'BAD_INPUT',
        field: 'command',
        message: 'command: tap is not one of swipe',
      });
      for (const typed of ['4111111111111111', '4111-1111-1111-1111']) {
        const refused = sim.command(typed, undefined);
        await expect(refused).rejects.toMatchObject({ code: 'BAD_INPUT', field: 'command' });
        await expect(refused).rejects.not.toMatchObject({ message: expect.stringMatching(/1111/) });
      }
    } finally {
      await sim.stop();
    }
  });

  it('logs a swipe by card id and last four only', async () => {
    const logged: string[] = [];
    const sim = await magtekConsole(logged);
    try {
      await sim.command('swipe', 'visa');
      expect(logged).toEqual(['swiped visa (XXXX1111)']);
    } finally {
      await sim.stop();
    }
  });
});
