// The lane API over Electron IPC: one handler for commands and one for the event stream, each
// checking that the message came from the lane UI's own origin (Electron security checklist item
// 17) and every command checked against the lane API's schemas before it reaches the lane.
import type { LaneApi, LaneError } from '../lane-api/index.ts';
import { sendFromUi } from '../bridge/ui-command-guard.ts';
import { isAppUrl } from './app-origin.ts';
import type { IpcEvent, IpcMainLike } from './electron-surface.ts';
import { COMMAND_CHANNEL, EVENT_CHANNEL, SUBSCRIBE_CHANNEL } from './ipc-channels.ts';

/** The refusal of a message from any frame but the lane UI's. */
export const FOREIGN_SENDER: LaneError = {
  code: 'not_allowed',
  message: 'sender: only the lane UI (app://lane) may call the lane',
  field: 'sender',
  rule: 'ipc.sender_origin',
};

/** True when the IPC message came from a frame of the lane UI. */
export function fromLaneUi(event: IpcEvent): boolean {
  return isAppUrl(event.senderFrame?.url);
}

/**
 * Registers the lane API's IPC handlers: COMMAND_CHANNEL answers a CommandReply (a foreign sender
 * or a command outside the schema is refused, never run), SUBSCRIBE_CHANNEL starts or stops the
 * event stream to the sending window (one subscription per window, ended when it is destroyed).
 */
export function registerLaneIpc(ipcMain: IpcMainLike, lane: LaneApi): void {
  ipcMain.handle(COMMAND_CHANNEL, async (event, input) =>
    fromLaneUi(event) ? sendFromUi(lane, input) : { ok: false, error: FOREIGN_SENDER },
  );

  const subscriptions = new Map<number, () => void>();
  const stop = (id: number) => {
    subscriptions.get(id)?.();
    subscriptions.delete(id);
  };
  ipcMain.on(SUBSCRIBE_CHANNEL, (event, on) => {
    if (!fromLaneUi(event) || typeof on !== 'boolean') return;
    const contents = event.sender;
    const first = !subscriptions.has(contents.id);
    stop(contents.id);
    if (!on) return;
    subscriptions.set(
      contents.id,
      lane.subscribe((laneEvent) => {
        if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, laneEvent);
      }),
    );
    if (first) contents.once('destroyed', () => stop(contents.id));
  });
}
