import { parseArgs } from 'node:util';
import { openAccounts } from '../accounts/accounts.ts';
import { defaultDataDirectory, prepareDataDirectory } from '../config/data-directory.ts';
import { moveLegacyOutbox } from '../engine/index.ts';
import { openServiceStore, parseStoreLocation } from '../store/store-location.ts';
import { recordAdminRun } from './admin-audit.ts';
import { AdminError, type AdminCommand } from './admin-command.ts';
import { loadAdminCommands } from './command-registry.ts';
import { openServiceVault } from '../service-vault.ts';

/** Where an admin run prints and reads: the process's streams, or a test's buffers. */
export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
  readStdin: () => Promise<string>;
}

/** Exit status of an admin run: 0 done, 1 refused (AdminError), 2 usage error. */
export type AdminExitCode = 0 | 1 | 2;

const DATA_OPTIONS = { data: { type: 'string' }, store: { type: 'string' } } as const;

function printHelp(commands: Map<string, AdminCommand>, print: (line: string) => void): void {
  print(
    'usage: npm run server -- admin <command> [--data DIR] [--store sqlite:PATH|postgres://…] [arguments]',
  );
  print('commands:');
  for (const command of commands.values()) print(`  ${command.usage}\n      ${command.summary}`);
}

/** True for the words that ask for help: help, --help, -h. */
const isHelpWord = (word: string | undefined): boolean =>
  word === 'help' || word === '--help' || word === '-h';

/**
 * The command `argv` names and the words after it: its first two words when a command of that
 * two-word name exists ("outbox take"), else its first.
 */
function commandWords(
  commands: Map<string, AdminCommand>,
  argv: readonly string[],
): [name: string | undefined, rest: string[]] {
  const [first, second, ...after] = argv;
  const pair = `${first} ${second}`;
  return commands.has(pair) ? [pair, after] : [first, argv.slice(1)];
}

/**
 * Runs `admin <command> [--data DIR] [--store sqlite:PATH|postgres://…] …` (argv without the word "admin"):
 * finds the command (one word, or two as in `outbox take`) in the registry, checks its arguments,
 * opens the store (the data directory's by default) and runs it, recording the run in the data
 * directory's audit trail (admin-audit.ts). `help`, `--help` and `-h`, alone or after a command, print usage on standard
 * output; no command is a usage error.
 */
export async function runAdmin(
  argv: readonly string[],
  io: AdminIo,
  now: () => Date = () => new Date(),
): Promise<AdminExitCode> {
  const commands = await loadAdminCommands();
  const [name, rest] = commandWords(commands, argv);
  if (name === undefined || isHelpWord(name)) {
    printHelp(commands, name === undefined ? io.err : io.out);
    return name === undefined ? 2 : 0;
  }
  const command = commands.get(name);
  if (command === undefined) {
    io.err(`admin: unknown command "${name}"; "admin help" lists the commands`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(
      `usage: npm run server -- admin ${command.usage} [--data DIR] [--store sqlite:PATH|postgres://…]\n  ${command.summary}`,
    );
    return 0;
  }
  let parsed;
  try {
    const options = { ...DATA_OPTIONS, ...command.options };
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
    if (parsed.positionals.length !== command.positionals) {
      throw new Error(`expects ${command.positionals} argument(s)`);
    }
  } catch (error) {
    io.err(`admin ${name}: ${(error as Error).message}\nusage: ${command.usage}`);
    return 2;
  }
  const { data, store: where } = parsed.values;
  let location;
  try {
    location = typeof where === 'string' ? parseStoreLocation(where) : undefined;
  } catch (error) {
    io.err(`admin ${name}: ${(error as Error).message}`);
    return 2;
  }
  const files = prepareDataDirectory(typeof data === 'string' ? data : defaultDataDirectory());
  const store = await openServiceStore(location ?? { backend: 'sqlite', path: files.database });
  const audited = { command: name, subjects: parsed.positionals };
  try {
    const { vault, secretKey } = await openServiceVault(files, store);
    const accounts = openAccounts(store, vault, secretKey);
    await moveLegacyOutbox(files.outbox, store.outbox);
    const context = { store, vault, accounts, files, out: io.out, readStdin: io.readStdin, now };
    await command.run(context, { values: parsed.values, positionals: parsed.positionals });
    recordAdminRun(files.root, { ...audited, result: 'done' }, now());
    return 0;
  } catch (error) {
    const refused = error instanceof AdminError;
    const reason = (error as Error).message;
    recordAdminRun(
      files.root,
      { ...audited, result: refused ? 'refused' : 'failed', reason },
      now(),
    );
    if (!refused) throw error;
    io.err(`admin ${name}: ${reason}`);
    return 1;
  } finally {
    await store.close();
  }
}
