import type { DeviceRole, Presentation } from '../../../main/devices/index.ts';
import {
  formatMinor,
  type LaneCommand,
  type NextAction,
  type AttentionAction,
} from '../../../main/lane-api/index.ts';
import type { ViewAt } from '../../main/lane/helpers/lane-driver.ts';
import {
  declinedLine,
  forwarded,
  offlineDeclined,
  offlineQueue,
  offlineStatus,
} from './offline-steps.ts';
import type { OwnService } from './own-service.ts';
import { chipWait, held } from './step-waits.ts';
import type { ScenarioLane } from './process-lane.ts';
import type { ScenarioExpectation, ScenarioStep } from './scenario.ts';

/** What a scenario run keeps between steps: the workflow it started last, the offline order ids. */
export interface StepState {
  workflowId: string;
  /** The order ids of the offline queue, in order, as offline_queue found them. */
  orderIds?: string[];
  /** The EMV reader's card waits started before the workflow started last. */
  chipWaits?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function fail(message: string): never {
  throw new Error(message);
}

function check(what: string, actual: unknown, expected: unknown): void {
  if (expected !== undefined && actual !== expected)
    fail(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/** Checks a view against what the scenario expects of it. */
function checkView(
  view: ViewAt<never> | ViewAt<'result'> | ViewAt<'attention'> | ViewAt<'confirm'>,
  expected: ScenarioExpectation,
) {
  const step = view.step as { name: string } & Record<string, unknown>;
  if (step.name === 'result') {
    const { result, receipt } = (view as ViewAt<'result'>).step;
    check('outcome', result.outcome, expected.outcome);
    check('reason', 'reason' in result ? result.reason : undefined, expected.reason);
    check(
      'amount',
      result.outcome === 'approved' || result.outcome === 'partial'
        ? formatMinor(result.amountMinor)
        : undefined,
      expected.amount,
    );
    check(
      'remaining',
      'remainingMinor' in result ? formatMinor(result.remainingMinor) : undefined,
      expected.remaining,
    );
    const balance =
      'balanceMinor' in result && result.balanceMinor !== undefined
        ? formatMinor(result.balanceMinor)
        : undefined;
    check('balance', balance, expected.balance);
    check('receipt', receipt.state, expected.receipt);
    check('offline', 'offline' in result ? result.offline === true : false, expected.offline);
    check('operation', result.operation, expected.operation);
  }
  if (step.name === 'confirm') {
    const confirm = (view as ViewAt<'confirm'>).step;
    check('ask', confirm.ask, expected.ask);
    const declined = (confirm.day?.offline?.declined ?? []).map(declinedLine).join(', ');
    if (expected.offline_declined !== undefined)
      check('offline declined', declined, expected.offline_declined.join(', '));
    const moves = confirm.moves.map((move) => `${move.operation} ${formatMinor(move.amountMinor)}`);
    if (expected.moves !== undefined) check('moves', moves.join(', '), expected.moves.join(', '));
  }
  if (step.name === 'attention') check('problem', step.problem, expected.problem);
  if (step.name === 'card' && expected.problem !== undefined)
    check('problem', step.problem, expected.problem);
  if (step.name === 'cancelled')
    check('reversed', (step.reversed as unknown[]).length, expected.reversed);
}

/** The receipts printed or previewed so far, as one text. */
function receiptText(bench: ScenarioLane): string {
  return [
    bench.devices.simulators.printer.text(),
    ...bench.driver.receipts().map((receipt) => receipt.text),
  ].join('\n');
}

async function history(
  bench: ScenarioLane,
  step: Extract<ScenarioStep, { history: unknown }>['history'],
) {
  const { entries } = await bench.driver.send({ type: 'history.search', query: step.query });
  const entry =
    entries.find((candidate) => candidate.actions.includes(step.action)) ??
    fail(`no history line allows ${step.action}`);
  const entryId = entry.id;
  const amount = step.amountMinor === undefined ? {} : { amountMinor: step.amountMinor };
  switch (step.action) {
    case 'void':
      return bench.driver.send({ type: 'history.void', entryId });
    case 'refund':
      return bench.driver.send({ type: 'history.refund', entryId, ...amount });
    case 'tip':
      return bench.driver.send({
        type: 'history.tip',
        entryId,
        tipMinor: step.tipMinor ?? fail('history tip needs tipMinor'),
      });
    case 'complete':
      return bench.driver.send({
        type: 'history.complete',
        entryId,
        amountMinor: step.amountMinor ?? entry.amountMinor,
      });
    case 'reprint':
      return bench.driver.send({ type: 'history.reprint', entryId });
  }
}

/** How long the interrupted list may take to show what a transaction came to, ms. */
const INTERRUPTED_WAIT_MS = 60_000;

/** Waits until the lane's interrupted list holds the expected transaction with its status. */
async function interrupted(
  bench: ScenarioLane,
  expected: Extract<ScenarioStep, { interrupted: unknown }>['interrupted'],
): Promise<void> {
  const deadline = Date.now() + INTERRUPTED_WAIT_MS;
  let seen = '';
  for (;;) {
    const { interrupted: list } = await bench.driver.send({ type: 'lane.snapshot' });
    const entry = list.find((candidate) => formatMinor(candidate.amountMinor) === expected.amount);
    seen = list.map((item) => `${formatMinor(item.amountMinor)} ${item.status}`).join(', ');
    if (
      entry !== undefined &&
      entry.status === expected.status &&
      (expected.undone_by === undefined || entry.undoneBy === expected.undone_by)
    )
      return;
    if (Date.now() > deadline) fail(`the interrupted list holds ${seen || 'nothing'}`);
    await sleep(250);
  }
}

/** Marks every interrupted transaction seen; fails unless the list is then empty. */
async function acknowledgeAll(bench: ScenarioLane): Promise<void> {
  const { interrupted: list } = await bench.driver.send({ type: 'lane.snapshot' });
  let left = list;
  for (const entry of list)
    left = (await bench.driver.send({ type: 'interrupted.acknowledge', entryId: entry.entryId }))
      .interrupted;
  if (left.length > 0) fail(`${left.length} interrupted transactions still listed`);
}

/** The scenario's own service, which `step` needs. */
const own = (bench: ScenarioLane, step: string): OwnService =>
  bench.ownService ?? fail(`${step} needs service: own`);

/** Runs one scenario step against the bench (docs/lane.md, Scenarios). */
export async function runStep(
  bench: ScenarioLane,
  step: ScenarioStep,
  state: StepState,
): Promise<void> {
  const { driver, devices } = bench;
  const workflowId = state.workflowId;
  if ('start' in step) {
    state.chipWaits = devices.simulators.emv.activations;
    state.workflowId = (
      await driver.send(step.start as Extract<LaneCommand, { type: 'sale.start' }>)
    ).workflowId;
  } else if ('tender' in step)
    await driver.send({ type: 'workflow.tender', workflowId, tender: step.tender });
  else if ('present' in step) {
    const [card = '', how = ''] = step.present.split(' ');
    if (how !== 'swipe' && how !== 'key') await chipWait(bench, state.chipWaits ?? 0);
    await devices.present(card, how as Presentation);
  } else if ('pin' in step) devices.setCardholderPin(step.pin);
  else if ('entry' in step)
    await driver.send({ type: 'workflow.entry', workflowId, method: step.entry });
  else if ('override' in step)
    await driver.send({ type: 'workflow.override', workflowId, ...step.override });
  else if ('choose' in step) {
    const action = step.choose as AttentionAction | NextAction;
    await driver.send({ type: 'workflow.choose', workflowId, action });
  } else if ('cancel' in step) await driver.send({ type: 'workflow.cancel', workflowId });
  else if ('defer' in step) await driver.send({ type: 'workflow.defer', workflowId });
  else if ('fault' in step) {
    const [role = '', spec = ''] = step.fault.split(' ');
    devices.fault(role as DeviceRole, spec);
  } else if ('unplug' in step) {
    const [role = '', ms] = step.unplug.split(' ');
    await devices.unplug(role as DeviceRole, ms === undefined ? undefined : Number(ms));
  } else if ('printer' in step) devices.setPrinter(step.printer);
  else if ('fail_chip_read' in step) devices.failNextChipRead();
  else if ('history' in step) state.workflowId = (await history(bench, step.history)).workflowId;
  else if ('expect' in step) {
    const name = step.expect.step as never;
    const view = step.expect.step === 'result' ? await driver.result() : await driver.step(name);
    checkView(view as ViewAt<never>, step.expect);
  } else if ('receipt' in step) {
    if (!receiptText(bench).includes(step.receipt)) fail(`no receipt contains "${step.receipt}"`);
  } else if ('no_receipt_text' in step) {
    if (receiptText(bench).includes(step.no_receipt_text))
      fail(`a receipt contains "${step.no_receipt_text}"`);
  } else if ('pad_expiry' in step) {
    const prompt = devices.simulators.pinpad.cardPrompt;
    const asked = prompt?.expiryOptional === true ? 'optional' : 'required';
    if (prompt === undefined) fail('the PIN pad was not asked to key a card');
    if (asked !== step.pad_expiry) fail(`the PIN pad asked the expiry as ${asked}`);
  } else if ('notice' in step) await driver.notice(step.notice);
  else if ('kill' in step) await (bench.kill ?? fail('kill needs lane: process'))();
  else if ('restart' in step) await (bench.restart ?? fail('restart needs lane: process'))();
  else if ('interrupted' in step) await interrupted(bench, step.interrupted);
  else if ('acknowledge' in step) await acknowledgeAll(bench);
  else if ('idle' in step) await driver.idle();
  else if ('wait' in step) await sleep(step.wait);
  else if ('service' in step) {
    const service = own(bench, 'service');
    await (step.service === 'stop' ? service.stop() : service.start());
  } else if ('transactions' in step) {
    check(
      `transactions of ${step.transactions.amount}`,
      await own(bench, 'transactions').transactionsOf(step.transactions.amount),
      step.transactions.count,
    );
  } else if ('network' in step)
    await driver.send({ type: 'training.network', down: step.network === 'down' });
  else if ('hold' in step) own(bench, 'hold').hold.arm(Math.round(Number(step.hold) * 100));
  else if ('held' in step) await held(own(bench, 'held'));
  else if ('release' in step) own(bench, 'release').hold.release();
  else if ('offline_status' in step) await offlineStatus(bench, step.offline_status);
  else if ('offline_queue' in step) state.orderIds = offlineQueue(bench, step.offline_queue);
  else if ('forwarded' in step) await forwarded(bench, step.forwarded, state.orderIds ?? []);
  else if ('offline_declined' in step) await offlineDeclined(bench, step.offline_declined);
}
