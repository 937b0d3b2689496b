import type { HistoryAction, LaneCommand, LaneError, WorkflowView } from '../lane-api/index.ts';
import { historyActions } from './history-view.ts';
import type { LaneContext } from './lane-context.ts';
import { DayWorkflow } from './workflows/day-workflow.ts';
import { GiftWorkflow } from './workflows/gift-workflow.ts';
import { HistoryWorkflow } from './workflows/history-workflow.ts';
import { SaleWorkflow } from './workflows/sale-workflow.ts';
import type { Workflow } from './workflow.ts';

/** Why a workflow was not started. */
export interface StartError {
  readonly error: LaneError;
}

/** Commands that move money: they need the day open (docs/lane.md, Open and close the day). */
const NEEDS_OPEN_DAY = new Set<string>([
  'sale.start',
  'preauth.start',
  'gift.activate',
  'gift.issue',
  'gift.cashout',
  'gift.merchreturn',
  'history.void',
  'history.refund',
  'history.tip',
  'history.complete',
]);

const ACTION_OF: Readonly<Record<string, HistoryAction>> = {
  'history.void': 'void',
  'history.refund': 'refund',
  'history.tip': 'tip',
  'history.complete': 'complete',
  'history.reprint': 'reprint',
};

const refused = (code: LaneError['code'], message: string, field?: string): StartError => ({
  error: { code, message, ...(field === undefined ? {} : { field }) },
});

/**
 * The workflow a start command begins (one file per family under workflows/), or why it cannot
 * begin: the day is closed, the history line does not exist, or its state does not allow the
 * move asked (the same rule the history screen's actions come from).
 */
export function startWorkflow(
  command: LaneCommand,
  ctx: LaneContext,
  publish: (view: WorkflowView | null) => void,
): { workflow: Workflow<string> } | StartError {
  if (NEEDS_OPEN_DAY.has(command.type) && !ctx.dayOpen())
    return refused('day_closed', 'open the day first');
  switch (command.type) {
    case 'sale.start':
    case 'preauth.start':
      return { workflow: new SaleWorkflow(command, ctx, publish) };
    case 'gift.activate':
    case 'gift.issue':
    case 'gift.cashout':
    case 'balance.start':
      return { workflow: new GiftWorkflow(command, ctx, publish) };
    case 'gift.merchreturn': {
      if (command.entryId === undefined)
        return { workflow: new GiftWorkflow(command, ctx, publish) };
      const parent = ctx.journal.get(command.entryId);
      if (parent?.ttid === undefined || parent.state !== 'approved')
        return refused('not_found', 'no approved entry with that id', 'entryId');
      return { workflow: new GiftWorkflow(command, ctx, publish, parent) };
    }
    case 'history.void':
    case 'history.refund':
    case 'history.tip':
    case 'history.complete':
    case 'history.reprint': {
      const target = ctx.journal.get(command.entryId);
      if (target === undefined) return refused('not_found', 'no entry with that id', 'entryId');
      const action = ACTION_OF[command.type] as HistoryAction;
      if (!historyActions(target, ctx.settings().tipAdjust).includes(action))
        return refused('not_allowed', `${action} is not allowed on this entry now`, 'entryId');
      return { workflow: new HistoryWorkflow(command, target, ctx, publish) };
    }
    case 'day.open':
    case 'day.close':
      return { workflow: new DayWorkflow(command.type === 'day.open', ctx, publish) };
    default:
      return refused('invalid_command', `${command.type} does not start a workflow`, 'type');
  }
}
