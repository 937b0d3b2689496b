import { unixSeconds } from '../../shared/clock.ts';
import { nameProblem } from '../../accounts/account-names.ts';
import { hashPassword } from '../../accounts/password-hasher.ts';
import { ALL_OPERATIONS } from '../../accounts/permission-service.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { PASSWORD_OPTIONS, readPassword, requireMerchant } from '../admin-lookups.ts';

/** `add-sub-user <merchant:sub>`: creates a sub-user, by default permitted every operation. */
export const adminCommand: AdminCommand = {
  name: 'add-sub-user',
  summary: 'create a sub-user "merchant:sub" (permitted every operation until set-permissions)',
  usage: 'add-sub-user <merchant:sub> (--password P | --password-stdin)',
  options: PASSWORD_OPTIONS,
  positionals: 1,
  async run(context, args) {
    const [name = ''] = args.positionals;
    const [merchant = '', sub, extra] = name.split(':');
    if (sub === undefined || extra !== undefined) {
      throw new AdminError(`"${name}": a sub-user is named merchant:sub`);
    }
    const problem = nameProblem(sub, 'sub-user');
    if (problem !== undefined) throw new AdminError(problem);
    const owner = await requireMerchant(context, merchant);
    if ((await context.accounts.users.find({ merchant, sub })) !== undefined) {
      throw new AdminError(`"${name}": already exists`);
    }
    const hash = await hashPassword(await readPassword(context, args));
    const login = await context.accounts.users.createSubUser(
      owner.merchantId,
      sub,
      hash,
      unixSeconds(context.now()),
    );
    await context.accounts.permissions.setUserPermissions(login.userId, [ALL_OPERATIONS]);
    context.out(`added sub-user ${login.username}`);
  },
};
