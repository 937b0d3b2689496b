import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeviceError } from '../device-error.ts';
import { SerialTransport } from '../transport/serial-transport.ts';
import { MemoryTransport } from '../transport/memory-transport.ts';
import type { Transport } from '../transport/transport.ts';
import { type TestCard, findCard } from './card-catalogue.ts';
import type { FaultPlan } from './fault-plan.ts';
import { IdtechReaderSimulator } from './idtech-reader-simulator.ts';
import { MagtekReaderSimulator } from './magtek-reader-simulator.ts';
import { type Presentation, NgaReaderSimulator } from './nga-reader-simulator.ts';
import { PinPadSimulator } from './pinpad-simulator.ts';
import { PrinterSimulator } from './printer/printer-simulator.ts';
import type { KeyInjection } from './simulated-keys.ts';
import { WedgeReaderSimulator } from './wedge-reader-simulator.ts';

/** Devices `npm run sim` can be. */
export const SIM_DEVICES = ['wedge', 'magtek', 'idtech', 'pinpad', 'emv', 'printer'] as const;
/** One of SIM_DEVICES. */
export type SimDeviceName = (typeof SIM_DEVICES)[number];

/** What the command line configured. */
export interface SimSettings {
  device: SimDeviceName;
  /** A tty path (serial devices, printer) or a TCP port number (printer). */
  port: string | undefined;
  baudRate: number;
  keys: KeyInjection;
  faults: FaultPlan;
  cards: readonly TestCard[];
  /** ID TECH output format. */
  format: 'enhanced' | 'original';
  /** Where the printer writes receipt.txt and receipt.png after each cut. */
  outDir: string | undefined;
  log: (line: string) => void;
  /** Where raw device output is written as hex lines (MagTek reports without a HID port). */
  capture: (hex: string) => void;
}

/** A running simulated device and the console commands it answers. */
export interface RunningSim {
  /** Runs one console command ("swipe visa", "status paper-out" …); throws DeviceError when unknown. */
  command(verb: string, argument: string | undefined): Promise<void>;
  /** Console verbs it understands, for the help text. */
  verbs: string[];
  stop(): Promise<void>;
}

function tty(settings: SimSettings): Transport {
  if (settings.port === undefined || !settings.port.startsWith('/')) {
    throw new DeviceError(
      'BAD_INPUT',
      `--port: ${settings.device} needs a tty path, e.g. /dev/pts/3`,
      { field: 'port' },
    );
  }
  return new SerialTransport({ path: settings.port, baudRate: settings.baudRate });
}

const masked = (card: TestCard): string => `${card.id} (XXXX${card.pan.slice(-4)})`;

async function reader(
  settings: SimSettings,
  sim: { start(): Promise<void>; stop(): Promise<void> },
  swipe: (card: TestCard) => Promise<void>,
): Promise<RunningSim> {
  await sim.start();
  return {
    verbs: ['swipe CARD'],
    async command(verb, argument) {
      if (verb !== 'swipe')
        throw new DeviceError('BAD_INPUT', `command: ${verb} is not one of swipe`, {
          field: 'command',
        });
      const card = findCard(settings.cards, argument ?? '');
      await swipe(card);
      settings.log(`swiped ${masked(card)}`);
    },
    stop: () => sim.stop(),
  };
}

/** A MagTek reader without a HID port: reports go to the tty when given, and always to the capture. */
async function magtek(settings: SimSettings): Promise<RunningSim> {
  const [host, device] =
    settings.port === undefined ? MemoryTransport.pair() : [undefined, tty(settings)];
  await host?.open();
  host?.on('data', (report) => settings.capture(report.toString('hex').toUpperCase()));
  const sim = new MagtekReaderSimulator(device, { faults: settings.faults, keys: settings.keys });
  return reader(settings, sim, (card) => sim.swipe(card));
}

async function emv(settings: SimSettings): Promise<RunningSim> {
  const sim = new NgaReaderSimulator(tty(settings), {
    faults: settings.faults,
    keys: settings.keys,
  });
  await sim.start();
  const modes: Record<string, Presentation> = {
    insert: 'contact',
    tap: 'contactless',
    fallback: 'fallback-swipe',
  };
  return {
    verbs: ['insert CARD', 'tap CARD', 'fallback CARD'],
    command(verb, argument) {
      const how = modes[verb];
      if (how === undefined)
        return Promise.reject(
          new DeviceError('BAD_INPUT', `command: ${verb} is not one of insert, tap, fallback`, {
            field: 'command',
          }),
        );
      const card = findCard(settings.cards, argument ?? '');
      sim.present(card, how);
      settings.log(
        `${verb} ${masked(card)}${sim.activated ? '' : ' (held until a transaction starts)'}`,
      );
      return Promise.resolve();
    },
    stop: () => sim.stop(),
  };
}

async function pinpad(settings: SimSettings): Promise<RunningSim> {
  const sim = new PinPadSimulator(tty(settings), {
    faults: settings.faults,
    keys: settings.keys,
    cards: settings.cards,
  });
  await sim.start();
  return {
    verbs: ['cancel-next on|off'],
    command(verb, argument) {
      if (verb !== 'cancel-next')
        return Promise.reject(
          new DeviceError('BAD_INPUT', `command: ${verb} is not cancel-next`, { field: 'command' }),
        );
      sim.cardholderCancels = argument === 'on';
      settings.log(`cardholder ${sim.cardholderCancels ? 'presses Cancel' : 'types the PIN'}`);
      return Promise.resolve();
    },
    stop: () => sim.stop(),
  };
}

async function printer(settings: SimSettings): Promise<RunningSim> {
  const sim = new PrinterSimulator(settings.faults);
  if (settings.port !== undefined && /^[0-9]+$/.test(settings.port)) {
    const port = await sim.listenTcp(Number(settings.port), '127.0.0.1');
    settings.log(`printing on tcp://127.0.0.1:${port}`);
  } else {
    await sim.serve(tty(settings));
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

/** Starts the simulated device the settings describe. */
export function startSimDevice(settings: SimSettings): Promise<RunningSim> {
  switch (settings.device) {
    case 'wedge': {
      const sim = new WedgeReaderSimulator(tty(settings), { faults: settings.faults });
      return reader(settings, sim, (card) => sim.swipe(card));
    }
    case 'idtech': {
      const sim = new IdtechReaderSimulator(tty(settings), {
        faults: settings.faults,
        keys: settings.keys,
        format: settings.format,
      });
      return reader(settings, sim, (card) => sim.swipe(card));
    }
    case 'magtek':
      return magtek(settings);
    case 'emv':
      return emv(settings);
    case 'pinpad':
      return pinpad(settings);
    case 'printer':
      return printer(settings);
  }
}
