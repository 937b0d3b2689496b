import { DeviceError } from '../device-error.ts';
import { MemoryTransport } from '../transport/memory-transport.ts';
import { type TestCard, findCard } from './card-catalogue.ts';
import { IdtechReaderSimulator } from './idtech-reader-simulator.ts';
import { MagtekReaderSimulator } from './magtek-reader-simulator.ts';
import { type Presentation, NgaReaderSimulator } from './nga-reader-simulator.ts';
import { PinPadSimulator } from './pinpad-simulator.ts';
import { openLink, tty, withUnplugCommand } from './sim-link.ts';
import { startSimPrinter } from './sim-printer.ts';
import type { LinkedSettings, RunningSim, SimSettings } from './sim-settings.ts';
import { WedgeReaderSimulator } from './wedge-reader-simulator.ts';

export {
  SIM_DEVICES,
  type RunningSim,
  type SimDeviceName,
  type SimSettings,
} from './sim-settings.ts';

const masked = (card: TestCard): string => `${card.id} (XXXX${card.pan.slice(-4)})`;

/**
 * BAD_INPUT for a console word the device does not answer. The word is repeated only when it
 * looks like a command (lowercase letters and hyphens), so a card number typed at the console
 * never reaches the log.
 */
function unknownCommand(verb: string, known: string): DeviceError {
  const shown = /^[a-z][a-z-]{0,30}$/.test(verb) ? verb : 'the word typed';
  return new DeviceError('BAD_INPUT', `command: ${shown} is not one of ${known}`, {
    field: 'command',
  });
}

async function reader(
  settings: LinkedSettings,
  sim: { start(): Promise<void>; stop(): Promise<void> },
  swipe: (card: TestCard) => Promise<void>,
): Promise<RunningSim> {
  await sim.start();
  return {
    verbs: ['swipe CARD'],
    async command(verb, argument) {
      if (verb !== 'swipe') throw unknownCommand(verb, 'swipe');
      const card = findCard(settings.cards, argument ?? '');
      await swipe(card);
      settings.log(`swiped ${masked(card)}`);
    },
    stop: () => sim.stop(),
  };
}

/** A MagTek reader without a HID port: reports go to the tty when given, and always to the capture. */
async function magtek(settings: LinkedSettings): Promise<RunningSim> {
  const link =
    settings.port === undefined && settings.pty === undefined ? undefined : tty(settings);
  const [host, device] = link === undefined ? MemoryTransport.pair() : [undefined, link.transport];
  await host?.open();
  host?.on('data', (report) => settings.capture(report.toString('hex').toUpperCase()));
  const sim = new MagtekReaderSimulator(device, {
    faults: settings.faults,
    keys: settings.keys,
    unplug: link?.unplug,
    masking: settings.masking,
  });
  return reader(settings, sim, (card) => sim.swipe(card));
}

async function emv(settings: LinkedSettings): Promise<RunningSim> {
  const link = tty(settings);
  const sim = new NgaReaderSimulator(link.transport, {
    unplug: link.unplug,
    faults: settings.faults,
    keys: settings.keys,
    masking: settings.masking,
  });
  await sim.start();
  const modes = new Map<string, Presentation>([
    ['insert', 'contact'],
    ['tap', 'contactless'],
    ['fallback', 'fallback-swipe'],
  ]);
  return {
    verbs: ['insert CARD', 'tap CARD', 'fallback CARD'],
    command(verb, argument) {
      const how = modes.get(verb);
      if (how === undefined) return Promise.reject(unknownCommand(verb, 'insert, tap, fallback'));
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

async function pinpad(settings: LinkedSettings): Promise<RunningSim> {
  const link = tty(settings);
  const sim = new PinPadSimulator(link.transport, {
    unplug: link.unplug,
    faults: settings.faults,
    keys: settings.keys,
    cards: settings.cards,
  });
  await sim.start();
  return {
    verbs: ['cancel-next on|off', 'hold CARD', 'key CARD'],
    command(verb, argument) {
      if (verb === 'hold') {
        const card = findCard(settings.cards, argument ?? '');
        sim.cardInHand = card;
        settings.log(`cardholder holds ${masked(card)}: its PIN answers a PIN request without PAN`);
        return Promise.resolve();
      }
      if (verb === 'key') {
        const card = findCard(settings.cards, argument ?? '');
        sim.keyedCard = card;
        settings.log(`cardholder keys ${masked(card)} when the pad asks for the card (74)`);
        return Promise.resolve();
      }
      if (verb !== 'cancel-next')
        return Promise.reject(unknownCommand(verb, 'cancel-next, hold, key'));
      sim.cardholderCancels = argument === 'on';
      settings.log(`cardholder ${sim.cardholderCancels ? 'presses Cancel' : 'types the PIN'}`);
      return Promise.resolve();
    },
    stop: () => sim.stop(),
  };
}

function startDevice(settings: LinkedSettings): Promise<RunningSim> {
  switch (settings.device) {
    case 'wedge': {
      const link = tty(settings);
      const sim = new WedgeReaderSimulator(link.transport, {
        faults: settings.faults,
        unplug: link.unplug,
      });
      return reader(settings, sim, (card) => sim.swipe(card));
    }
    case 'idtech': {
      const link = tty(settings);
      const sim = new IdtechReaderSimulator(link.transport, {
        unplug: link.unplug,
        faults: settings.faults,
        keys: settings.keys,
        format: settings.format,
        masking: settings.masking,
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
      return startSimPrinter(settings);
  }
}

/**
 * Starts the simulated device the settings describe. On a tty it also answers "unplug [ms]":
 * the cable comes out now and goes back in after ms (default the fault plan's replugMs).
 */
export async function startSimDevice(settings: SimSettings): Promise<RunningSim> {
  const link = openLink(settings);
  const sim = await startDevice({ ...settings, link });
  return link === undefined ? sim : withUnplugCommand(sim, link, settings.faults.replugMs);
}
