// The simulators behind training mode, each speaking its device's bytes over a real link: the
// readers and the PIN pad on socat pty pairs, the printer on a TCP port (docs/devices.md).
import { join } from 'node:path';
import { NGA_ACTIVATION_TIMEOUT_S, NGA_ANSWER_MARGIN_MS } from '../../drivers/index.ts';
import {
  FaultPlan,
  IdtechReaderSimulator,
  type KeyInjection,
  NgaReaderSimulator,
  PinPadSimulator,
  PrinterSimulator,
  SIMULATOR_FAULTS,
  SimulatedCable,
  SocatPtyTransport,
  type TestCard,
  WedgeReaderSimulator,
} from '../../drivers/sim/index.ts';
import { type DeviceRole, type DevicesConfig, EMV_IDLE_CHECK_MS } from './device-config.ts';

/** The simulators of one training start, their fault plans and the cables a test may pull. */
export interface TrainingSimulators {
  readonly reader: IdtechReaderSimulator | WedgeReaderSimulator;
  readonly emv: NgaReaderSimulator;
  readonly pinpad: PinPadSimulator;
  readonly printer: PrinterSimulator;
  /** The cables of the pty devices (reader, emv, pinpad); the printer has none. */
  readonly cables: ReadonlyMap<DeviceRole, SimulatedCable>;
  /** The fault plan of `role` (docs/devices.md, Fault modes). */
  plan(role: DeviceRole): FaultPlan;
}

/** What the simulators are made of. */
export interface SimulatorSpec {
  readonly dir: string;
  readonly readerKind: 'idtech' | 'wedge';
  readonly keys: KeyInjection;
  readonly cards: readonly TestCard[];
  readonly typingMs: number;
  readonly log: (line: string) => void;
}

/** A serial simulator on a socat pty pair of its own, with the cable "unplug" pulls. */
function ptyCable(dir: string, role: DeviceRole, baudRate: number, log: (line: string) => void) {
  const transport = new SocatPtyTransport({ lanePath: join(dir, role), baudRate });
  return new SimulatedCable(transport, (line) => log(`${role}: ${line}`));
}

/**
 * Makes (without starting) the four simulators, each with a fault plan of its own that takes only
 * the faults its simulator fires (SIMULATOR_FAULTS).
 */
export function makeTrainingSimulators(spec: SimulatorSpec): TrainingSimulators {
  const { dir, keys, log } = spec;
  const faults = new Map<DeviceRole, FaultPlan>([
    ['reader', new FaultPlan(SIMULATOR_FAULTS[spec.readerKind])],
    ['emv', new FaultPlan(SIMULATOR_FAULTS.emv)],
    ['pinpad', new FaultPlan(SIMULATOR_FAULTS.pinpad)],
    ['printer', new FaultPlan(SIMULATOR_FAULTS.printer)],
  ]);
  const plan = (role: DeviceRole): FaultPlan => faults.get(role) ?? new FaultPlan();
  const cables = new Map<DeviceRole, SimulatedCable>([
    ['reader', ptyCable(dir, 'reader', 9600, log)],
    ['emv', ptyCable(dir, 'emv', 115_200, log)],
    ['pinpad', ptyCable(dir, 'pinpad', 9600, log)],
  ]);
  const cableOf = (role: DeviceRole) => cables.get(role) as SimulatedCable;
  const simOptions = (role: DeviceRole) => ({
    faults: plan(role),
    keys,
    unplug: () => cableOf(role).pull(plan(role).replugMs),
  });
  const reader =
    spec.readerKind === 'idtech'
      ? new IdtechReaderSimulator(cableOf('reader').transport, simOptions('reader'))
      : new WedgeReaderSimulator(cableOf('reader').transport, simOptions('reader'));
  const emv = new NgaReaderSimulator(cableOf('emv').transport, simOptions('emv'));
  const pinpad = new PinPadSimulator(cableOf('pinpad').transport, {
    ...simOptions('pinpad'),
    cards: spec.cards,
    typingMs: spec.typingMs,
  });
  const printer = new PrinterSimulator(plan('printer'));
  return { reader, emv, pinpad, printer, cables, plan };
}

/**
 * The lane's device configuration pointing at the simulators: pty links in `dir` for the readers
 * and the pad (key set `keySet`, the simulators' KSN), the printer on 127.0.0.1:`printerPort`.
 */
export function trainingDevicesConfig(
  dir: string,
  readerKind: 'idtech' | 'wedge',
  keySet: string,
  printerPort: number,
): DevicesConfig {
  return {
    reader:
      readerKind === 'idtech'
        ? { kind: 'idtech', path: join(dir, 'reader'), baudRate: 9600, keySet }
        : { kind: 'wedge', path: join(dir, 'reader'), baudRate: 9600 },
    emv: {
      kind: 'nga',
      path: join(dir, 'emv'),
      baudRate: 115_200,
      keySet,
      idleCheckMs: EMV_IDLE_CHECK_MS,
      activationTimeoutS: NGA_ACTIVATION_TIMEOUT_S,
      answerMarginMs: NGA_ANSWER_MARGIN_MS,
    },
    pinpad: { kind: 'pinpad', path: join(dir, 'pinpad'), baudRate: 9600, keySet },
    printer: {
      kind: 'escpos',
      tcp: { host: '127.0.0.1', port: printerPort },
      baudRate: 38_400,
      codePage: 'cp858',
      columns: 42,
      statusPollMs: 30_000,
    },
  };
}
