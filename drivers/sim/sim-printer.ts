import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeviceError } from '../device-error.ts';
import { PrinterSimulator } from './printer/printer-simulator.ts';
import { tty } from './sim-link.ts';
import type { LinkedSettings, RunningSim } from './sim-settings.ts';

/**
 * The receipt printer of `npm run sim`: on a TCP port (a number) or a tty; writes receipt.txt and
 * receipt.png to the output folder after every cut; console commands set its status.
 */
export async function startSimPrinter(settings: LinkedSettings): Promise<RunningSim> {
  const tcp = settings.link === undefined && /^[0-9]+$/.test(settings.port ?? '');
  const link = tcp ? undefined : tty(settings);
  const sim = new PrinterSimulator(settings.faults, link?.unplug);
  if (link === undefined) {
    const port = await sim.listenTcp(Number(settings.port), '127.0.0.1');
    settings.log(`printing on tcp://127.0.0.1:${port}`);
  } else {
    await sim.serve(link.transport);
  }
  let saved = 0;
  const save = async (): Promise<void> => {
    if (settings.outDir === undefined) return;
    mkdirSync(settings.outDir, { recursive: true });
    writeFileSync(join(settings.outDir, 'receipt.txt'), sim.text());
    writeFileSync(join(settings.outDir, 'receipt.png'), await sim.png());
    settings.log(`wrote ${join(settings.outDir, 'receipt.txt')} and receipt.png`);
  };
  const timer = setInterval(() => {
    const cuts = sim.ops.filter((op) => op.kind === 'cut').length;
    if (cuts > saved) {
      saved = cuts;
      void save();
    }
  }, 200);
  const conditions: Record<string, Partial<PrinterSimulator['status']>> = {
    ok: { online: true, coverOpen: false, paperOut: false, error: false },
    'paper-out': { paperOut: true },
    'cover-open': { coverOpen: true },
    offline: { online: false },
  };
  return {
    verbs: ['status ok|paper-out|cover-open|offline', 'show', 'new-roll'],
    async command(verb, argument) {
      if (verb === 'show') settings.log(`\n${sim.text()}`);
      else if (verb === 'new-roll') sim.clearPaper();
      else if (verb === 'status' && argument !== undefined && conditions[argument] !== undefined)
        Object.assign(sim.status, conditions[argument]);
      else
        throw new DeviceError(
          'BAD_INPUT',
          'command: expected status ok|paper-out|cover-open|offline, show or new-roll',
          { field: 'command' },
        );
      await save();
    },
    async stop() {
      clearInterval(timer);
      await sim.stop();
    },
  };
}
