// Test helper: the raw bytes an encrypting reader simulator sends for one swipe, as a host logs them.
import type { TestCard } from '../../../../drivers/sim/card-catalogue.ts';
import {
  IdtechReaderSimulator,
  type IdtechSimulatorOptions,
} from '../../../../drivers/sim/idtech-reader-simulator.ts';
import {
  MagtekReaderSimulator,
  type MagtekSimulatorOptions,
} from '../../../../drivers/sim/magtek-reader-simulator.ts';
import { MemoryTransport } from '../../../../drivers/transport/memory-transport.ts';

/** Which simulator swipes: MagTek, or ID TECH in its enhanced or original format. */
export type CaptureReader = 'magtek' | 'idtech-enhanced' | 'idtech-original';

/** The bytes of `count` swipes of `card` on one simulator (its DUKPT counter runs 1, 2, …). */
export async function captureSwipes(
  reader: CaptureReader,
  card: TestCard,
  count = 1,
  options: MagtekSimulatorOptions & IdtechSimulatorOptions = {},
): Promise<Buffer[]> {
  const [host, device] = MemoryTransport.pair();
  await host.open();
  const sim =
    reader === 'magtek'
      ? new MagtekReaderSimulator(device, options)
      : new IdtechReaderSimulator(device, {
          ...options,
          format: reader === 'idtech-original' ? 'original' : 'enhanced',
        });
  await sim.start();
  const captures: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    const received = new Promise<Buffer>((resolve) => host.once('data', resolve));
    await sim.swipe(card);
    captures.push(Buffer.from(await received));
  }
  await sim.stop();
  await host.close();
  return captures;
}

/** The bytes of one swipe of `card`. */
export async function captureSwipe(
  reader: CaptureReader,
  card: TestCard,
  options: MagtekSimulatorOptions & IdtechSimulatorOptions = {},
): Promise<Buffer> {
  const [capture] = await captureSwipes(reader, card, 1, options);
  if (capture === undefined) throw new Error('no capture');
  return capture;
}
