import { hashPassword } from '../../accounts/password-hasher.ts';
import type { AdminCommand } from '../admin-command.ts';
import { PASSWORD_OPTIONS, readPassword, requireLogin } from '../admin-lookups.ts';

/**
 * `set-password <user>`: replaces a user's password (stored as a scrypt hash) and forgets its
 * remembered check (docs/security.md, Password verification cache).
 */
export const adminCommand: AdminCommand = {
  name: 'set-password',
  summary: 'replace a user’s password',
  usage: 'set-password <merchant[:sub]> (--password P | --password-stdin)',
  options: PASSWORD_OPTIONS,
  positionals: 1,
  async run(context, args) {
    const [user = ''] = args.positionals;
    const login = await requireLogin(context, user);
    const hash = await hashPassword(await readPassword(context, args));
    await context.accounts.users.setPasswordHash(login.userId, hash);
    await context.accounts.passwordChecks.forget(login.userId);
    context.out(`${login.username}: password replaced`);
  },
};
