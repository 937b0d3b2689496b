import { userSubject } from '../../auth/credential-guard.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { requireLogin } from '../admin-lookups.ts';

/** `unlock <user>`: ends a lockout and forgets the user's failed attempts (PCI DSS v4.0 8.3.4). */
export const adminCommand: AdminCommand = {
  name: 'unlock',
  summary: 'unlock a user locked after failed logins, and forget its failed attempts',
  usage: 'unlock <merchant[:sub]>',
  positionals: 1,
  async run(context, args) {
    const [user = ''] = args.positionals;
    const login = await requireLogin(context, user);
    if (!(await context.accounts.failures.clear(userSubject(login.userId)))) {
      throw new AdminError(`${login.username}: not locked and no failed attempts counted`);
    }
    context.out(`${login.username}: unlocked`);
  },
};
