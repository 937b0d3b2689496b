import type { Socket } from 'node:net';

/**
 * Deadlines for TLS handshakes: a connection whose handshake has not finished `ms` after it began
 * is closed, however its bytes trickle in (node's handshakeTimeout is an idle timer that every
 * byte restarts). The TLS socket is matched to its TCP socket by the peer's address and port,
 * which are unique among open connections.
 */
export class HandshakeDeadlines {
  readonly #timers = new Map<string, NodeJS.Timeout>();

  /** Starts the deadline of a TCP connection about to be handed to the TLS server. */
  begin(socket: Socket, ms: number): void {
    const key = peer(socket);
    const timer = setTimeout(() => socket.destroy(), ms);
    this.#timers.set(key, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      if (this.#timers.get(key) === timer) this.#timers.delete(key);
    });
  }

  /** The handshake of this TLS socket finished: its deadline is lifted. */
  done(socket: Socket): void {
    const key = peer(socket);
    clearTimeout(this.#timers.get(key));
    this.#timers.delete(key);
  }
}

function peer(socket: Socket): string {
  return `${socket.remoteAddress}|${socket.remotePort}`;
}
