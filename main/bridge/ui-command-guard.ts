// The check every UI transport (Electron IPC, the web bridge) runs before a command reaches the
// lane: it must fit the lane API's schema, and it may not carry card data, since the UI never
// holds a card number (docs/app.md, What the UI may send).
import {
  parseCommand,
  type CommandReply,
  type CommandType,
  type LaneApi,
  type LaneError,
} from '../lane-api/index.ts';

/** Commands the UI transports refuse: keyed card numbers go to the PIN pad, never through the UI. */
export const UI_REFUSED_COMMANDS: ReadonlySet<CommandType> = new Set(['workflow.manual_card']);

function refusal(error: LaneError): CommandReply {
  return { ok: false, error };
}

/**
 * Runs one command that came from the UI: parsed with the lane API's schema (a refusal names the
 * field and rule, never the value), card-data commands refused, and a lane failure answered as
 * `unavailable` rather than thrown across the transport.
 */
export async function sendFromUi(lane: LaneApi, input: unknown): Promise<CommandReply> {
  const parsed = parseCommand(input);
  if ('error' in parsed) return refusal(parsed.error);
  const { command } = parsed;
  if (UI_REFUSED_COMMANDS.has(command.type)) {
    return refusal({
      code: 'not_allowed',
      message: `${command.type}: card numbers are keyed on the PIN pad, not sent by the UI`,
      field: 'type',
      rule: 'ui.no_card_data',
    });
  }
  try {
    return await lane.send(command);
  } catch {
    return refusal({ code: 'unavailable', message: `${command.type}: the lane did not answer` });
  }
}
