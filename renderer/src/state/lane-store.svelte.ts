// What the screens draw from: the lane's settings, status and running workflow as the event
// stream last said, the latest receipt, notices and history lines, and the link to the lane.
import type { LinkState } from '../lane/bridge-link.ts';
import { laneLink } from './lane-link.svelte.ts';
import type {
  CommandOf,
  CommandReply,
  CommandType,
  HistoryEntry,
  InterruptedEntry,
  LaneApi,
  LaneError,
  LaneEvent,
  LaneSettings,
  LaneStatus,
  Notice,
  ReceiptPreview,
  WorkflowView,
} from '../lane/lane-types.ts';
import { TrainingCustomer } from './training-customer.svelte.ts';
import { commandRefused, commandSent, laneMoved } from '../ui/key-queue.ts';

/** History as the cashier left it when a workflow took the screen (a void, a refund, a tip…). */
export interface HistoryLeft {
  readonly text: string;
  readonly interruptedOnly: boolean;
  readonly found: HistoryEntry[];
  readonly selectedId: string | null;
}

/** Notices kept on screen: the newest 5. */
const NOTICES_KEPT = 5;

/** The lane as the UI knows it, fed by one subscription to the lane API's events. */
export class LaneStore {
  settings = $state<LaneSettings | null>(null);
  status = $state<LaneStatus | null>(null);
  workflow = $state<WorkflowView | null>(null);
  /** The latest receipt the lane built (printed or not). */
  receipt = $state<ReceiptPreview | null>(null);
  notices = $state<Notice[]>([]);
  /** Transactions a stop or a crash interrupted, not acknowledged yet (the lane's list). */
  interrupted = $state<InterruptedEntry[]>([]);
  /** Counts the snapshots that came with interrupted transactions: each lands on their list. */
  interruptedLandings = $state(0);
  /** Counts the snapshots (a connection, a reconnection): what a screen asked before is stale. */
  snapshots = $state(0);
  /** The last refusal of a command, shown until the next command. */
  refusal = $state<LaneError | null>(null);
  /** History lines changed since the history screen last searched, by id. */
  historyChanges = $state<Record<string, HistoryEntry>>({});
  /** History as left for a workflow: it comes back so when the workflow ends (docs/app.md, History). */
  historyLeft: HistoryLeft | null = null;
  /** Training mode's simulated customer (its cards are asked for on the first card step). */
  readonly training = new TrainingCustomer((command) => this.send(command));
  #lane: LaneApi;

  /** Connects with `connect`, which reports the link's state as it changes. */
  constructor(connect: (onLinkState: (state: LinkState) => void) => LaneApi) {
    this.#lane = connect((state) => (laneLink.state = state));
  }

  /** Whether the page reaches the lane now (the status, workflow and history are as last heard). */
  get link(): LinkState {
    return laneLink.state;
  }

  /** Subscribes to the lane's events; returns the unsubscribe function. */
  start(): () => void {
    return this.#lane.subscribe((event) => this.#apply(event));
  }

  /**
   * Sends a command; a refusal is kept in `refusal` for the screen to show. Keys pressed while a
   * command that moves the lane is on its way wait for what it shows next (key-queue.ts).
   */
  async send<T extends CommandType>(command: CommandOf<T>): Promise<CommandReply<T>> {
    this.refusal = null;
    commandSent(command.type);
    try {
      const reply = await this.#lane.send<T>(command);
      if (!reply.ok) {
        this.refusal = reply.error;
        commandRefused();
      }
      return reply;
    } catch (error) {
      commandRefused();
      throw error;
    }
  }

  /** The running workflow's id, for commands inside it. */
  get workflowId(): string {
    return this.workflow?.id ?? '';
  }

  /** The workflow whose finish was sent, so it is sent once whichever key asked for it. */
  #finishSent = '';

  /**
   * True when the running workflow only waits to be closed (a result offering Done, or a
   * cancelled workflow): the screen keys then close it and open their screen (docs/app.md, Keys).
   */
  get finishable(): boolean {
    const step = this.workflow?.step;
    if (step === undefined) return false;
    return step.name === 'cancelled' || (step.name === 'result' && step.next.includes('finish'));
  }

  /**
   * True while a result's receipt is printing: the lane takes the result's choices once it has
   * printed, so a key pressed meanwhile is kept until then (docs/app.md, Keys).
   */
  get printing(): boolean {
    const step = this.workflow?.step;
    return step?.name === 'result' && step.receipt.state === 'printing';
  }

  /**
   * Closes the running workflow from its result or cancelled step (workflow.choose finish), once:
   * a second key pressed before the lane's answer sends nothing more; a refused or lost send may
   * be asked again.
   */
  finish(): void {
    const workflow = this.workflow;
    if (workflow === null || !this.finishable || this.#finishSent === workflow.id) return;
    this.#finishSent = workflow.id;
    const again = (): void => {
      if (this.#finishSent === workflow.id) this.#finishSent = '';
    };
    this.send({ type: 'workflow.choose', workflowId: workflow.id, action: 'finish' }).then(
      (reply) => {
        if (!reply.ok) again();
      },
      again,
    );
  }

  /**
   * Clears the notices the cashier has had on screen (the screen changed since): information and
   * warnings go; errors stay until dismissed.
   */
  readNotices(): void {
    if (this.notices.some((notice) => notice.level !== 'error'))
      this.notices = this.notices.filter((notice) => notice.level === 'error');
  }

  /** History as it was left for a workflow, once: the screen that comes back takes it. */
  takeHistoryLeft(): HistoryLeft | null {
    const left = this.historyLeft;
    this.historyLeft = null;
    return left;
  }

  /** Shows a notice, newest first: the lane's, or the page's own (a swipe typed as keys). */
  show(notice: Notice): void {
    this.notices = [notice, ...this.notices].slice(0, NOTICES_KEPT);
  }

  /** Removes one notice (its Dismiss button). */
  dismissNotice(notice: Notice): void {
    this.notices = this.notices.filter((kept) => kept !== notice);
  }

  #apply(event: LaneEvent): void {
    switch (event.type) {
      case 'snapshot':
        this.settings = event.snapshot.settings;
        this.status = event.snapshot.status;
        this.workflow = event.snapshot.workflow;
        this.interrupted = event.snapshot.interrupted;
        if (this.interrupted.length > 0) this.interruptedLandings += 1;
        this.historyChanges = {};
        this.snapshots += 1;
        laneMoved(this.workflow?.step.name);
        break;
      case 'interrupted':
        this.interrupted = event.interrupted;
        break;
      case 'workflow':
        this.workflow = event.workflow;
        laneMoved(this.workflow?.step.name);
        break;
      case 'status':
        this.status = event.status;
        break;
      case 'receipt':
        this.receipt = event.receipt;
        break;
      case 'history':
        this.historyChanges = { ...this.historyChanges, [event.entry.id]: event.entry };
        break;
      case 'notice':
        this.show(event.notice);
        break;
      case 'settings':
        this.settings = event.settings;
        break;
    }
  }
}
