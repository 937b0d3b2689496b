import { DateTime } from 'luxon';
import { OPERATIONS, isOperationName, type OperationName } from '../../protocol/index.ts';
import { parseLoginName } from '../accounts/account-names.ts';
import { BdkRegistry } from '../engine/index.ts';
import type { Profile } from '../store/profile-store.ts';
import type { Login } from '../store/user-store.ts';
import {
  AdminError,
  type AdminArgs,
  type AdminCommand,
  type AdminContext,
} from './admin-command.ts';

/** Shortest password an admin command accepts: 8 characters. */
const MIN_PASSWORD_LENGTH = 8;

/** The --password / --password-stdin options of commands that set a password. */
export const PASSWORD_OPTIONS = {
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
} as const;

/** The login named "merchant" or "merchant:sub"; AdminError when malformed or unknown. */
export async function requireLogin(context: AdminContext, text: string): Promise<Login> {
  const name = parseLoginName(text);
  if (name === undefined)
    throw new AdminError(`"${text}": not a user name (merchant or merchant:sub)`);
  const login = await context.accounts.users.find(name);
  if (login === undefined) throw new AdminError(`"${text}": no such user`);
  return login;
}

/** The merchant user of a merchant; AdminError when the merchant does not exist. */
export async function requireMerchant(context: AdminContext, merchant: string): Promise<Login> {
  const login = await requireLogin(context, merchant);
  if (login.sub !== '') throw new AdminError(`"${merchant}": a merchant name has no ":sub" part`);
  return login;
}

/** A merchant's profile by id (digits) or by name; AdminError when it has none such. */
export async function requireProfile(
  context: AdminContext,
  merchantId: number,
  ref: string,
): Promise<Profile> {
  const profiles = context.accounts.profiles;
  const profile = /^[0-9]+$/.test(ref)
    ? await profiles.findForMerchant(merchantId, Number(ref))
    : await profiles.findByName(merchantId, ref);
  if (profile === undefined)
    throw new AdminError(`profile "${ref}": not a profile of this merchant`);
  return profile;
}

/**
 * A secret given as --NAME VALUE or, kept out of the process list and shell history, as the first
 * line of standard input (--NAME-stdin); exactly one of the two.
 */
export async function readSecretOption(
  context: AdminContext,
  args: AdminArgs,
  name: string,
): Promise<string> {
  const given = args.values[name];
  const fromStdin = args.values[`${name}-stdin`] === true;
  if ((typeof given === 'string') === fromStdin) {
    throw new AdminError(`give the ${name} with exactly one of --${name} or --${name}-stdin`);
  }
  return typeof given === 'string' ? given : ((await context.readStdin()).split(/\r?\n/)[0] ?? '');
}

/** The password from --password or the first line of standard input (--password-stdin). */
export async function readPassword(context: AdminContext, args: AdminArgs): Promise<string> {
  const password = await readSecretOption(context, args, 'password');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AdminError(`password: at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  return password;
}

/**
 * A comma-separated list of operation names, "all" (every operation) or "none" (empty list);
 * AdminError naming the first unknown name.
 */
export function parseOperationList(text: string): OperationName[] {
  if (text === 'all') return [...OPERATIONS];
  if (text === 'none') return [];
  const names = text.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !isOperationName(name));
  if (unknown !== undefined) {
    throw new AdminError(`"${unknown}": not an operation; one of ${OPERATIONS.join(', ')}`);
  }
  return names as OperationName[];
}

/** The base derivation keys in the store, sealed with the card vault's key. */
export function openBdks(context: AdminContext): BdkRegistry {
  return new BdkRegistry(context.store.bdks, context.vault);
}

/**
 * The command that disables a login (refused from now on, like wrong credentials: its password,
 * remembered or not, and its API keys; its remembered check is forgotten, so enabling it again
 * takes a full check: docs/security.md, Password verification cache) or enables it again.
 */
export function loginSwitchCommand(disabled: boolean): AdminCommand {
  const verb = disabled ? 'disable' : 'enable';
  return {
    name: `${verb}-user`,
    summary: disabled
      ? 'disable a user: its password and API keys are refused from now on'
      : 'enable a disabled user again',
    usage: `${verb}-user <merchant[:sub]>`,
    positionals: 1,
    async run(context, args) {
      const login = await requireLogin(context, args.positionals[0] ?? '');
      await context.accounts.users.setDisabled(login.userId, disabled);
      if (disabled) await context.accounts.passwordChecks.forget(login.userId);
      context.out(`${login.username}: ${verb}d`);
    },
  };
}

/** Unix seconds as ISO 8601 UTC text without milliseconds, for listings. */
export function isoTime(seconds: number): string {
  return DateTime.fromSeconds(seconds, { zone: 'utc' }).toISO({ suppressMilliseconds: true }) ?? '';
}
