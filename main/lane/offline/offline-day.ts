import type { DaySummary, OfflineDeclined } from '../../lane-api/index.ts';
import type { JournalEntry } from '../journal/journal-types.ts';
import type { LaneContext } from '../lane-context.ts';

/** An offline sale declined on forwarding as the manager's list shows it: amount, time, last four. */
export function offlineDeclinedLine(entry: JournalEntry): OfflineDeclined {
  return {
    entryId: entry.id,
    amountMinor: entry.amountMinor,
    at: entry.createdAt,
    ...(entry.card === undefined ? {} : { lastFour: entry.card.lastFour }),
    ...(entry.acknowledgedAt === undefined ? {} : { seenAt: entry.acknowledgedAt }),
  };
}

/**
 * A day summary with the lane's offline sales (docs/lane.md › Offline): those still waiting after
 * the close day's forwarding pass (the confirm step warns of them) and those the service declined
 * on forwarding; unchanged when there are none.
 */
export function withOffline(summary: DaySummary, ctx: LaneContext): DaySummary {
  const waiting = ctx.journal.offline.totals(ctx.training);
  const declined = ctx.journal.offline
    .declined()
    .filter((entry) => entry.training === ctx.training)
    .map(offlineDeclinedLine);
  if (waiting.count === 0 && declined.length === 0) return summary;
  return {
    ...summary,
    offline: { waiting: waiting.count, waitingMinor: waiting.valueMinor, declined },
  };
}
