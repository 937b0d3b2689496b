import { readdirSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CryptoError } from '../crypto/index.ts';
import { UsageError, type CryptoCommand } from './crypto-commands/shared/command.ts';

/**
 * `npm run -s crypto -- <command> …`: DUKPT keys, PIN blocks, TLV and card checks from the shell.
 * Each command is one file in crypto-commands/ exporting `command`. Prints one value (uppercase
 * hex) or one JSON document on stdout; errors go to stderr with exit status 1 for input the
 * crypto rejects and 2 for a command line that does not fit the synopsis.
 */

const COMMANDS_DIR = new URL('./crypto-commands/', import.meta.url);
/** The commands' modules are what this one is: TypeScript run by tsx, or compiled JavaScript. */
const MODULE_EXTENSION = extname(fileURLToPath(import.meta.url));

async function loadCommands(): Promise<CryptoCommand[]> {
  const files = readdirSync(COMMANDS_DIR)
    .filter((f) => f.endsWith(MODULE_EXTENSION))
    .sort();
  const modules = await Promise.all(
    files.map(
      async (file) =>
        (await import(new URL(file, COMMANDS_DIR).href)) as { command?: CryptoCommand },
    ),
  );
  return modules.flatMap((m) => (m.command === undefined ? [] : [m.command]));
}

function usageText(commands: readonly CryptoCommand[]): string {
  const lines = commands.flatMap((c) => c.usage.map((u) => `  crypto ${u}`));
  const help = '  crypto <command> --help   the synopsis of one command';
  return ['usage: npm run -s crypto -- <command> [options]', '', ...lines, help].join('\n');
}

/**
 * A parseArgs failure as a UsageError whose message cannot echo an argument (which may be a PAN
 * or a PIN typed in the wrong place): only well-formed option names are repeated.
 */
function usageErrorOf(error: unknown): UsageError | undefined {
  const code = error instanceof TypeError && 'code' in error ? String(error.code) : '';
  if (!code.startsWith('ERR_PARSE_ARGS_')) {
    return undefined;
  }
  const option = /'(--?[A-Za-z][A-Za-z0-9-]*)[ ']/.exec((error as TypeError).message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(option === undefined ? 'unknown option' : `unknown option ${option}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return new UsageError(
        `${option ?? 'an option'} takes ${/<value>/.test((error as TypeError).message) ? 'a value' : 'no value'}`,
      );
    default:
      return new UsageError('unexpected argument');
  }
}

function runCommand(command: CryptoCommand, args: string[]): string {
  const expected = command.positionals ?? [];
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: command.options,
      allowPositionals: expected.length > 0,
      strict: true,
    });
  } catch (error) {
    throw usageErrorOf(error) ?? error;
  }
  if (parsed.positionals.length !== expected.length) {
    throw new UsageError(`expected ${expected.join(' ') || 'no arguments'}`);
  }
  return command.run(parsed.values, parsed.positionals);
}

async function main(argv: string[]): Promise<number> {
  const commands = await loadCommands();
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const stream = name === undefined ? process.stderr : process.stdout;
    stream.write(`${usageText(commands)}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (command === undefined) {
    const shown = /^[a-z][a-z0-9-]{0,30}$/.test(name) ? ` "${name}"` : '';
    process.stderr.write(`crypto: unknown command${shown}\n${usageText(commands)}\n`);
    return 2;
  }
  const synopsis = command.usage.map((u) => `  crypto ${u}`).join('\n');
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage:\n${synopsis}\n`);
    return 0;
  }
  try {
    process.stdout.write(`${runCommand(command, args)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CryptoError) {
      process.stderr.write(`crypto ${name}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`crypto ${name}: ${error.message}\nusage:\n${synopsis}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
