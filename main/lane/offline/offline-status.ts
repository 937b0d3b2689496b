import type { OfflineStatus } from '../../lane-api/index.ts';
import type { JournalStore } from '../journal/journal-store.ts';
import type { OfflineConfig } from './offline-config.ts';

/**
 * The status bar's offline part (docs/lane.md › Offline): how many offline sales of the lane's
 * mode wait and their value, and how many declined on forwarding the manager has not seen; shown
 * when the lane approves offline or any is waiting or declined.
 */
export function offlineStatus(
  journal: JournalStore,
  training: boolean,
  config: OfflineConfig,
): OfflineStatus | undefined {
  const waiting = journal.offline.totals(training);
  const declined = journal.offline
    .declined()
    .filter((entry) => entry.training === training && entry.acknowledgedAt === undefined).length;
  if (!config.allowed && waiting.count === 0 && declined === 0) return undefined;
  return { waiting: waiting.count, valueMinor: waiting.valueMinor, declined };
}
