// The lane API as an interface, and the checks a transport (Electron IPC, the web bridge, the lane
// socket) runs at its boundary: a command or event that does not fit its schema never gets in.
import type { z } from 'zod';
import { LaneCommand, type CommandType } from './commands.ts';
import { LaneEvent } from './events.ts';
import type { CommandReply, LaneError } from './replies.ts';

/**
 * The lane as its UI sees it: send a command and get its answer; subscribe to the one event
 * stream, which starts with a snapshot. Implemented by the lane engine in the main process and,
 * with the same shape, by every transport that carries it.
 */
export interface LaneApi {
  /** Runs one command; never rejects for a refusal (the reply says ok: false). */
  send<T extends CommandType>(command: Extract<LaneCommand, { type: T }>): Promise<CommandReply<T>>;
  /** Calls listener with a snapshot, then every event; returns the function that unsubscribes. */
  subscribe(listener: (event: LaneEvent) => void): () => void;
}

/** The first issue of a failed parse as a LaneError naming the field and the rule, never the value. */
export function schemaRefusal(error: z.ZodError, what: string): LaneError {
  const issue = error.issues[0];
  const field = issue === undefined || issue.path.length === 0 ? undefined : issue.path.join('.');
  const rule = issue === undefined ? 'schema' : ruleOf(issue);
  return {
    code: 'invalid_command',
    message: `${what}: ${field ?? 'command'} breaks the rule ${rule}`,
    ...(field === undefined ? {} : { field }),
    rule,
  };
}

function ruleOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_format') return `string.${issue.format}`;
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return `${issue.origin}.${issue.code}`;
  if (issue.code === 'invalid_type') return `type.${issue.expected}`;
  return issue.code;
}

/** A command checked against the schema, or the refusal saying which field breaks which rule. */
export function parseCommand(input: unknown): { command: LaneCommand } | { error: LaneError } {
  const parsed = LaneCommand.safeParse(input);
  return parsed.success
    ? { command: parsed.data }
    : { error: schemaRefusal(parsed.error, 'command') };
}

/** An event checked against the schema (a transport's receiving side), or the refusal. */
export function parseEvent(input: unknown): { event: LaneEvent } | { error: LaneError } {
  const parsed = LaneEvent.safeParse(input);
  return parsed.success ? { event: parsed.data } : { error: schemaRefusal(parsed.error, 'event') };
}
