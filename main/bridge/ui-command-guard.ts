// The check every UI transport (Electron IPC, the web bridge) runs before a command reaches the
// lane: it must fit the lane API's schema, which has no command carrying card data, since the UI
// never holds a card number (docs/app.md, What the UI may send).
import {
  parseCommand,
  type CommandReply,
  type LaneApi,
  type LaneError,
} from '../lane-api/index.ts';

function refusal(error: LaneError): CommandReply {
  return { ok: false, error };
}

/**
 * Runs one command that came from the UI: parsed with the lane API's schema (a refusal names the
 * field and rule, never the value), and a lane failure written to the lane's log with its reason
 * and answered as `unavailable` (which the screen shows) rather than thrown across the transport.
 */
export async function sendFromUi(lane: LaneApi, input: unknown): Promise<CommandReply> {
  const parsed = parseCommand(input);
  if ('error' in parsed) return refusal(parsed.error);
  const { command } = parsed;
  try {
    return await lane.send(command);
  } catch (error) {
    console.error(`lane: ${command.type} failed: ${(error as Error).message}`);
    return refusal({ code: 'unavailable', message: `${command.type}: the lane did not answer` });
  }
}
