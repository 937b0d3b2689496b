// A stand-in for the lane engine in transport tests (named so): it records the commands that reach
// it, answers each with a scripted reply, and publishes the events a test gives it, starting every
// subscription with a snapshot as the real lane does (main/lane-api/lane-api.ts).
import type {
  CommandReply,
  LaneApi,
  LaneCommand,
  LaneEvent,
  LaneSnapshot,
  WorkflowView,
} from '../../../main/lane-api/index.ts';
import { MOVING_COMMANDS } from '../../../main/lane-api/keys.ts';

/** A snapshot of an idle training lane. */
export const IDLE_SNAPSHOT: LaneSnapshot = {
  settings: {
    language: 'en',
    customerLanguage: 'en',
    manualEntry: 'override',
    merchantCopy: false,
    tipAdjust: true,
    receiptNotes: '',
    touch: false,
    laneId: '1',
    training: true,
    currency: 'USD',
    configSource: 'training',
    merchantName: 'LaneTerm Training Store',
  },
  status: {
    training: true,
    server: { state: 'up', since: 1, url: 'https://127.0.0.1:1/', transport: 'v2' },
    devices: [],
    paper: 'ok',
    checking: 0,
    dayOpen: true,
  },
  workflow: null,
  interrupted: [],
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The scripted lane. */
export class ScriptedLane implements LaneApi {
  readonly received: LaneCommand[] = [];
  readonly listeners = new Set<(event: LaneEvent) => void>();
  reply: (command: LaneCommand) => CommandReply | Promise<CommandReply> = () => ({
    ok: true,
    data: { workflowId: 'wf-1' },
  });
  /**
   * When set, a command that moves the lane, once accepted, is followed by the workflow view last
   * published, as the real lane publishes the step a command leads to.
   */
  echoesMoves = false;
  #seq = 0;
  #workflow: WorkflowView | null = null;

  send = (async (command: LaneCommand) => {
    this.received.push(command);
    const reply = await this.reply(command);
    if (this.echoesMoves && reply.ok && MOVING_COMMANDS.has(command.type))
      this.publish({ type: 'workflow', workflow: this.#workflow });
    return reply;
  }) as LaneApi['send'];

  subscribe(listener: (event: LaneEvent) => void): () => void {
    this.listeners.add(listener);
    listener({ type: 'snapshot', seq: this.#seq, at: 1, snapshot: IDLE_SNAPSHOT });
    return () => this.listeners.delete(listener);
  }

  /** Publishes a notice to every subscriber. */
  notify(code: 'server_lost' | 'server_back'): void {
    this.publish({ type: 'notice', notice: { level: 'warning', code, params: {} } });
  }

  /** Publishes an event (its seq and time filled in) to every subscriber. */
  publish(event: DistributiveOmit<LaneEvent, 'seq' | 'at'>): void {
    this.#seq += 1;
    const full = { ...event, seq: this.#seq, at: 2 } as LaneEvent;
    if (full.type === 'workflow') this.#workflow = full.workflow;
    for (const listener of this.listeners) listener(full);
  }
}
