import type { WorkflowKind } from '../lane-api/index.ts';
import type { JournalStore } from './journal/journal-store.ts';
import type { Workflow } from './workflow.ts';

/** What the lane does when its workflow's run fails or ends (docs/lane.md, Workflows). */
export interface LiveWorkflowHooks {
  /** The run threw (written to the lane's log first); `kind` names the workflow. */
  failed(kind: WorkflowKind): void;
  /** The run ended, failed or not, and no workflow is live any more. */
  ended(): void;
}

/**
 * The one workflow the lane runs at a time (docs/lane.md, The lane API): started in the journal
 * as running, its run awaited by the lane's stop, and cleared once it ends.
 */
export class LiveWorkflow {
  readonly #journal: Pick<JournalStore, 'startWorkflow'>;
  readonly #training: boolean;
  readonly #hooks: LiveWorkflowHooks;
  #live: Workflow<string> | undefined;
  /** The live workflow's run, awaited by stop(). */
  #running: Promise<void> = Promise.resolve();

  constructor(
    journal: Pick<JournalStore, 'startWorkflow'>,
    training: boolean,
    hooks: LiveWorkflowHooks,
  ) {
    this.#journal = journal;
    this.#training = training;
    this.#hooks = hooks;
  }

  /** The workflow running now, or undefined. */
  get current(): Workflow<string> | undefined {
    return this.#live;
  }

  /** Runs `workflow` (recorded as running in the journal first) until it ends. */
  begin(workflow: Workflow<string>): void {
    this.#live = workflow;
    this.#journal.startWorkflow(workflow.id, workflow.kind, this.#training);
    this.#running = workflow
      .execute()
      .catch((error: unknown) => {
        console.error(`lane: ${workflow.kind} stopped: ${(error as Error).message}`);
        this.#hooks.failed(workflow.kind);
      })
      .finally(() => {
        if (this.#live === workflow) this.#live = undefined;
        this.#hooks.ended();
      });
  }

  /**
   * The lane's stop (docs/lane.md, Stopping the lane): the running workflow is passed to
   * `interrupted` and halted; resolves once its run has ended.
   */
  async stop(interrupted: (workflowId: string) => void): Promise<void> {
    if (this.#live !== undefined) interrupted(this.#live.id);
    this.#live?.halt();
    await this.#running;
  }
}
