import type { Socket } from 'node:net';

/** How a flood ends: after maxBytes, once the peer has taken nothing for stallMs, or on stop(). */
export interface FloodOptions {
  maxBytes: number;
  stallMs: number;
  /** Asked before every write: true ends the flood at once. */
  stop: () => boolean;
}

/**
 * What a flood did: bytes handed to the socket, and how it ended: the peer stopped reading
 * (stalled), the connection closed, or every byte was taken or stop() said so (done).
 */
export interface FloodResult {
  sent: number;
  end: 'stalled' | 'closed' | 'done';
}

/**
 * Writes `chunk` on a socket again and again without ever reading (the socket is paused), honouring
 * the socket's own backpressure so the test process stays small, until one of the ends of options.
 */
export function floodUntilStalled(
  socket: Socket,
  chunk: Buffer,
  options: FloodOptions,
): Promise<FloodResult> {
  socket.pause();
  let sent = 0;
  return new Promise((resolve) => {
    const finish = (end: FloodResult['end']) => resolve({ sent, end });
    socket.on('error', () => undefined);
    socket.once('close', () => finish('closed'));
    const pump = () => {
      while (sent < options.maxBytes && !options.stop() && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          const stall = setTimeout(() => finish('stalled'), options.stallMs);
          socket.once('drain', () => {
            clearTimeout(stall);
            pump();
          });
          return;
        }
      }
      finish(socket.destroyed ? 'closed' : 'done');
    };
    pump();
  });
}
