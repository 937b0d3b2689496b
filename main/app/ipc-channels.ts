// Names of the IPC channels between the preload and the main process: the only three the lane UI
// uses (docs/app.md, IPC: channels are constants, one per task).

/** Renderer → main, invoke: one lane API command; answers its CommandReply. */
export const COMMAND_CHANNEL = 'laneterm:command';

/** Renderer → main, send: start (true) or stop (false) the event stream to this window. */
export const SUBSCRIBE_CHANNEL = 'laneterm:subscribe';

/** Main → renderer: one lane API event (the first after subscribing is a snapshot). */
export const EVENT_CHANNEL = 'laneterm:event';
