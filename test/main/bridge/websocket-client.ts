// A minimal WebSocket client for the bridge tests, over node:http's upgrade (RFC 6455): it offers
// subprotocols, reads the server's unmasked text frames and closes by ending the socket.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

/** An open event stream: its accepted subprotocol, the messages so far, and close. */
export interface EventStream {
  protocol: string | undefined;
  messages: string[];
  close(): void;
}

/** What an upgrade attempt ended with: a stream, or the HTTP status it was refused with. */
export type UpgradeResult = { stream: EventStream } | { refused: number };

/** Reads complete text frames from `buffer`; answers them and the unread rest. */
function readFrames(buffer: Buffer): { texts: string[]; rest: Buffer } {
  const texts: string[] = [];
  let offset = 0;
  for (;;) {
    if (buffer.length - offset < 2) break;
    const short = (buffer[offset + 1] ?? 0) & 0x7f;
    const header = short === 126 ? 4 : short === 127 ? 10 : 2;
    if (buffer.length - offset < header) break;
    const length =
      short === 126
        ? buffer.readUInt16BE(offset + 2)
        : short === 127
          ? Number(buffer.readBigUInt64BE(offset + 2))
          : short;
    if (buffer.length - offset < header + length) break;
    if (((buffer[offset] ?? 0) & 0x0f) === 0x1) {
      texts.push(buffer.subarray(offset + header, offset + header + length).toString('utf8'));
    }
    offset += header + length;
  }
  return { texts, rest: buffer.subarray(offset) };
}

/** Opens ws://127.0.0.1:<port><path> offering `protocols`. */
export function openEventStream(
  port: number,
  path: string,
  protocols: string[],
): Promise<UpgradeResult> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Protocol': protocols.join(', '),
      },
    });
    req.on('response', (response) => {
      response.resume();
      resolve({ refused: response.statusCode ?? 0 });
    });
    req.on('upgrade', (response, socket: Socket, head: Buffer) => {
      const stream: EventStream = {
        protocol: response.headers['sec-websocket-protocol'],
        messages: [],
        close: () => socket.destroy(),
      };
      let pending = head;
      const take = (chunk: Buffer) => {
        const { texts, rest } = readFrames(Buffer.concat([pending, chunk]));
        pending = rest;
        stream.messages.push(...texts);
      };
      take(Buffer.alloc(0));
      socket.on('data', take);
      resolve({ stream });
    });
    req.on('error', reject);
    req.end();
  });
}
