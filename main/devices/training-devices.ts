import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceError } from '../../drivers/index.ts';
import {
  type IdtechReaderSimulator,
  type KeyInjection,
  type NgaReaderSimulator,
  type PinPadSimulator,
  type Presentation as EmvPresentation,
  type PrinterSimulator,
  TEST_INITIAL_KSN,
  type TestCard,
  type WedgeReaderSimulator,
  findCard,
  loadCardCatalogue,
} from '../../drivers/sim/index.ts';
import type { DeviceRole, DevicesConfig } from './device-config.ts';
import { TRAINING_GIFT_CARDS } from './training-gift-cards.ts';
import {
  makeTrainingSimulators,
  trainingDevicesConfig,
  type TrainingSimulators,
} from './training-simulators.ts';

/** How the training devices are brought up. */
export interface TrainingDevicesOptions {
  /** Folder for the pty links (reader, emv, pinpad); default a new folder under the OS temp dir. */
  dir?: string;
  /** The swipe reader: ID TECH (encrypted swipes, the default) or a keyboard wedge (clear tracks). */
  reader?: 'idtech' | 'wedge';
  /** DUKPT keys of the simulated devices; default the X9.24 test BDK and KSN FFFF9876543210E00000. */
  keys?: KeyInjection;
  /** Test cards the simulators know (the PIN pad types each card's PIN); default resources/test-cards.json. */
  cards?: readonly TestCard[];
  /** Milliseconds the simulated cardholder takes to type a PIN; default 200. */
  pinTypingMs?: number;
  /** One line per cable pull and replug; default none (a failed replug: the console). */
  log?: (line: string) => void;
}

/** A printer condition the training handle can set (DLE EOT reports it). */
export type PrinterCondition =
  'ok' | 'paper-low' | 'paper-out' | 'cover-open' | 'offline' | 'error';

/** How a card is presented: swiped on the swipe reader, or inserted, tapped or fallback-swiped on the EMV reader. */
export type Presentation = 'swipe' | 'insert' | 'tap' | 'fallback' | 'key';

/** What the simulated cardholder does at the PIN pad: types the card's PIN, a wrong one, or cancels. */
export type CardholderPin = 'typed' | 'wrong' | 'cancel';

/** The PIN a cardholder types wrong: no catalogue card has it (resources/test-cards.json). */
const WRONG_PIN = '0000';

/**
 * The simulated devices of training mode and the handle to drive them (the HIL scenario runner
 * uses it): present cards, make the cardholder cancel, arm every fault mode of docs/devices.md,
 * pull cables, change the printer's condition, and read what was printed.
 */
export interface TrainingDevices {
  /** The device configuration that points at the simulators. */
  readonly config: DevicesConfig;
  /** The folder holding the pty links. */
  readonly dir: string;
  readonly cards: readonly TestCard[];
  /**
   * The simulators, for what a test or scenario checks: the pad's display and state, the
   * printer's `text()`, `png()` and `ops` (what printed), `received` (the bytes it got).
   */
  readonly simulators: {
    readonly reader: IdtechReaderSimulator | WedgeReaderSimulator;
    readonly emv: NgaReaderSimulator;
    readonly pinpad: PinPadSimulator;
    readonly printer: PrinterSimulator;
  };
  /**
   * Presents test card `cardId` (e.g. "visa", "mc-debit") the way `how` says (key: the card the
   * cardholder keys on the PIN pad when it asks); the card is then the one the pad's cardholder
   * holds, whose PIN a PIN request without PAN is answered with.
   */
  present(cardId: string, how: Presentation): Promise<void>;
  /** Arms a fault (FaultPlan spec, e.g. "bad-checksum", "slow:2500", "unplug:500*2") on `role`. */
  fault(role: DeviceRole, spec: string): void;
  /** Pulls `role`'s cable now and plugs it back after `replugMs` (default 2000). */
  unplug(role: DeviceRole, replugMs?: number): Promise<void>;
  /** Sets what the printer reports (paper low/out, cover open, offline, error, or ok). */
  setPrinter(condition: PrinterCondition): void;
  /** What the cardholder does at the PIN pad from now on (default typed: the card's PIN). */
  setCardholderPin(mode: CardholderPin): void;
  /** What the cardholder does at the PIN pad now, as setCardholderPin left it. */
  cardholderPin(): CardholderPin;
  /** The next chip read on the EMV reader fails (the lane should offer fallback). */
  failNextChipRead(): void;
  /** Stops every simulator, ends socat and removes the folder it made. */
  stop(): Promise<void>;
}

const PRINTER_CONDITIONS: Readonly<Record<PrinterCondition, Partial<PrinterSimulator['status']>>> =
  {
    ok: { online: true, coverOpen: false, paperOut: false, paperNearEnd: false, error: false },
    'paper-low': { paperNearEnd: true },
    'paper-out': { paperOut: true },
    'cover-open': { coverOpen: true },
    offline: { online: false },
    error: { error: true },
  };

const EMV_PRESENTATIONS: Readonly<Record<string, EmvPresentation | undefined>> = {
  insert: 'contact',
  tap: 'contactless',
  fallback: 'fallback-swipe',
};

/** Sets the printer simulator's condition, or refuses one it does not know by name. */
function setPrinterCondition(printer: PrinterSimulator, condition: PrinterCondition): void {
  const change = PRINTER_CONDITIONS[condition];
  if (change === undefined)
    throw new DeviceError('BAD_INPUT', `printer: no condition ${String(condition)}`, {
      field: 'condition',
    });
  Object.assign(printer.status, change);
}

/**
 * The handle over started simulators: presentations, faults, cable pulls (the printer's port goes
 * and comes back; a port that cannot be had again is logged), printer conditions and stop.
 */
function controlsOf(
  sims: TrainingSimulators,
  cards: readonly TestCard[],
  printerPort: number,
  done: { log: (line: string) => void; removeDir: () => Promise<void> },
): Omit<TrainingDevices, 'config' | 'dir' | 'cards' | 'simulators'> {
  const { reader, emv, pinpad, printer, cables, plan } = sims;
  /** The printer's port coming back after an unplug; cancelled by stop(). */
  let printerReplug: NodeJS.Timeout | undefined;
  const relisten = (): void =>
    void printer.listenTcp(printerPort).catch((error: unknown) => {
      done.log(`printer: port ${printerPort} not listening again: ${(error as Error).message}`);
    });
  return {
    async present(cardId, how) {
      const card = findCard(cards, cardId);
      pinpad.cardInHand = card;
      if (how === 'key') {
        pinpad.keyedCard = card;
        return;
      }
      if (how === 'swipe') return reader.swipe(card);
      const presentation = EMV_PRESENTATIONS[how];
      if (presentation === undefined)
        throw new DeviceError('BAD_INPUT', 'how: must be swipe, insert, tap, fallback or key', {
          field: 'how',
        });
      emv.present(card, presentation);
    },
    fault(role, spec) {
      plan(role).armSpec(spec);
    },
    async unplug(role, replugMs = plan(role).replugMs) {
      const cable = cables.get(role);
      if (cable !== undefined) return cable.pull(replugMs);
      clearTimeout(printerReplug);
      await printer.stop();
      printerReplug = setTimeout(relisten, replugMs);
    },
    setPrinter: (condition) => setPrinterCondition(printer, condition),
    setCardholderPin(mode) {
      pinpad.cardholderCancels = mode === 'cancel';
      pinpad.typedPin = mode === 'wrong' ? WRONG_PIN : undefined;
    },
    cardholderPin() {
      if (pinpad.cardholderCancels) return 'cancel';
      return pinpad.typedPin === WRONG_PIN ? 'wrong' : 'typed';
    },
    failNextChipRead() {
      emv.cardReadFails = true;
    },
    async stop() {
      clearTimeout(printerReplug);
      for (const cable of cables.values()) cable.dispose();
      await Promise.allSettled([reader.stop(), emv.stop(), pinpad.stop(), printer.stop()]);
      await done.removeDir();
    },
  };
}

/**
 * Brings up every training device: the swipe reader, the EMV reader and the PIN pad each on a
 * real socat pty pair (their links in `dir`), the printer on a TCP port of 127.0.0.1 (port 9100
 * protocol, any free port); returns their configuration and the handle. Key sets are those of
 * the simulators' KSN, so reads are checked as on a real lane.
 */
export async function startTrainingDevices(
  options: TrainingDevicesOptions = {},
): Promise<TrainingDevices> {
  const madeDir = options.dir === undefined;
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'laneterm-devices-')));
  const removeDir = async () => {
    if (madeDir) await rm(dir, { recursive: true, force: true });
  };
  const log = options.log ?? (() => undefined);
  const cards = options.cards ?? [...loadCardCatalogue(), ...TRAINING_GIFT_CARDS];
  const keys = options.keys ?? {};
  const readerKind = options.reader ?? 'idtech';
  const sims = makeTrainingSimulators({
    dir,
    readerKind,
    keys,
    cards,
    typingMs: options.pinTypingMs ?? 200,
    log,
  });
  const { reader, emv, pinpad, printer } = sims;
  let printerPort = 0;
  try {
    await Promise.all([reader.start(), emv.start(), pinpad.start()]);
    printerPort = await printer.listenTcp(0);
  } catch (error) {
    await Promise.allSettled([reader.stop(), emv.stop(), pinpad.stop(), printer.stop()]);
    await removeDir();
    throw error;
  }
  const keySet = (keys.initialKsn ?? TEST_INITIAL_KSN).slice(0, 10).toUpperCase();
  return {
    config: trainingDevicesConfig(dir, readerKind, keySet, printerPort),
    dir,
    cards,
    simulators: { reader, emv, pinpad, printer },
    ...controlsOf(sims, cards, printerPort, {
      log: options.log ?? ((line) => console.error(`training devices: ${line}`)),
      removeDir,
    }),
  };
}
