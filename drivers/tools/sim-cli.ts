import { type Interface, createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DeviceError } from '../device-error.ts';
import { loadCardCatalogue } from '../sim/card-catalogue.ts';
import { FaultPlan } from '../sim/fault-plan.ts';
import { SIMULATOR_FAULTS } from '../sim/simulator-faults.ts';
import {
  SIM_DEVICES,
  type RunningSim,
  type SimDeviceName,
  type SimSettings,
  startSimDevice,
} from '../sim/sim-devices.ts';
import { SocatPtyTransport } from '../sim/socat-pty-transport.ts';
import { TEST_BDK, TEST_INITIAL_KSN } from '../sim/simulated-keys.ts';
import { parseMaskingSpec } from '../sim/track-masking.ts';

/**
 * `npm run sim -- <device> --pty <path>` or `--port <tty-or-tcp-port>`: runs one simulated device
 * speaking the real device's bytes, until Ctrl-C. Console commands on stdin drive it (swipe visa,
 * insert mc, status paper-out, unplug …); --card with --every or --once drives it unattended.
 */

const USAGE = `usage: npm run sim -- <${SIM_DEVICES.join('|')}> [options]
  --pty PATH         make a pty pair with socat; the lane opens PATH (a symlink socat keeps), and
                     "unplug" kills socat so the lane sees the hang-up, then replugs at PATH
  --port PATH|N      tty of the device end (a serial port, or one end of a pty pair made elsewhere;
                     "unplug" there only closes the simulator's side: the lane sees no hang-up);
                     printer: TCP port N or a tty
                     magtek without --port or --pty prints each HID report as a hex line on stdout
  --baud N           serial speed (default 9600; emv 115200)
  --bdk HEX          DUKPT base derivation key (default ${TEST_BDK}, the X9.24 test BDK)
  --ksn HEX          initial KSN (default ${TEST_INITIAL_KSN})
  --fault SPEC       bad-checksum | missing-ack | slow[:ms] | garbage | unplug[:ms] | exhausted |
                     card-decline (emv: the card declines after the issuer approved),
                     bad-arqc (emv: a cryptogram its issuer's keys do not give),
                     bad-arpc (emv: the issuer data reaches the card altered),
                     late-activate-answer (emv: a cancel is answered, then the cancelled read),
                     cancel-too-late (emv: the cancelled read is answered instead of the cancel),
                     no-answer (emv: the next answer is never sent),
                     [*N|*always]; repeatable; unplug's ms is how long the cable stays out (2000)
  --format F         idtech: enhanced (default) or original
  --mask L,T,C[,expiry]  idtech, magtek, emv fallback: mask tracks keeping L leading and T trailing
                     PAN digits, with C (and the expiry clear); default each reader's factory
                     masking (ID TECH 4,4,* expiry masked; MagTek 4,4,0 with Mod 10 correction)
  --card ID          test card to present with --every/--once (see resources/test-cards.json)
  --every SECONDS    present --card again and again
  --once             present --card once, then exit
  --out DIR          printer: write receipt.txt and receipt.png after every cut
  --catalogue FILE   another test-card catalogue
  -h, --help         print this help and exit (also after a device name)
console: the device's commands, unplug [ms] (pull the cable now, replug after ms), fault SPEC, quit`;

/** Printed when the unplug fault or command is used on a tty the simulator does not own. */
const PORT_UNPLUG_WARNING =
  "warning: on --port, unplug only closes the simulator's side; the lane sees no hang-up (use --pty PATH)";

const PRESENT_VERB: Record<SimDeviceName, string> = {
  wedge: 'swipe',
  magtek: 'swipe',
  idtech: 'swipe',
  emv: 'insert',
  pinpad: '',
  printer: '',
};

class UsageError extends Error {}

/** -h or --help was given: the usage goes to standard output and the tool exits 0. */
class HelpRequest extends Error {}

function settingsFrom(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      pty: { type: 'string' },
      baud: { type: 'string' },
      bdk: { type: 'string' },
      ksn: { type: 'string' },
      fault: { type: 'string', multiple: true },
      format: { type: 'string' },
      mask: { type: 'string' },
      card: { type: 'string' },
      every: { type: 'string' },
      once: { type: 'boolean' },
      out: { type: 'string' },
      catalogue: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) throw new HelpRequest();
  const device = SIM_DEVICES.find((name) => name === positionals[0]);
  if (device === undefined || positionals.length !== 1) throw new UsageError(USAGE);
  if (values.port !== undefined && values.pty !== undefined)
    throw new UsageError('--port and --pty: give one of them');
  const format = values.format ?? 'enhanced';
  if (format !== 'enhanced' && format !== 'original')
    throw new UsageError('--format must be enhanced or original');
  const baud = Number(values.baud ?? (device === 'emv' ? 115200 : 9600));
  if (!Number.isInteger(baud) || baud <= 0)
    throw new UsageError('--baud must be a positive integer');
  return {
    settings: {
      device,
      port: values.port,
      pty: values.pty,
      baudRate: baud,
      keys: { bdk: values.bdk ?? TEST_BDK, initialKsn: values.ksn ?? TEST_INITIAL_KSN },
      faults: FaultPlan.parse(values.fault ?? [], SIMULATOR_FAULTS[device]),
      cards: loadCardCatalogue(values.catalogue),
      format,
      masking: values.mask === undefined ? {} : parseMaskingSpec(values.mask),
      outDir: values.out,
      log: (line: string) => process.stderr.write(`sim ${device}: ${line}\n`),
      capture: (hex: string) => process.stdout.write(`${hex}\n`),
    } as const,
    card: values.card,
    everyMs: values.every === undefined ? undefined : Number(values.every) * 1000,
    once: values.once === true,
  };
}

/** True when the simulator has a tty it did not make: unplug cannot reach the lane there. */
const onForeignTty = (sim: RunningSim): boolean =>
  sim.cable !== undefined && !(sim.cable.transport instanceof SocatPtyTransport);

/** Tells where the lane's end is, or warns that an unplug cannot reach the lane. */
function announceLink(sim: RunningSim, settings: SimSettings): void {
  const transport = sim.cable?.transport;
  if (transport instanceof SocatPtyTransport) {
    process.stdout.write(`${transport.lanePath}\n`);
    settings.log(`lane end ${transport.lanePath} (simulator on ${transport.devicePath ?? '?'})`);
  } else if (onForeignTty(sim) && settings.faults.armed('unplug')) {
    settings.log(PORT_UNPLUG_WARNING);
  }
}

async function run(argv: string[]): Promise<number> {
  const { settings, card, everyMs, once } = settingsFrom(argv);
  const running: { sim?: RunningSim; lines?: Interface; stopping?: Promise<never> } = {};
  /** Stops once, whichever comes first: a signal, `quit`, or the end of the console input. */
  const stop = (): Promise<never> =>
    (running.stopping ??= (async () => {
      running.lines?.close();
      try {
        await running.sim?.stop();
      } catch (error) {
        settings.log(`stopping: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      }
      process.exit(0);
    })());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void stop());
  const sim = await startSimDevice(settings);
  running.sim = sim;
  announceLink(sim, settings);
  settings.log(`ready; commands: ${[...sim.verbs, 'fault SPEC', 'quit'].join(', ')}`);
  const verb = PRESENT_VERB[settings.device];
  if (card !== undefined && verb !== '' && (once || everyMs !== undefined)) {
    await sim.command(verb, card);
    if (once) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sim.stop();
      return 0;
    }
    setInterval(
      () => void sim.command(verb, card).catch((error: Error) => settings.log(error.message)),
      everyMs,
    );
  }
  const lines = createInterface({ input: process.stdin, terminal: false });
  running.lines = lines;
  for await (const line of lines) {
    const [word, argument] = line.trim().split(/\s+/);
    if (word === undefined || word === '') continue;
    if (word === 'quit') break;
    try {
      if (word === 'fault') {
        settings.faults.armSpec(argument ?? '');
        settings.log(`armed ${argument ?? ''}`);
      } else {
        await sim.command(word, argument);
      }
      const unplugging = word === 'unplug' || (word === 'fault' && settings.faults.armed('unplug'));
      if (unplugging && onForeignTty(sim)) settings.log(PORT_UNPLUG_WARNING);
    } catch (error) {
      settings.log(error instanceof Error ? error.message : String(error));
    }
  }
  return stop();
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof HelpRequest) {
    process.stdout.write(`${USAGE}\n`);
    process.exitCode = 0;
  } else if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
  } else if (
    error instanceof DeviceError ||
    (error instanceof Error && error.name === 'CryptoError')
  ) {
    process.stderr.write(`sim: ${error.message}\n`);
    process.exitCode = 1;
  } else if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    process.stderr.write(`sim: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
