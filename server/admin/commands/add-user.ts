import { unixSeconds } from '../../shared/clock.ts';
import { nameProblem } from '../../accounts/account-names.ts';
import { hashPassword } from '../../accounts/password-hasher.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';
import { PASSWORD_OPTIONS, readPassword } from '../admin-lookups.ts';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `add-user <merchant>`: creates a merchant and its merchant user (docs/interface.md › Authentication §2). */
export const adminCommand: AdminCommand = {
  name: 'add-user',
  summary: 'create a merchant and its merchant user (time zone: IANA name, default UTC)',
  usage: 'add-user <merchant> (--password P | --password-stdin) [--time-zone ZONE]',
  options: { ...PASSWORD_OPTIONS, 'time-zone': { type: 'string' } },
  positionals: 1,
  async run(context, args) {
    const [merchant = ''] = args.positionals;
    const problem = nameProblem(merchant, 'merchant');
    if (problem !== undefined) throw new AdminError(problem);
    const zone = args.values['time-zone'];
    const timeZone = typeof zone === 'string' ? zone : 'UTC';
    if (!isTimeZone(timeZone)) throw new AdminError(`time zone "${timeZone}": not an IANA zone`);
    if ((await context.accounts.users.find({ merchant, sub: '' })) !== undefined) {
      throw new AdminError(`"${merchant}": already exists`);
    }
    const hash = await hashPassword(await readPassword(context, args));
    const login = await context.accounts.users.createMerchant(
      merchant,
      hash,
      timeZone,
      unixSeconds(context.now()),
    );
    context.out(`added user ${login.username} (merchant ${login.merchantId}, ${timeZone})`);
  },
};
