import { socatPairReady, spawnSocatPair } from '../../../drivers/sim/socat-pair.ts';

/** Two ends of a real pseudo-terminal pair joined by socat, like a null-modem cable. */
export interface PtyPair {
  /** The host (driver) end, e.g. /dev/pts/5. */
  host: string;
  /** The device (simulator) end. */
  device: string;
  /** Kills socat: both ends hang up, as when a USB serial adapter is pulled. */
  unplug(): Promise<void>;
}

/** A fresh socat pty pair for one test; unplug() (or the test's teardown) kills socat. */
export async function openPtyPair(): Promise<PtyPair> {
  const child = spawnSocatPair();
  const { lanePty, devicePty } = await socatPairReady(child, 10_000);
  return {
    host: lanePty,
    device: devicePty,
    unplug: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          done();
          return;
        }
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
