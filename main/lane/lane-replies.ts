import type { CommandReply, LaneCommand, LaneError, OfflineDeclined } from '../lane-api/index.ts';
import type { InterruptedList } from './interrupted-list.ts';
import type { OfflineEntries } from './journal/offline-entries.ts';
import type { Workflow } from './workflow.ts';

/** A refused command's reply: its code, message and the rule it broke (docs/lane.md, The lane API). */
export const refuse = (
  code: LaneError['code'],
  message: string,
  rule?: string,
): { ok: false; error: LaneError } => ({
  ok: false,
  error: { code, message, ...(rule === undefined ? {} : { rule }) },
});

/** A workflow command offered to the running workflow, which must be the one it names (docs/lane.md, The lane API). */
export function offerReply(live: Workflow<string> | undefined, command: LaneCommand): CommandReply {
  const named = 'workflowId' in command ? command.workflowId : '';
  if (live === undefined) return refuse('no_workflow', 'no workflow is running');
  if (live.id !== named) return refuse('stale_workflow', 'that workflow is not the one running');
  const error = live.offer(command);
  return error === undefined ? { ok: true, data: { workflowId: live.id } } : { ok: false, error };
}

/**
 * The cashier's acknowledgment of an interrupted entry (docs/lane.md, Recovery): refused while its
 * outcome is being checked; done, the list is published and answered.
 */
export function acknowledgeReply(
  interrupted: InterruptedList,
  entryId: string,
  publish: () => ReturnType<InterruptedList['entries']>,
): CommandReply {
  const done = interrupted.acknowledge(entryId);
  if (done === 'checking')
    return refuse('not_allowed', 'its outcome is still being checked', 'interrupted.checking');
  if (done === 'not_found') {
    const message = 'no interrupted entry with that id';
    return { ok: false, error: { code: 'not_found', message, field: 'entryId' } };
  }
  return { ok: true, data: { interrupted: publish() } };
}

/**
 * Seen or All seen on the manager's list of sales declined on forwarding (docs/lane.md › Offline):
 * an id not on the list is not_found; done, the status is published and the list answered.
 */
export function offlineSeenReply(
  offline: Pick<OfflineEntries, 'seen'>,
  training: boolean,
  entryId: string | undefined,
  published: () => void,
  declined: () => OfflineDeclined[],
): CommandReply {
  const marked = offline.seen(training, entryId);
  if (entryId !== undefined && marked === 0) {
    const message = 'no unseen sale declined on forwarding with that id';
    return { ok: false, error: { code: 'not_found', message, field: 'entryId' } };
  }
  published();
  return { ok: true, data: { declined: declined() } };
}
