import { AdminError, type AdminCommand } from '../admin-command.ts';
import { openBdks } from '../admin-lookups.ts';

/** `remove-bdk <key-set-id>`: devices of that key set are refused from now on. */
export const adminCommand: AdminCommand = {
  name: 'remove-bdk',
  summary: 'remove a DUKPT base derivation key; data from its devices is refused from now on',
  usage: 'remove-bdk <key-set-id>',
  positionals: 1,
  async run(context, args) {
    const keySetId = (args.positionals[0] ?? '').toUpperCase();
    if (!(await openBdks(context).remove(keySetId))) {
      throw new AdminError(`key set ${keySetId}: no key registered`);
    }
    context.out(`key set ${keySetId}: key removed`);
  },
};
