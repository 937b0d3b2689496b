import { randomUUID } from 'node:crypto';
import type {
  CommandType,
  LaneCommand,
  LaneError,
  TenderLine,
  WorkflowKind,
  WorkflowStep,
  WorkflowView,
} from '../lane-api/index.ts';
import { CashierWait, refusal } from './cashier-wait.ts';
import type { LaneContext } from './lane-context.ts';
import { StateMachine, type TransitionTable } from './machine.ts';
import { promptsFor } from './prompts.ts';
import { StopSignals, WorkflowCancelled, WorkflowHalted, type Bounds } from './workflow-control.ts';

type StepOf<S> = Extract<WorkflowStep, { name: S }>;

/**
 * A workflow's steps (docs/lane.md, Workflows): an explicit state machine whose states are the
 * lane API's steps, the step shown on the screen, the cashier's commands waited for (ask, offer),
 * and the cancel and halt signals every device wait of the workflow takes.
 */
export abstract class WorkflowSteps<S extends string> {
  readonly id = randomUUID();
  readonly kind: WorkflowKind;
  readonly startedAt: number;
  protected readonly ctx: LaneContext;
  protected tenders: TenderLine[] = [];
  protected amountMinor: number | undefined;
  readonly #machine: StateMachine<S | Bounds>;
  readonly #publish: (view: WorkflowView | null) => void;
  readonly #stops = new StopSignals();
  #step: WorkflowStep | undefined;
  #stepAt = 0;
  readonly #wait = new CashierWait();
  /** Set once a cancel or deferral has run: the closing step still waits for the cashier. */
  #closed = false;

  constructor(
    kind: WorkflowKind,
    ctx: LaneContext,
    table: TransitionTable<S | Bounds>,
    publish: (view: WorkflowView | null) => void,
  ) {
    this.kind = kind;
    this.ctx = ctx;
    this.startedAt = ctx.now();
    this.#machine = new StateMachine<S | Bounds>(kind, table, 'start');
    this.#publish = publish;
  }

  /** The steps of this family and its transition table (docs/lane.md diagrams). */
  get machine(): StateMachine<S | Bounds> {
    return this.#machine;
  }

  /** Aborted once the cashier cancels or the lane stops: every device wait of the workflow takes it. */
  protected get signal(): AbortSignal {
    return this.#stops.waits;
  }

  /** Aborted once the lane stops (halt). */
  protected get haltSignal(): AbortSignal {
    return this.#stops.haltSignal;
  }

  /** True once the cashier asked to cancel. */
  protected get cancelRequested(): boolean {
    return this.#stops.cancelled;
  }

  /**
   * Takes a cancel back (a void the cashier was asked to confirm): the workflow goes on, and its
   * device waits take a fresh signal.
   */
  protected resumeAfterCancel(): void {
    this.#stops.resume();
  }

  /** The workflow as the screen shows it; undefined before its first step. */
  view(): WorkflowView | undefined {
    const step = this.#step;
    if (step === undefined) return undefined;
    const paidMinor = this.tenders.reduce((sum, line) => sum + line.amountMinor, 0);
    return {
      id: this.id,
      kind: this.kind,
      training: this.ctx.training,
      startedAt: this.startedAt,
      ...(this.amountMinor === undefined ? {} : { amountMinor: this.amountMinor }),
      paidMinor,
      tenders: [...this.tenders],
      step,
      stepAt: this.#stepAt,
      canCancel: !this.cancelRequested && this.canCancel(step),
      prompts: promptsFor(step, this.kind, this.cancelRequested),
    };
  }

  /**
   * Whether cancel is taken at `step`: on a result only when it offers cancel (a result of an
   * approval offers void instead, through a confirmation); not while a further tender is being
   * authorized (its approval must not be undone unseen); never at a confirmation, while
   * cancelling, cancelled, working, or checking (an outcome still unknown cannot be reversed yet;
   * the cashier may defer it instead); everywhere else.
   */
  protected canCancel(step: WorkflowStep): boolean {
    if (step.name === 'result') return step.next.includes('cancel');
    if (step.name === 'authorizing' && this.tenders.length > 0) return false;
    return !['confirm', 'cancelling', 'cancelled', 'working', 'checking'].includes(step.name);
  }

  /** Moves to the step (checked against the table) and shows it; the same step just refreshes. */
  protected show<N extends S | 'cancelling' | 'cancelled'>(step: StepOf<N> & { name: N }): void {
    if (this.#step?.name !== step.name || this.#machine.state !== step.name) {
      this.#machine.to(step.name);
      this.#stepAt = this.ctx.now();
    }
    this.#step = step;
    this.#publish(this.view() ?? null);
  }

  /**
   * Waits for one of the command types (and, for workflow.choose and workflow.entry, one of the
   * actions or methods); rejects with WorkflowCancelled when the cashier cancels meanwhile.
   */
  protected ask<T extends CommandType>(
    types: readonly T[],
    actions: readonly string[] = [],
  ): Promise<Extract<LaneCommand, { type: T }>> {
    if (this.#stops.halted) return Promise.reject(new WorkflowHalted());
    if (this.cancelRequested && !this.#closed) return Promise.reject(new WorkflowCancelled());
    return this.#wait.wait(types, actions);
  }

  /**
   * Waits for the cashier to pick one of `actions` (workflow.choose); picking cancel cancels the
   * workflow as workflow.cancel does.
   */
  protected async choose<A extends string>(actions: readonly A[]): Promise<Exclude<A, 'cancel'>> {
    const command = await this.ask(['workflow.choose'], actions);
    if (command.action === 'cancel') {
      this.#stops.cancel();
      throw new WorkflowCancelled();
    }
    return command.action as Exclude<A, 'cancel'>;
  }

  /** Stops waiting for a command (a device answered first). */
  protected withdraw(): void {
    this.#wait.withdraw();
  }

  /** Throws WorkflowHalted when the lane is stopping, WorkflowCancelled when the cashier has cancelled. */
  protected checkCancel(): void {
    this.checkHalt();
    if (this.cancelRequested) throw new WorkflowCancelled();
  }

  /** Throws WorkflowHalted when the lane is stopping (steps that go on through a cancel call this). */
  protected checkHalt(): void {
    if (this.#stops.halted) throw new WorkflowHalted();
  }

  /**
   * Stops the workflow for the lane's stop: device waits end, a step waiting for the cashier ends,
   * no new request is sent; a request in flight is let finish (its outcome journaled). The run
   * then ends without reversing anything (docs/lane.md, Stopping the lane).
   */
  halt(): void {
    this.#stops.halt();
    this.#wait.reject(new WorkflowHalted());
  }

  /** A command for this workflow (the engine checked its schema and workflowId). */
  offer(command: LaneCommand): LaneError | undefined {
    const step = this.#step;
    if (step === undefined) return refusal('unavailable', 'the workflow is starting');
    if (command.type === 'workflow.cancel') {
      if (this.cancelRequested || !this.canCancel(step))
        return refusal('wrong_step', `cancel is not taken at ${step.name}`, `step.${step.name}`);
      this.#stops.cancel();
      this.#wait.reject(new WorkflowCancelled());
      this.#publish(this.view() ?? null);
      return undefined;
    }
    return this.#wait.offer(command, step.name);
  }

  /** Ends the run: the table must allow `end` from the current step. */
  protected end(): void {
    this.#machine.to('end');
  }

  /** From now on the closing step of a cancel or deferral waits for the cashier (ask). */
  protected markClosed(): void {
    this.#closed = true;
  }
}
