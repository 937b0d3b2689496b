import { OutboxSpoolError, spoolOutboxCopies } from '../../engine/index.ts';
import { AdminError, type AdminCommand } from '../admin-command.ts';

/** Copies taken by one run unless --limit says otherwise. */
const DEFAULT_LIMIT = 100;
/**
 * Most copies one run takes: they are written while the store holds their rows (on SQLite its write
 * lock, which the service's writes wait for), so a run stays short.
 */
const MAX_LIMIT = 1000;

/** --limit as a whole number from 1 to MAX_LIMIT; DEFAULT_LIMIT when not given. */
function parseLimit(value: string | boolean | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const limit = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 0;
  if (limit < 1 || limit > MAX_LIMIT) {
    throw new AdminError(`--limit: a whole number from 1 to ${MAX_LIMIT}, not "${String(value)}"`);
  }
  return limit;
}

/**
 * `outbox take <dir> [--limit N]`: takes the oldest receipt copies out of the store's outbox (up to
 * N, default 100) and writes each into the folder as the file `<name>` holding its message, for a
 * gateway that reads a spool folder (docs/api.md, E-mail and SMS). The files are on disk before the
 * rows' removal commits: a run stopped in between leaves the rows, and the next run writes them
 * again (at least once); a write that fails removes no row.
 */
export const adminCommand: AdminCommand = {
  name: 'outbox take',
  summary:
    "move the oldest receipt copies out of the store's outbox into a folder, one file each (default 100)",
  usage: 'outbox take <dir> [--limit N]',
  options: { limit: { type: 'string' } },
  positionals: 1,
  async run(context, args) {
    const [dir = ''] = args.positionals;
    const limit = parseLimit(args.values.limit);
    try {
      const taken = await context.store.transaction(async (tx) => {
        const copies = await tx.outbox.take(limit);
        spoolOutboxCopies(dir, copies);
        return copies.length;
      });
      context.out(`outbox take: ${taken} receipt copies written to ${dir}`);
    } catch (error) {
      if (error instanceof OutboxSpoolError) {
        throw new AdminError(`${error.message}; no receipt copy was taken`);
      }
      throw error;
    }
  },
};
