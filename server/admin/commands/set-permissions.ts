import { ALL_OPERATIONS } from '../../accounts/permission-service.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { parseOperationList, requireLogin } from '../admin-lookups.ts';

/** `set-permissions <merchant:sub> <operations>`: what a sub-user may run. */
export const adminCommand: AdminCommand = {
  name: 'set-permissions',
  summary: 'set the operations a sub-user may run ("all" includes operations added later)',
  usage: 'set-permissions <merchant:sub> <operation,operation,… | all | none>',
  positionals: 2,
  async run(context, args) {
    const [user = '', list = ''] = args.positionals;
    const login = await requireLogin(context, user);
    if (login.sub === '') throw new AdminError('the merchant user may always run every operation');
    const operations = list === 'all' ? [ALL_OPERATIONS] : parseOperationList(list);
    await context.accounts.permissions.setUserPermissions(login.userId, operations);
    const shown = list === 'all' ? 'every operation' : operations.join(', ') || 'nothing';
    context.out(`${login.username} may run: ${shown}`);
  },
};
