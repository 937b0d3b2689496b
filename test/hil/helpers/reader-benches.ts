import type { CardReader } from '../../../drivers/readers/card-read.ts';
import { IdtechReaderDriver } from '../../../drivers/readers/idtech-reader-driver.ts';
import { MagtekReaderDriver } from '../../../drivers/readers/magtek-reader-driver.ts';
import { WedgeReaderDriver } from '../../../drivers/readers/wedge-reader-driver.ts';
import { type TestCard } from '../../../drivers/sim/card-catalogue.ts';
import { FaultPlan } from '../../../drivers/sim/fault-plan.ts';
import type { SimulatorOptions } from '../../../drivers/sim/device-simulator.ts';
import { IdtechReaderSimulator } from '../../../drivers/sim/idtech-reader-simulator.ts';
import { MagtekReaderSimulator } from '../../../drivers/sim/magtek-reader-simulator.ts';
import { WedgeReaderSimulator } from '../../../drivers/sim/wedge-reader-simulator.ts';
import { NgaReaderDriver } from '../../../drivers/emv/nga-reader-driver.ts';
import { NgaReaderSimulator } from '../../../drivers/sim/nga-reader-simulator.ts';
import { MemoryTransport } from '../../../drivers/transport/memory-transport.ts';
import { SerialTransport } from '../../../drivers/transport/serial-transport.ts';
import type { Transport } from '../../../drivers/transport/transport.ts';
import { openPtyPair } from './pty-pair.ts';

/** A card reader driver wired to its simulator, ready to swipe. */
export interface ReaderBench {
  driver: CardReader;
  faults: FaultPlan;
  swipe(card: TestCard): Promise<void>;
  /** Pulls the cable between driver and simulator. */
  unplug(): Promise<void>;
  close(): Promise<void>;
}

/** How to build one reader bench. */
export interface ReaderBenchKind {
  /** Test-name label, saying which link it runs over. */
  label: string;
  /** True when the reader encrypts (e_trackdata) rather than sending clear tracks. */
  encrypting: boolean;
  /** True for a chip reader: the card is inserted, and the read is EMV data (icc). */
  emv: boolean;
  /** True when the read shows the expiry: ID TECH readers mask it at their factory setting. */
  expiryShown: boolean;
  /** Faults that make sense on this device. */
  faults: readonly string[];
  make(): Promise<ReaderBench>;
}

interface Link {
  host: Transport;
  device: Transport;
  unplug(): Promise<void>;
}

async function ptyLink(baudRate: number): Promise<Link> {
  const pair = await openPtyPair();
  const host = new SerialTransport({ path: pair.host, baudRate });
  const device = new SerialTransport({ path: pair.device, baudRate });
  return { host, device, unplug: () => pair.unplug() };
}

function memoryLink(): Link {
  const [host, device] = MemoryTransport.pair('hid:host', 'hid:reader');
  return { host, device, unplug: () => Promise.resolve(device.unplug()) };
}

type SimEnd = {
  start(): Promise<void>;
  stop(): Promise<void>;
  swipe(card: TestCard): Promise<void>;
};

/** Wires a driver and a simulator over `link`, sharing one fault plan; both ends open. */
async function bench(
  link: Link,
  makeSim: (device: Transport, options: SimulatorOptions) => SimEnd,
  makeDriver: (host: Transport) => CardReader,
): Promise<ReaderBench> {
  const faults = new FaultPlan();
  const sim = makeSim(link.device, { faults, unplug: link.unplug });
  const driver = makeDriver(link.host);
  await sim.start();
  await driver.open();
  return {
    driver,
    faults,
    swipe: (card) => sim.swipe(card),
    unplug: () => link.unplug(),
    close: async () => {
      await driver.close();
      await sim.stop().catch(() => undefined);
      await link.unplug();
    },
  };
}

const ALL_FAULTS = ['bad-checksum', 'garbage', 'slow', 'unplug', 'exhausted'];

/** Every card reader with a simulator, each over the link its real device uses. */
export const READER_BENCHES: readonly ReaderBenchKind[] = [
  {
    label: 'keyboard-wedge reader over a real pty (socat)',
    encrypting: false,
    emv: false,
    expiryShown: true,
    faults: ['garbage', 'slow', 'unplug'],
    make: async () =>
      bench(
        await ptyLink(9600),
        (device, options) => new WedgeReaderSimulator(device, options),
        (host) => new WedgeReaderDriver(host),
      ),
  },
  ...(['enhanced', 'original'] as const).map((format) => ({
    label: `ID TECH reader, ${format} format, over a real pty (socat)`,
    encrypting: true,
    emv: false,
    expiryShown: false,
    faults: ALL_FAULTS,
    make: async () =>
      bench(
        await ptyLink(9600),
        (device: Transport, options: SimulatorOptions) =>
          new IdtechReaderSimulator(device, { ...options, format }),
        (host: Transport) => new IdtechReaderDriver(host),
      ),
  })),
  {
    label: 'MagTek HID reader over the in-memory link (no uhid on this machine)',
    encrypting: true,
    emv: false,
    expiryShown: true,
    faults: ['garbage', 'slow', 'unplug', 'exhausted'],
    make: () =>
      bench(
        memoryLink(),
        (device, options) => new MagtekReaderSimulator(device, options),
        (host) => new MagtekReaderDriver(host),
      ),
  },
  {
    label: 'EMV reader (NGA protocol 2), card inserted, over a real pty (socat)',
    encrypting: true,
    emv: true,
    expiryShown: true,
    faults: ALL_FAULTS,
    make: async () =>
      bench(
        await ptyLink(115200),
        (device, options) => {
          const sim = new NgaReaderSimulator(device, options);
          return {
            start: () => sim.start(),
            stop: () => sim.stop(),
            swipe: (card) => Promise.resolve(sim.present(card, 'contact')),
          };
        },
        (host) => new NgaReaderDriver(host),
      ),
  },
];
