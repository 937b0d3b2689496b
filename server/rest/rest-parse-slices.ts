import type { Socket } from 'node:net';

/** Bytes node:http parses at a time: a connection told to wait has parsed at most this far. */
const PARSE_SLICE_BYTES = 4096;

type Feed = (chunk: Buffer) => void;

/** node:http's own pause flag: set while its answers back up, when its parser must not be fed. */
type HttpSocket = Socket & { _paused?: boolean };

/**
 * Feeds node:http's parser a connection's bytes PARSE_SLICE_BYTES at a time, and only while
 * `mayParse()` and node:http itself allow; otherwise the rest is put back, the socket paused, and
 * parsing goes on when it is resumed. node:http would parse a whole read (up to 64 KiB) of
 * pipelined requests at once, each held as objects many times larger than its bytes
 * (docs/security.md, Connections and memory). Call it from a 'connection' listener after
 * node:http's own, which added the 'data' listener taken over here; adding a 'data' listener makes
 * node:http give up reading the socket directly, as it does for any.
 */
export function parseInSlices(socket: HttpSocket, mayParse: () => boolean): void {
  const parse = socket.listeners('data')[0] as Feed;
  socket.removeListener('data', parse);
  socket.on('data', (chunk: Buffer) => {
    for (let at = 0; at < chunk.length; at += PARSE_SLICE_BYTES) {
      if (socket.destroyed) return;
      if (!mayParse() || socket._paused === true) {
        socket.pause();
        socket.unshift(chunk.subarray(at));
        return;
      }
      parse(chunk.subarray(at, at + PARSE_SLICE_BYTES));
    }
  });
}
