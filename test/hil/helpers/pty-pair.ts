import { type ChildProcess, spawn } from 'node:child_process';

/** Two ends of a real pseudo-terminal pair joined by socat, like a null-modem cable. */
export interface PtyPair {
  /** The host (driver) end, e.g. /dev/pts/5. */
  host: string;
  /** The device (simulator) end. */
  device: string;
  /** Kills socat: both ends hang up, as when a USB serial adapter is pulled. */
  unplug(): Promise<void>;
}

/** Starts `socat -d -d pty,raw,echo=0 pty,raw,echo=0` and reads the two /dev/pts paths from its stderr. */
export function openPtyPair(): Promise<PtyPair> {
  const child: ChildProcess = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const paths: string[] = [];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`socat did not report two ptys: ${stderr}`));
    }, 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const match of chunk.toString().matchAll(/PTY is (\/dev\/pts\/[0-9]+)/g)) {
        if (match[1] !== undefined) paths.push(match[1]);
      }
      if (paths.length === 2 && stderr.includes('starting data transfer loop')) {
        clearTimeout(timer);
        const [host, device] = paths as [string, string];
        resolve({
          host,
          device,
          unplug: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) {
                done();
                return;
              }
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}
