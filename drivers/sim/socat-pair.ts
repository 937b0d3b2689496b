import { type ChildProcess, spawn } from 'node:child_process';
import { DeviceError } from '../device-error.ts';

/** The two ends of a socat pty pair, as socat reported them. */
export interface SocatPairPaths {
  /** The first pty: the lane's (driver's) end, e.g. /dev/pts/5. */
  lanePty: string;
  /** The second pty: the device's (simulator's) end. */
  devicePty: string;
}

/** Linux only: setpriv(1) asks the kernel to end socat with its parent (prctl PR_SET_PDEATHSIG). */
const WITH_PARENT = process.platform === 'linux';

/**
 * Starts `socat -d -d pty,raw,echo=0[,link=LINK] pty,raw,echo=0`: two new ptys joined like a
 * null-modem cable, the first also reachable at `link` when given. Killing socat hangs both up,
 * as pulling a USB serial adapter does. socat runs in a process group of its own, so a terminal's
 * Ctrl-C (SIGINT to the foreground group) reaches only its parent, which unplugs it in order; it
 * runs under util-linux's `setpriv --pdeathsig TERM` on Linux, so it ends with the process that
 * started it, even one killed with SIGKILL (docs/devices.md).
 */
export function spawnSocatPair(link?: string): ChildProcess {
  const lane = link === undefined ? 'pty,raw,echo=0' : `pty,raw,echo=0,link=${link}`;
  const socat = ['-d', '-d', lane, 'pty,raw,echo=0'];
  const command = WITH_PARENT ? 'setpriv' : 'socat';
  const args = WITH_PARENT ? ['--pdeathsig', 'TERM', 'socat', ...socat] : socat;
  return spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
}

/**
 * Resolves to both pty paths once socat has reported them and started its transfer loop; kills
 * socat and rejects NOT_FOUND (field "pty") when it cannot run, exits, or takes `timeoutMs`.
 */
export function socatPairReady(child: ChildProcess, timeoutMs: number): Promise<SocatPairPaths> {
  return new Promise((resolvePaths, reject) => {
    let log = '';
    let settled = false;
    const fail = (message: string, cause?: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new DeviceError('NOT_FOUND', `pty: ${message}`, { field: 'pty', cause }));
    };
    const timer = setTimeout(() => fail(`socat made no pty pair in ${timeoutMs} ms`), timeoutMs);
    child.on('error', (error) => fail(`cannot run socat (${error.message})`, error));
    child.once('exit', () => fail(`socat exited: ${log.trim().split('\n').at(-1) ?? ''}`));
    child.stderr?.on('data', (chunk: Buffer) => {
      if (settled) return;
      log += chunk.toString();
      const [lanePty, devicePty] = [...log.matchAll(/PTY is (\/dev\/\S+)/g)].map((m) => m[1]);
      if (devicePty === undefined || lanePty === undefined) return;
      if (!log.includes('starting data transfer loop')) return;
      settled = true;
      clearTimeout(timer);
      resolvePaths({ lanePty, devicePty });
    });
  });
}
