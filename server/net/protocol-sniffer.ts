import type { Socket } from 'node:net';

/** First byte of a key/value frame (STX; libmonetra LM_trans_structure). */
const STX = 0x02;

/** Where a sniffed connection goes: key/value frames, or HTTP. */
export interface SniffTargets {
  kv: (socket: Socket) => void;
  http: (socket: Socket) => void;
}

/**
 * Tells the key/value protocol from HTTP on one port by the first byte the client sends (after the
 * TLS handshake on a TLS socket): 0x02 starts a key/value frame, anything else is HTTP (how the
 * real server carries REST, XML and key/value on port 8665). The byte is read, the stream paused,
 * the chunk pushed back (unshift) and the socket handed over, so the chosen transport reads the
 * stream from its first byte. A client silent for `idleMs` is disconnected. The socket may arrive
 * paused (accepted with pauseOnConnect): sniffing starts reading it.
 */
export function sniffProtocol(socket: Socket, targets: SniffTargets, idleMs: number): void {
  const drop = () => socket.destroy();
  socket.on('error', drop);
  socket.on('timeout', drop);
  socket.setTimeout(idleMs);
  socket.once('data', (chunk: Buffer) => {
    socket.pause();
    socket.unshift(chunk);
    socket.setTimeout(0);
    socket.removeListener('error', drop);
    socket.removeListener('timeout', drop);
    if (chunk[0] === STX) targets.kv(socket);
    else targets.http(socket);
    socket.resume();
  });
  socket.resume();
}
