import envPaths from 'env-paths';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseServerArgs, type ServerInput } from '../../server/index.ts';

/** `npm start`'s usage text. */
export const START_USAGE = `usage: npm start -- [lane options] [service options]
       npm start -- --config FILE [--socket PATH]
       npm start -- store-api-key --config FILE      (the secret on standard input)
       npm start -- hash-manager NAME                (the secret on standard input; prints
                                                      an offline.managers entry for lane.yaml)

With no --config, training mode: the local Payment Transaction Service with the demo
merchant, simulated devices, and a lane whose every screen and receipt says TRAINING.

lane options:
  --config FILE     a real lane's configuration (docs/lane.md, Configuration)
  --socket PATH     where the lane API listens (default: lane.sock in the lane's folder)
  --lane-data DIR   the lane's folder: journal and socket (default: the user's data
                    directory, laneterm/lane/training or laneterm/lane/<lane id>)

service options (training mode only): npm run server -- --help`;

/** What `npm start` was asked for. */
export type StartArgs =
  | { readonly help: true }
  | { readonly error: string }
  | { readonly storeKey: true; readonly config: string }
  | { readonly hashManager: string }
  | {
      readonly config?: string;
      readonly socket?: string;
      readonly laneDir?: string;
      /** Options of the training service (none with --config). */
      readonly server: ServerInput;
    };

/** The lanes' data folder by default: the user's data directory for "laneterm", "lane" inside. */
export function defaultLaneRoot(): string {
  return join(envPaths('laneterm', { suffix: '' }).data, 'lane');
}

const LANE_OPTIONS = {
  config: { type: 'string' },
  socket: { type: 'string' },
  'lane-data': { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** Reads `npm start`'s command line: the lane's options, the rest for the training service. */
export function parseStartArgs(argv: readonly string[]): StartArgs {
  if (argv[0] === 'hash-manager') {
    const name = argv[1] ?? '';
    if (argv.length !== 2 || name === '' || name.startsWith('--') || name.length > 64)
      return { error: 'hash-manager: give the manager name (1 to 64 characters) and nothing else' };
    return { hashManager: name };
  }
  const storeKey = argv[0] === 'store-api-key';
  const args = storeKey ? argv.slice(1) : [...argv];
  const lane: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const name = arg.replace(/^--/, '').split('=')[0] ?? '';
    if (!arg.startsWith('--') || !(name in LANE_OPTIONS)) rest.push(arg);
    else if (arg.includes('=') || name === 'help') lane.push(arg);
    else lane.push(arg, args[(i += 1)] ?? '');
  }
  let values;
  try {
    values = parseArgs({ args: lane, options: LANE_OPTIONS, strict: true }).values;
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help === true) return { help: true };
  if (storeKey) {
    if (values.config === undefined || rest.length > 0)
      return { error: 'store-api-key: give --config FILE and nothing else' };
    return { storeKey: true, config: values.config };
  }
  if (values.config !== undefined && rest.length > 0)
    return { error: `${rest[0]}: service options are for training mode; a real lane has --config` };
  const server = parseServerArgs(rest);
  if ('error' in server) return { error: server.error };
  if ('help' in server) return { help: true };
  return {
    server: server.options,
    ...(values.config === undefined ? {} : { config: values.config }),
    ...(values.socket === undefined ? {} : { socket: values.socket }),
    ...(values['lane-data'] === undefined ? {} : { laneDir: values['lane-data'] }),
  };
}
