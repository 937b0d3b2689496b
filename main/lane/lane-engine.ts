import {
  parseCommand,
  type CommandReply,
  type CommandType,
  type LaneApi,
  type LaneCommand,
  type LaneEvent,
  type LaneSnapshot,
  type ServerStatus,
  type WorkflowView,
} from '../lane-api/index.ts';
import { BackgroundSweep } from './background-sweep.ts';
import { EventLog } from './event-log.ts';
import { historyEntry } from './history-view.ts';
import type { InterruptedList } from './interrupted-list.ts';
import { offlineStatus } from './offline/offline-status.ts';
import type { LaneEngineOptions } from './lane-engine-options.ts';
import { laneParts, type LaneParts } from './lane-parts.ts';
import { LiveWorkflow } from './live-workflow.ts';
import { LaneQueries } from './lane-queries.ts';
import { DeviceNotices } from './device-notices.ts';
import { laneStatus } from './lane-status.ts';
import { acknowledgeReply, offerReply, offlineSeenReply, refuse } from './lane-replies.ts';
import { serverChange, serverUnknown } from './server-watch.ts';
import { answerTraining, switchNetwork } from './training-commands.ts';
import { startWorkflow, type StartError } from './workflow-factory.ts';

/**
 * The lane engine (docs/lane.md): the lane API over the workflows, the journal and the devices.
 * One workflow runs at a time; every change goes out on the one event stream; recovery settles
 * the journal at start and in the background. Runs in plain Node: Electron's IPC, the web bridge,
 * the lane socket and tests all drive it through send() and subscribe().
 */
export class LaneEngine implements LaneApi {
  readonly #options: LaneEngineOptions;
  readonly #events = new EventLog(() => this.snapshot());
  /** The journaled payments, interrupted list, recovery, forwarder and workflows' context. */
  readonly #parts: LaneParts;
  readonly #queries: LaneQueries;
  readonly #stops: (() => void)[] = [];
  readonly #live: LiveWorkflow;
  /** Set by stop(): commands are refused and no recovery pass starts. */
  #stopping = false;
  #server: ServerStatus;
  readonly #sweeps = new BackgroundSweep(
    () => this.#sweepOnce(),
    () =>
      this.#events.emit({
        type: 'notice',
        notice: { level: 'error', code: 'recovery_failed', params: {} },
      }),
  );

  private constructor(options: LaneEngineOptions) {
    this.#options = options;
    this.#server = serverUnknown(options.server, (options.now ?? Date.now)());
    this.#parts = laneParts(options, {
      serverSeen: (up) => this.#serverSeen(up),
      notify: (notice) => this.#events.emit({ type: 'notice', notice }),
      emitReceipt: (receipt) => this.#events.emit({ type: 'receipt', receipt }),
      publishStatus: () => this.#publishStatus(),
    });
    this.#live = new LiveWorkflow(options.journal, options.training, {
      failed: (operation) =>
        this.#events.emit({
          type: 'notice',
          notice: { level: 'error', code: 'lane_error', params: { operation } },
        }),
      ended: () => {
        this.#publish(null);
        this.#publishStatus();
      },
    });
    this.#queries = new LaneQueries(
      options,
      this.#parts.context,
      () => this.#server,
      () => this.snapshot(),
    );
  }

  /**
   * Starts an engine: workflows a stop or a crash left running are listed as interrupted; status,
   * history and that list follow the devices and the journal, a device lost and back is a notice;
   * recovery runs now.
   */
  static start(options: LaneEngineOptions): LaneEngine {
    const engine = new LaneEngine(options);
    engine.#parts.interrupted.markRunning();
    const notices = new DeviceNotices(options.devices.statuses(), (notice) =>
      engine.#events.emit({ type: 'notice', notice }),
    );
    engine.#stops.push(
      options.devices.onStatus((status) => {
        engine.#publishStatus();
        notices.seen(status);
      }),
    );
    engine.#stops.push(
      options.journal.onChange((entry) => {
        const tip = options.settings.get().tipAdjust;
        const moves = options.journal.movesOf(entry.id);
        engine.#events.emit({ type: 'history', entry: historyEntry(entry, tip, moves) });
        if (engine.#parts.interrupted.concerns(entry)) engine.#publishInterrupted();
        engine.#publishStatus();
      }),
    );
    engine.#sweeps.start(options.sweepMs ?? 15_000);
    return engine;
  }

  /**
   * Runs one recovery pass (after the one in progress, if any), then forwards the offline
   * approvals waiting (docs/lane.md › Offline); resolves when it is done (BackgroundSweep).
   */
  sweepNow(): Promise<void> {
    return this.#sweeps.now();
  }

  async #sweepOnce(): Promise<void> {
    await this.#parts.recovery.sweep((id) => id === this.#live.current?.id);
    await this.#parts.forwarder.forward();
    this.#publishStatus();
  }

  /** Everything a screen needs to draw itself. */
  snapshot(): LaneSnapshot {
    return {
      settings: this.#queries.settings(),
      status: this.#status(),
      workflow: this.#live.current?.view() ?? null,
      interrupted: this.#parts.interrupted.entries(),
    };
  }

  subscribe(listener: (event: LaneEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  async send<T extends CommandType>(
    input: Extract<LaneCommand, { type: T }>,
  ): Promise<CommandReply<T>> {
    if (this.#stopping) return refuse('unavailable', 'the lane is stopping', 'lane.running');
    const parsed = parseCommand(input);
    if ('error' in parsed) return { ok: false, error: parsed.error };
    return (await this.#run(parsed.command)) as CommandReply<T>;
  }

  async #run(command: LaneCommand): Promise<CommandReply> {
    if (command.type === 'training.network')
      return switchNetwork(
        command.down,
        this.#options.simulators,
        this.#parts.payments.gate,
        () => {
          this.#publishStatus();
          if (!command.down) void this.sweepNow();
        },
      );
    const trained = await answerTraining(command, this.#options.simulators);
    if (trained !== undefined) {
      if (command.type === 'training.pin' && trained.ok) this.#publishStatus();
      return trained;
    }
    if (command.type === 'interrupted.acknowledge')
      return acknowledgeReply(this.#parts.interrupted, command.entryId, () =>
        this.#publishInterrupted(),
      );
    if (command.type === 'offline.seen')
      return offlineSeenReply(
        this.#options.journal.offline,
        this.#options.training,
        command.entryId,
        () => this.#publishStatus(),
        () => this.#queries.offlineDeclined(),
      );
    const answer = await this.#queries.answer(command);
    if (answer !== undefined) {
      if (command.type === 'settings.update' && answer.ok)
        this.#events.emit({ type: 'settings', settings: this.#queries.settings() });
      return answer;
    }
    const live = this.#live.current;
    if (command.type.startsWith('workflow.')) return offerReply(live, command);
    if (live !== undefined) return refuse('busy', `a ${live.kind} is running`);
    const started = startWorkflow(command, this.#parts.context, (view) => this.#publish(view));
    if ('error' in started) return { ok: false, error: (started as StartError).error };
    this.#live.begin(started.workflow);
    return { ok: true, data: { workflowId: started.workflow.id } };
  }

  #publishInterrupted(): ReturnType<InterruptedList['entries']> {
    const interrupted = this.#parts.interrupted.entries();
    this.#events.emit({ type: 'interrupted', interrupted });
    return interrupted;
  }

  #publish(view: WorkflowView | null): void {
    this.#events.emit({ type: 'workflow', workflow: view });
  }

  #status() {
    return laneStatus({
      training: this.#options.training,
      devices: this.#options.devices,
      server: () => this.#server,
      checking: () => this.#options.journal.checkingCount(),
      dayOpen: () => this.#options.settings.dayOpen(),
      offline: () =>
        offlineStatus(this.#options.journal, this.#options.training, this.#parts.context.offline),
      networkDown: () => this.#parts.payments.gate.networkDown,
      cardholderPin: () => this.#options.simulators?.cardholderPin() ?? 'typed',
    });
  }

  #publishStatus(): void {
    this.#events.emit({ type: 'status', status: this.#status() });
  }

  #serverSeen(up: boolean): void {
    const change = serverChange(this.#server, up, this.#parts.context.now());
    if (change === undefined) return;
    this.#server = change.server;
    if (change.sweep) void this.sweepNow();
    if (change.notice !== undefined) this.#events.emit({ type: 'notice', notice: change.notice });
    this.#publishStatus();
  }

  /**
   * Stops the engine (docs/lane.md, Stopping the lane): commands are refused from now on; the
   * running workflow is listed as interrupted for the next start and halted, a request in flight
   * let finish up to its deadline and journaled;
   * then the background recovery and the subscriptions stop. The journal, client and devices stay
   * open for the caller to close, since nothing of the engine uses them any more.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#sweeps.halt();
    await this.#live.stop((id) => this.#parts.interrupted.markStopped(id));
    await this.#sweeps.settled();
    for (const stop of this.#stops.splice(0)) stop();
  }
}
