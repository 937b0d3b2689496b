import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireLogin } from '../admin-lookups.ts';

/** `disable-mfa <user>`: turns MFA off and forgets the user's TOTP secret. */
export const adminCommand: AdminCommand = {
  name: 'disable-mfa',
  summary: 'turn off MFA for a user',
  usage: 'disable-mfa <merchant[:sub]>',
  positionals: 1,
  async run(context, args) {
    const [user = ''] = args.positionals;
    const login = await requireLogin(context, user);
    if (!(await context.accounts.mfa.disable(login.userId))) {
      throw new AdminError(`${login.username}: MFA is not on`);
    }
    context.out(`${login.username}: MFA off`);
  },
};
