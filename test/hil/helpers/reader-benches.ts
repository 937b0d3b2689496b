import type { CardReader } from '../../../drivers/readers/card-read.ts';
import { IdtechReaderDriver } from '../../../drivers/readers/idtech-reader-driver.ts';
import { MagtekReaderDriver } from '../../../drivers/readers/magtek-reader-driver.ts';
import { WedgeReaderDriver } from '../../../drivers/readers/wedge-reader-driver.ts';
import { type TestCard } from '../../../drivers/sim/card-catalogue.ts';
import { FaultPlan } from '../../../drivers/sim/fault-plan.ts';
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

async function bench(
  link: Link,
  driver: CardReader,
  faults: FaultPlan,
  sim: { start(): Promise<void>; stop(): Promise<void>; swipe(card: TestCard): Promise<void> },
): Promise<ReaderBench> {
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

/** Every card reader with a simulator, each over the link its real device uses. */
export const READER_BENCHES: readonly ReaderBenchKind[] = [
  {
    label: 'keyboard-wedge reader over a real pty (socat)',
    encrypting: false,
    emv: false,
    faults: ['garbage', 'slow', 'unplug'],
    async make() {
      const link = await ptyLink(9600);
      const faults = new FaultPlan();
      const sim = new WedgeReaderSimulator(link.device, { faults, unplug: link.unplug });
      return bench(link, new WedgeReaderDriver(link.host), faults, sim);
    },
  },
  {
    label: 'ID TECH reader, enhanced format, over a real pty (socat)',
    encrypting: true,
    emv: false,
    faults: ['bad-checksum', 'garbage', 'slow', 'unplug', 'exhausted'],
    async make() {
      const link = await ptyLink(9600);
      const faults = new FaultPlan();
      const sim = new IdtechReaderSimulator(link.device, { faults, unplug: link.unplug });
      return bench(link, new IdtechReaderDriver(link.host), faults, sim);
    },
  },
  {
    label: 'ID TECH reader, original format, over a real pty (socat)',
    encrypting: true,
    emv: false,
    faults: ['bad-checksum', 'garbage', 'slow', 'unplug', 'exhausted'],
    async make() {
      const link = await ptyLink(9600);
      const faults = new FaultPlan();
      const sim = new IdtechReaderSimulator(link.device, {
        faults,
        unplug: link.unplug,
        format: 'original',
      });
      return bench(link, new IdtechReaderDriver(link.host), faults, sim);
    },
  },
  {
    label: 'MagTek HID reader over the in-memory link (no uhid on this machine)',
    encrypting: true,
    emv: false,
    faults: ['garbage', 'slow', 'unplug', 'exhausted'],
    make() {
      const link = memoryLink();
      const faults = new FaultPlan();
      const sim = new MagtekReaderSimulator(link.device, { faults, unplug: link.unplug });
      return bench(link, new MagtekReaderDriver(link.host), faults, sim);
    },
  },
  {
    label: 'EMV reader (NGA protocol 2), card inserted, over a real pty (socat)',
    encrypting: true,
    emv: true,
    faults: ['bad-checksum', 'garbage', 'slow', 'unplug', 'exhausted'],
    async make() {
      const link = await ptyLink(115200);
      const faults = new FaultPlan();
      const sim = new NgaReaderSimulator(link.device, { faults, unplug: link.unplug });
      const present = {
        start: () => sim.start(),
        stop: () => sim.stop(),
        swipe: (card: TestCard) => Promise.resolve(sim.present(card, 'contact')),
      };
      return bench(link, new NgaReaderDriver(link.host), faults, present);
    },
  },
];
