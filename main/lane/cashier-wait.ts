import type { CommandType, LaneCommand, LaneError } from '../lane-api/index.ts';

interface Waiting {
  readonly types: ReadonlySet<CommandType>;
  readonly actions: ReadonlySet<string>;
  resolve(command: LaneCommand): void;
  reject(error: Error): void;
}

/** A workflow's refusal of a command: its code, message and rule (docs/lane.md, The lane API). */
export const refusal = (code: LaneError['code'], message: string, rule?: string): LaneError => ({
  code,
  message,
  ...(rule === undefined ? {} : { rule }),
});

/**
 * The cashier's command a workflow waits for (docs/lane.md, Workflows): one wait at a time, for
 * some command types and, for workflow.choose and workflow.entry, some actions or methods; a
 * command it does not wait for is refused wrong_step, naming the step.
 */
export class CashierWait {
  #waiting: Waiting | undefined;

  /** Waits for one of the command types (and one of the actions, where the command has one). */
  wait<T extends CommandType>(
    types: readonly T[],
    actions: readonly string[],
  ): Promise<Extract<LaneCommand, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.#waiting = {
        types: new Set(types),
        actions: new Set(actions),
        resolve: (command) => resolve(command as Extract<LaneCommand, { type: T }>),
        reject,
      };
    });
  }

  /** Stops waiting (a device answered first, or the run ended); the wait never settles. */
  withdraw(): void {
    this.#waiting = undefined;
  }

  /** Ends the wait in progress, if any, with `error` (a cancel or a halt). */
  reject(error: Error): void {
    this.#take()?.reject(error);
  }

  /** Hands `command` to the wait; a wrong_step refusal at `step` when it is not waited for. */
  offer(command: LaneCommand, step: string): LaneError | undefined {
    const waiting = this.#waiting;
    const action =
      command.type === 'workflow.choose'
        ? command.action
        : command.type === 'workflow.entry'
          ? command.method
          : undefined;
    if (
      waiting === undefined ||
      !waiting.types.has(command.type) ||
      (action !== undefined && !waiting.actions.has(action))
    ) {
      const what = action === undefined ? command.type : `${command.type} ${action}`;
      return refusal('wrong_step', `${what} is not taken at ${step}`, `step.${step}`);
    }
    this.#take()?.resolve(command);
    return undefined;
  }

  #take(): Waiting | undefined {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    return waiting;
  }
}
