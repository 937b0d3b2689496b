import type { AdminCommand } from '../admin-command.ts';
import { parseOperationList, requireMerchant } from '../admin-lookups.ts';

/** `set-dual-auth <merchant> <operations>`: operations needing a second user (docs/interface.md › Authentication §7). */
export const adminCommand: AdminCommand = {
  name: 'set-dual-auth',
  summary: 'set the operations of a merchant that need a second user’s authorization',
  usage: 'set-dual-auth <merchant> <operation,operation,… | all | none>',
  positionals: 2,
  async run(context, args) {
    const [merchant = '', list = ''] = args.positionals;
    const owner = await requireMerchant(context, merchant);
    const operations = parseOperationList(list);
    await context.accounts.permissions.setDualOperations(owner.merchantId, operations);
    context.out(`${merchant}: dual authorization for ${operations.join(', ') || 'nothing'}`);
  },
};
