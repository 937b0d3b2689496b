import {
  parseCommand,
  type CommandReply,
  type CommandType,
  type LaneApi,
  type LaneCommand,
  type LaneEvent,
  type LaneSnapshot,
  type Notice,
  type ServerStatus,
  type WorkflowView,
} from '../lane-api/index.ts';
import { BackgroundSweep } from './background-sweep.ts';
import { EventLog } from './event-log.ts';
import { historyEntry } from './history-view.ts';
import { InterruptedList } from './interrupted-list.ts';
import { JournaledPayments } from './journal/journaled-payments.ts';
import { EntryResolver } from './journal/entry-resolver.ts';
import { Recovery } from './journal/recovery.ts';
import { CHIP_FIRST_DEFAULT } from './chip-fallback.ts';
import { OFFLINE_NEVER } from './offline/offline-config.ts';
import { OfflineForwarder } from './offline/offline-forwarder.ts';
import { offlineStatus } from './offline/offline-status.ts';
import type { LaneContext } from './lane-context.ts';
import type { LaneEngineOptions } from './lane-engine-options.ts';
import { LaneQueries } from './lane-queries.ts';
import { DeviceNotices } from './device-notices.ts';
import { laneStatus } from './lane-status.ts';
import { acknowledgeReply, offerReply, refuse } from './lane-replies.ts';
import { answerTraining } from './training-commands.ts';
import { startWorkflow, type StartError } from './workflow-factory.ts';
import type { Workflow } from './workflow.ts';

/**
 * The lane engine (docs/lane.md): the lane API over the workflows, the journal and the devices.
 * One workflow runs at a time; every change goes out on the one event stream; recovery settles
 * the journal at start and in the background. Runs in plain Node: Electron's IPC, the web bridge,
 * the lane socket and tests all drive it through send() and subscribe().
 */
export class LaneEngine implements LaneApi {
  readonly #options: LaneEngineOptions;
  readonly #events = new EventLog(() => this.snapshot());
  readonly #payments: JournaledPayments;
  readonly #recovery: Recovery;
  readonly #forwarder: OfflineForwarder;
  readonly #queries: LaneQueries;
  readonly #context: LaneContext;
  readonly #interrupted: InterruptedList;
  readonly #stops: (() => void)[] = [];
  #live: Workflow<string> | undefined;
  /** The live workflow's run, awaited by stop(). */
  #running: Promise<void> = Promise.resolve();
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
    const now = options.now ?? Date.now;
    const { url, transport } = options.server;
    this.#server = { url, transport, state: 'unknown', since: now() };
    const notify = (notice: Notice): void => this.#events.emit({ type: 'notice', notice });
    const lane = {
      laneid: options.laneId,
      ...(options.clerkId === undefined ? {} : { clerkid: options.clerkId }),
    };
    this.#payments = new JournaledPayments(options.journal, options.client, {
      training: options.training,
      lane,
      onServer: (up) => this.#serverSeen(up),
    });
    this.#interrupted = new InterruptedList(options.journal, now);
    const resolver = new EntryResolver(options.journal, options.client, options.inFlightMs, now);
    this.#recovery = new Recovery(options.journal, this.#payments, resolver, notify);
    this.#forwarder = new OfflineForwarder(options.journal, this.#payments, notify, {
      ...(options.inFlightMs === undefined ? {} : { inFlightMs: options.inFlightMs }),
      now,
    });
    this.#context = {
      training: options.training,
      offline: options.offline ?? OFFLINE_NEVER,
      chipFirst: options.chipFirst ?? CHIP_FIRST_DEFAULT,
      journal: options.journal,
      payments: this.#payments,
      recovery: this.#recovery,
      resolver,
      devices: options.devices,
      receipts: options.receipts,
      settings: () => options.settings.get(),
      verifyManager: (override) => options.verifyManager(override),
      ...(options.training && options.trainingManager !== undefined
        ? { trainingManager: options.trainingManager }
        : {}),
      emitReceipt: (receipt) => this.#events.emit({ type: 'receipt', receipt }),
      notify,
      dayOpen: () => options.settings.dayOpen(),
      setDayOpen: (open, batch) => {
        options.settings.setDayOpen(open);
        notify(
          open
            ? { level: 'info', code: 'day_opened', params: {} }
            : batch === undefined || batch === ''
              ? { level: 'info', code: 'day_closed_empty', params: {} }
              : { level: 'info', code: 'day_closed', params: { batch } },
        );
        this.#publishStatus();
      },
      now,
      forwardOffline: async () => {
        await this.#forwarder.forward();
      },
    };
    this.#queries = new LaneQueries(
      options,
      this.#context,
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
    engine.#interrupted.markRunning();
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
        if (engine.#interrupted.concerns(entry)) engine.#publishInterrupted();
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
    await this.#recovery.sweep((id) => id === this.#live?.id);
    await this.#forwarder.forward();
    this.#publishStatus();
  }

  /** Everything a screen needs to draw itself. */
  snapshot(): LaneSnapshot {
    return {
      settings: this.#queries.settings(),
      status: this.#status(),
      workflow: this.#live?.view() ?? null,
      interrupted: this.#interrupted.entries(),
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
    if (command.type === 'training.network') return this.#network(command.down);
    const trained = await answerTraining(command, this.#options.simulators);
    if (trained !== undefined) return trained;
    if (command.type === 'interrupted.acknowledge')
      return acknowledgeReply(this.#interrupted, command.entryId, () => this.#publishInterrupted());
    if (command.type === 'offline.seen') return this.#offlineSeen(command.entryId);
    const answer = await this.#queries.answer(command);
    if (answer !== undefined) {
      if (command.type === 'settings.update' && answer.ok)
        this.#events.emit({ type: 'settings', settings: this.#queries.settings() });
      return answer;
    }
    if (command.type.startsWith('workflow.')) return offerReply(this.#live, command);
    if (this.#live !== undefined) return refuse('busy', `a ${this.#live.kind} is running`);
    const started = startWorkflow(command, this.#context, (view) => this.#publish(view));
    if ('error' in started) return { ok: false, error: (started as StartError).error };
    this.#begin(started.workflow);
    return { ok: true, data: { workflowId: started.workflow.id } };
  }

  /**
   * Training's "network down" (docs/lane.md › Offline): the lane's requests stop leaving, as when
   * the service cannot be reached; back up, the offline sales waiting are forwarded. Training only.
   */
  #network(down: boolean): CommandReply {
    if (this.#options.simulators === undefined)
      return refuse('not_allowed', 'the network control exists in training mode only');
    this.#payments.gate.setNetworkDown(down);
    this.#publishStatus();
    if (!down) void this.sweepNow();
    return { ok: true, data: {} };
  }

  #begin(workflow: Workflow<string>): void {
    this.#live = workflow;
    this.#options.journal.startWorkflow(workflow.id, workflow.kind, this.#options.training);
    this.#running = workflow
      .execute()
      .catch((error: unknown) => {
        console.error(`lane: ${workflow.kind} stopped: ${(error as Error).message}`);
        this.#events.emit({
          type: 'notice',
          notice: { level: 'error', code: 'lane_error', params: { operation: workflow.kind } },
        });
      })
      .finally(() => {
        if (this.#live === workflow) this.#live = undefined;
        this.#publish(null);
        this.#publishStatus();
      });
  }

  /** Seen or All seen on the manager's list of sales declined on forwarding; answers the list. */
  #offlineSeen(entryId: string | undefined): CommandReply {
    const marked = this.#options.journal.offline.seen(this.#options.training, entryId);
    if (entryId !== undefined && marked === 0) {
      const message = 'no unseen sale declined on forwarding with that id';
      return { ok: false, error: { code: 'not_found', message, field: 'entryId' } };
    }
    this.#publishStatus();
    return { ok: true, data: { declined: this.#queries.offlineDeclined() } };
  }

  #publishInterrupted(): ReturnType<InterruptedList['entries']> {
    const interrupted = this.#interrupted.entries();
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
        offlineStatus(this.#options.journal, this.#options.training, this.#context.offline),
      networkDown: () => this.#payments.gate.networkDown,
    });
  }

  #publishStatus(): void {
    this.#events.emit({ type: 'status', status: this.#status() });
  }

  #serverSeen(up: boolean): void {
    const state = up ? 'up' : 'down';
    if (this.#server.state === state) return;
    const was = this.#server.state;
    this.#server = { ...this.#server, state, since: this.#context.now() };
    if (up && was === 'down') void this.sweepNow();
    if (was !== 'unknown')
      this.#events.emit({
        type: 'notice',
        notice: {
          level: up ? 'info' : 'warning',
          code: up ? 'server_back' : 'server_lost',
          params: {},
        },
      });
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
    if (this.#live !== undefined) this.#interrupted.markStopped(this.#live.id);
    this.#live?.halt();
    await this.#running;
    await this.#sweeps.settled();
    for (const stop of this.#stops.splice(0)) stop();
  }
}
