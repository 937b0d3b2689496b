import { DeviceError } from '../device-error.ts';
import { SerialTransport } from '../transport/serial-transport.ts';
import type { Transport } from '../transport/transport.ts';
import type { LinkedSettings, RunningSim, SimSettings } from './sim-settings.ts';
import { SimulatedCable } from './simulated-cable.ts';
import { SocatPtyTransport } from './socat-pty-transport.ts';

/** The simulator's tty: a pty pair of its own (--pty) or a port someone else made (--port PATH). */
export function openLink(settings: SimSettings): SimulatedCable | undefined {
  const transport =
    settings.pty !== undefined
      ? new SocatPtyTransport({ lanePath: settings.pty, baudRate: settings.baudRate })
      : settings.port?.startsWith('/') === true
        ? new SerialTransport({ path: settings.port, baudRate: settings.baudRate })
        : undefined;
  return transport === undefined ? undefined : new SimulatedCable(transport, settings.log);
}

/** The tty a serial device answers on, and the "unplug" fault pulling its cable. */
export function tty(settings: LinkedSettings): {
  transport: Transport;
  unplug: () => Promise<void>;
} {
  const cable = settings.link;
  if (cable === undefined) {
    throw new DeviceError(
      'BAD_INPUT',
      `--port: ${settings.device} needs a tty path, e.g. /dev/pts/3, or --pty PATH`,
      { field: 'port' },
    );
  }
  return { transport: cable.transport, unplug: () => cable.pull(settings.faults.replugMs) };
}

/** Milliseconds the console's "unplug [ms]" keeps the cable out; default the fault plan's replugMs. */
function replugDelay(argument: string | undefined, fallback: number): number {
  if (argument === undefined) return fallback;
  if (!/^[0-9]{1,7}$/.test(argument))
    throw new DeviceError('BAD_INPUT', 'unplug: ms must be a whole number of milliseconds', {
      field: 'unplug',
    });
  return Number(argument);
}

/** `sim` answering "unplug [ms]" on `cable` too, and letting go of the cable when it stops. */
export function withUnplugCommand(
  sim: RunningSim,
  cable: SimulatedCable,
  defaultReplugMs: number,
): RunningSim {
  return {
    verbs: [...sim.verbs, 'unplug [ms]'],
    cable,
    command: (verb, argument) =>
      verb === 'unplug'
        ? cable.pull(replugDelay(argument, defaultReplugMs))
        : sim.command(verb, argument),
    async stop() {
      cable.dispose();
      await sim.stop();
    },
  };
}
