import { DateTime } from 'luxon';
import type { AdminCommand } from '../admin-command.ts';
import { openBdks } from '../admin-lookups.ts';

/** `list-bdks`: every registered key set, its key type and check value; never a key. */
export const adminCommand: AdminCommand = {
  name: 'list-bdks',
  summary: 'list the DUKPT base derivation keys: key set id, type, check value, added',
  usage: 'list-bdks',
  positionals: 0,
  async run(context) {
    const keys = await openBdks(context).list();
    if (keys.length === 0) context.out('no base derivation keys');
    for (const key of keys) {
      const added = DateTime.fromSeconds(key.createdTs, { zone: 'utc' }).toISO({
        suppressMilliseconds: true,
      });
      context.out(`${key.keySetId}  ${key.type}  check value ${key.checkValue}  added ${added}`);
    }
  },
};
