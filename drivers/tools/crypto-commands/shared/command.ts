import type { ParseArgsConfig } from 'node:util';
import { parseHex } from '../../../crypto/index.ts';

/** Parsed option values as node:util parseArgs returns them. */
export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * One subcommand of `npm run crypto`: a file in drivers/tools/crypto-commands/ exporting
 * `command`. `run` answers the single value or JSON document to print on stdout.
 */
export interface CryptoCommand {
  /** The word after `crypto`, e.g. "ipek". */
  name: string;
  /** Synopsis lines shown in the usage text, e.g. "ipek --bdk HEX --ksn HEX". */
  usage: string[];
  /** Options in node:util parseArgs form. */
  options: NonNullable<ParseArgsConfig['options']>;
  /** Positional arguments the command takes, in order (none when omitted). */
  positionals?: string[];
  /** Runs the command; answers the text for stdout. Throws CryptoError or UsageError. */
  run(values: OptionValues, positionals: string[]): string;
}

/** A command line that does not fit the command's synopsis; the CLI exits with status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The value of string option `name`; UsageError when it is missing. */
export function requireOption(values: OptionValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string') {
    throw new UsageError(`--${name} is required`);
  }
  return value;
}

/** The value of string option `name`, or undefined when it is not given. */
export function optionalString(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** The bytes of hex option `name` (either case), of one of `lengths` bytes when given. */
export function hexOption(values: OptionValues, name: string, lengths?: readonly number[]): Buffer {
  return parseHex(name, requireOption(values, name), lengths);
}

/** True when boolean option `name` is present. */
export function flag(values: OptionValues, name: string): boolean {
  return values[name] === true;
}

/** `value` when it is one of `allowed`, else UsageError naming the option and the choices. */
export function choice<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  }
  return found;
}
