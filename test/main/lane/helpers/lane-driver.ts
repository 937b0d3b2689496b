import type {
  CommandData,
  CommandType,
  LaneApi,
  LaneCommand,
  LaneError,
  LaneEvent,
  Notice,
  ReceiptPreview,
  StepName,
  WorkflowView,
} from '../../../../main/lane-api/index.ts';

/** A workflow view at a given step. */
export type ViewAt<N extends StepName> = WorkflowView & {
  step: Extract<WorkflowView['step'], { name: N }>;
};

const WAIT_MS = 45_000;

/**
 * Drives a lane through its API as a screen would, for tests: sends commands (expecting them
 * accepted or refused) and waits for events in order, each wait taking the first matching event
 * after the one the previous wait took.
 */
export class LaneDriver {
  readonly events: LaneEvent[] = [];
  readonly #api: LaneApi;
  readonly #waiters = new Set<() => void>();
  readonly #unsubscribe: () => void;
  readonly #waitMs: number;
  #cursor = 0;

  /** `waitMs`: how long a wait may take before it fails (default 45 s). */
  constructor(api: LaneApi, waitMs = WAIT_MS) {
    this.#api = api;
    this.#waitMs = waitMs;
    this.#unsubscribe = api.subscribe((event) => {
      this.events.push(event);
      for (const wake of this.#waiters) wake();
    });
  }

  /** Sends a command that must be accepted; answers its data. */
  async send<T extends CommandType>(
    command: Extract<LaneCommand, { type: T }>,
  ): Promise<CommandData<T>> {
    const reply = await this.#api.send(command);
    if (!reply.ok)
      throw new Error(`${command.type} refused: ${reply.error.code} ${reply.error.message}`);
    return reply.data;
  }

  /** Sends a command that must be refused; answers the refusal. */
  async refused(command: LaneCommand): Promise<LaneError> {
    const reply = await this.#api.send(command);
    if (reply.ok) throw new Error(`${command.type} was accepted`);
    return reply.error;
  }

  /** The next event (after the last one taken) matching `match`. */
  async next<E extends LaneEvent>(
    match: (event: LaneEvent) => event is E,
    what: string,
  ): Promise<E> {
    const deadline = Date.now() + this.#waitMs;
    for (;;) {
      const index = this.events.findIndex((event, at) => at >= this.#cursor && match(event));
      if (index >= 0) {
        this.#cursor = index + 1;
        return this.events[index] as E;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${this.#waitMs} ms; last: ${this.#last()}`);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          this.#waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
  }

  /** The next workflow view at step `name` (and matching `also`). */
  async step<N extends StepName>(
    name: N,
    also: (view: ViewAt<N>) => boolean = () => true,
  ): Promise<ViewAt<N>> {
    const event = await this.next(
      (e): e is Extract<LaneEvent, { type: 'workflow' }> =>
        e.type === 'workflow' && e.workflow?.step.name === name && also(e.workflow as ViewAt<N>),
      `step ${name}`,
    );
    return event.workflow as ViewAt<N>;
  }

  /** The next result step whose receipt has finished printing (or needs none). */
  result(): Promise<ViewAt<'result'>> {
    return this.step('result', (view) => view.step.receipt.state !== 'printing');
  }

  /**
   * Ends a workflow at its result, as the cashier does: Done when offered, else Cancel and Done on
   * the cancelled step; resolves once the lane is idle.
   */
  async endAt(workflowId: string, result: ViewAt<'result'>): Promise<void> {
    if (!result.step.next.includes('finish')) return this.cancelToIdle(workflowId);
    await this.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await this.idle();
  }

  /** Cancels a workflow at a step offering Cancel, then Done on the cancelled step; resolves once idle. */
  async cancelToIdle(workflowId: string): Promise<void> {
    await this.send({ type: 'workflow.choose', workflowId, action: 'cancel' });
    await this.step('cancelled');
    await this.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await this.idle();
  }

  /** Waits until no workflow runs. */
  async idle(): Promise<void> {
    await this.next(
      (e): e is Extract<LaneEvent, { type: 'workflow' }> =>
        e.type === 'workflow' && e.workflow === null,
      'idle lane',
    );
  }

  /** The next notice with `code`. */
  async notice(code: Notice['code']): Promise<Notice> {
    const event = await this.next(
      (e): e is Extract<LaneEvent, { type: 'notice' }> =>
        e.type === 'notice' && e.notice.code === code,
      `notice ${code}`,
    );
    return event.notice;
  }

  /**
   * At the card step: has the card keyed on the PIN pad, through the manager override when
   * `manager` is given (the lane's keyed entry rule), and answers the keyed entry step's view.
   */
  async keyOnPad(
    workflowId: string,
    manager?: { username: string; password: string },
  ): Promise<ViewAt<'keyed_entry'>> {
    await this.send({ type: 'workflow.entry', workflowId, method: 'keyed_pad' });
    if (manager !== undefined) {
      await this.step('override');
      await this.send({ type: 'workflow.override', workflowId, ...manager });
    }
    return this.step('keyed_entry');
  }

  /** Every receipt preview sent so far. */
  receipts(): ReceiptPreview[] {
    return this.events.flatMap((event) => (event.type === 'receipt' ? [event.receipt] : []));
  }

  close(): void {
    this.#unsubscribe();
  }

  #last(): string {
    const last = this.events.at(-1);
    if (last?.type === 'workflow') return `workflow ${last.workflow?.step.name ?? 'idle'}`;
    return last?.type ?? 'none';
  }
}
