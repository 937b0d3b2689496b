import { afterEach, describe, expect, it } from 'vitest';
import { socatPairReady, spawnSocatPair } from '../../drivers/sim/socat-pair.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';

const closers: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** Both ends of a fresh socat pair opened as serial ports, and a way to pull the cable. */
async function pair(): Promise<{ ends: SerialTransport[]; pull: () => void }> {
  const socat = spawnSocatPair();
  const { lanePty, devicePty } = await socatPairReady(socat, 10_000);
  const ends = [lanePty, devicePty].map((path) => new SerialTransport({ path }));
  for (const end of ends) {
    await end.open();
    closers.push(() => end.close());
  }
  return { ends, pull: () => socat.kill('SIGKILL') };
}

describe('SerialTransport when the pty hangs up under it (socat killed)', () => {
  it('reports every hang-up as a typed DISCONNECTED error, whichever way the port learns of it', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { ends, pull } = await pair();
      const causes = ends.map(
        (end) => new Promise<unknown>((resolve) => end.once('disconnect', resolve)),
      );
      pull();
      for (const cause of await Promise.all(causes)) {
        expect(cause).toMatchObject({ name: 'DeviceError', code: 'DISCONNECTED' });
        expect((cause as Error).message).toMatch(/^serial:\/dev\/pts\/[0-9]+: /);
      }
      expect(ends.map((end) => end.isOpen)).toEqual([false, false]);
    }
  }, 60_000);
});
