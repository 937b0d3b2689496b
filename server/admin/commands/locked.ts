import type { LockedSubject } from '../../store/credential-failure-store.ts';
import type { AdminCommand, AdminContext } from '../admin-command.ts';

async function named(context: AdminContext, locked: LockedSubject): Promise<string> {
  if (locked.kind === 'api_key') return `api key ${locked.subject}`;
  if (locked.kind === 'address') return `address ${locked.subject} (unknown names)`;
  const login = await context.accounts.users.findById(Number(locked.subject));
  return `user ${login?.username ?? `#${locked.subject}`}`;
}

/** `locked`: every locked account, and every throttled API key id and address, with its end. */
export const adminCommand: AdminCommand = {
  name: 'locked',
  summary: 'list locked users, and API key ids and addresses throttled now, with when each ends',
  usage: 'locked',
  positionals: 0,
  async run(context) {
    const now = context.now();
    const locked = await context.accounts.failures.listLocked(now.getTime());
    if (locked.length === 0) context.out('nothing locked or throttled');
    for (const entry of locked) {
      const until = new Date(entry.lockedUntil).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const state = entry.kind === 'user' ? 'locked' : 'throttled';
      context.out(
        `${await named(context, entry)}  ${state} until ${until}  failed attempts: ${entry.failures}`,
      );
    }
  },
};
