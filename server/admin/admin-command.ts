import type { ParseArgsConfig } from 'node:util';
import type { Accounts } from '../accounts/accounts.ts';
import type { DataFiles } from '../config/data-directory.ts';
import type { ServiceStore } from '../store/service-store.ts';
import type { CardVault } from '../vault/index.ts';

/** What an admin command works with: the opened data directory and store, and a place to print. */
export interface AdminContext {
  store: ServiceStore;
  /** The card vault of the data directory, or the store's when instances share it. */
  vault: CardVault;
  accounts: Accounts;
  files: DataFiles;
  /** Prints one line to standard output. */
  out: (line: string) => void;
  /** Reads standard input to its end (for --password-stdin). */
  readStdin: () => Promise<string>;
  now: () => Date;
}

/** A command's parsed arguments (node:util parseArgs, strict). */
export interface AdminArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * One admin command: a file under server/admin/commands/ exporting `adminCommand`. The registry
 * finds every such file, so a command is added by adding its file.
 */
export interface AdminCommand {
  /** Name typed after `admin`, e.g. "add-user", or two words, e.g. "outbox take". */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Synopsis, e.g. "add-user <merchant> (--password P | --password-stdin)". */
  usage: string;
  /** Options beyond --data (parseArgs option config). */
  options?: ParseArgsConfig['options'];
  /** Positional arguments expected, exactly. */
  positionals: number;
  /** Does the work; throws AdminError for a refusal the user can fix. */
  run: (context: AdminContext, args: AdminArgs) => Promise<void> | void;
}

/** A refusal of an admin command, printed as is; the process exits 1. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}
