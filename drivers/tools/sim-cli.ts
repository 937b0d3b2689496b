import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DeviceError } from '../device-error.ts';
import { loadCardCatalogue } from '../sim/card-catalogue.ts';
import { FaultPlan } from '../sim/fault-plan.ts';
import {
  SIM_DEVICES,
  type RunningSim,
  type SimDeviceName,
  startSimDevice,
} from '../sim/sim-devices.ts';
import { TEST_BDK, TEST_INITIAL_KSN } from '../sim/simulated-keys.ts';

/**
 * `npm run sim -- <device> --port <tty-or-tcp-port>`: runs one simulated device speaking the
 * real device's bytes, until Ctrl-C. Console commands on stdin drive it (swipe visa, insert mc,
 * status paper-out …); --card with --every or --once drives it unattended.
 */

const USAGE = `usage: npm run sim -- <${SIM_DEVICES.join('|')}> [options]
  --port PATH|N      tty of the device end (e.g. one end of a socat pty pair); printer: TCP port N or a tty
                     magtek without --port prints each HID report as a hex line on stdout
  --baud N           serial speed (default 9600; emv 115200)
  --bdk HEX          DUKPT base derivation key (default ${TEST_BDK}, the X9.24 test BDK)
  --ksn HEX          initial KSN (default ${TEST_INITIAL_KSN})
  --fault SPEC       bad-checksum | missing-ack | slow[:ms] | garbage | unplug | exhausted, [*N|*always]; repeatable
  --format F         idtech: enhanced (default) or original
  --card ID          test card to present with --every/--once (see resources/test-cards.json)
  --every SECONDS    present --card again and again
  --once             present --card once, then exit
  --out DIR          printer: write receipt.txt and receipt.png after every cut
  --catalogue FILE   another test-card catalogue`;

const PRESENT_VERB: Record<SimDeviceName, string> = {
  wedge: 'swipe',
  magtek: 'swipe',
  idtech: 'swipe',
  emv: 'insert',
  pinpad: '',
  printer: '',
};

class UsageError extends Error {}

function settingsFrom(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      baud: { type: 'string' },
      bdk: { type: 'string' },
      ksn: { type: 'string' },
      fault: { type: 'string', multiple: true },
      format: { type: 'string' },
      card: { type: 'string' },
      every: { type: 'string' },
      once: { type: 'boolean' },
      out: { type: 'string' },
      catalogue: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const device = SIM_DEVICES.find((name) => name === positionals[0]);
  if (values.help === true || device === undefined || positionals.length !== 1)
    throw new UsageError(USAGE);
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
      baudRate: baud,
      keys: { bdk: values.bdk ?? TEST_BDK, initialKsn: values.ksn ?? TEST_INITIAL_KSN },
      faults: FaultPlan.parse(values.fault ?? []),
      cards: loadCardCatalogue(values.catalogue),
      format,
      outDir: values.out,
      log: (line: string) => process.stderr.write(`sim ${device}: ${line}\n`),
      capture: (hex: string) => process.stdout.write(`${hex}\n`),
    } as const,
    card: values.card,
    everyMs: values.every === undefined ? undefined : Number(values.every) * 1000,
    once: values.once === true,
  };
}

async function run(argv: string[]): Promise<number> {
  const { settings, card, everyMs, once } = settingsFrom(argv);
  const sim: RunningSim = await startSimDevice(settings);
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
  const stop = async (): Promise<void> => {
    lines.close();
    await sim.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
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
    } catch (error) {
      settings.log(error instanceof Error ? error.message : String(error));
    }
  }
  await sim.stop();
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
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
