import type { JournalEntry } from '../../../../main/lane/journal/journal-types.ts';
import { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import type { LaneBench } from './lane-bench.ts';

/**
 * Offline rules for tests (docs/lane.md › Offline): credit by swipe up to 50.00 a sale, 200.00
 * and five sales waiting in all, none older than a day; `more` adds or replaces rules.
 */
export function offlineRules(more: Record<string, unknown> = {}): OfflineConfig {
  return OfflineConfig.parse({
    allowed: true,
    floorLimits: { credit: { default: 5000 } },
    totalValueMinor: 20000,
    totalCount: 5,
    maxAgeHours: 24,
    entryMethods: ['swipe'],
    ...more,
  });
}

/** Finishes a workflow at its result and answers its first journal entry. */
export async function finishedEntry(bench: LaneBench, workflowId: string): Promise<JournalEntry> {
  await bench.driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  await bench.driver.idle();
  const [entry] = bench.lane.journal.entriesOf(workflowId);
  if (entry === undefined) throw new Error('no entry');
  return entry;
}
