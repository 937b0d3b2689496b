import { X509Certificate } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import selfsigned from 'selfsigned';
import { KvFrameDecoder, encodeFrame, type KvFrame } from '../../../../protocol/index.ts';

/** A self-signed certificate for 127.0.0.1 and localhost, with its SHA-256 fingerprint. */
export interface TestCertificate {
  key: string;
  cert: string;
  fingerprint256: string;
}

let certificate: TestCertificate | undefined;

/** One certificate per test file: generating an RSA key is slow on a shared machine. */
export function testCertificate(): TestCertificate {
  if (certificate !== undefined) return certificate;
  const pems = selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    days: 2,
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  certificate = {
    key: pems.private,
    cert: pems.cert,
    fingerprint256: new X509Certificate(pems.cert).fingerprint256,
  };
  return certificate;
}

/** A request as the scripted HTTP peer saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A scripted HTTP(S) peer: answers by a script, records requests and connections. */
export interface ScriptedHttp {
  port: number;
  seen: SeenRequest[];
  connections: () => number;
  close: () => Promise<void>;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}

/** Starts an HTTP (or HTTPS) peer on a free port whose answers come from `script`. */
export async function startScriptedHttp(
  tls: boolean,
  script: (request: SeenRequest, response: ServerResponse, socket: Socket) => void,
): Promise<ScriptedHttp> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      script(entry, response, request.socket);
    });
  };
  const server = tls
    ? createHttpsServer({ key: testCertificate().key, cert: testCertificate().cert }, handler)
    : createHttpServer(handler);
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
}

/** Sends a JSON object as an answer. */
export function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A connection of the scripted key/value peer: the frames it received, and a way to answer. */
export interface KvPeerConnection {
  socket: Socket;
  frames: KvFrame[];
  reply: (id: string, body: string) => void;
}

/** A scripted key/value peer on plain TCP. */
export interface ScriptedKv {
  port: number;
  connections: KvPeerConnection[];
  close: () => Promise<void>;
}

/** Starts a key/value peer; `onFrame` sees every frame with its connection. */
export async function startScriptedKv(
  onFrame: (frame: KvFrame, connection: KvPeerConnection) => void,
): Promise<ScriptedKv> {
  const connections: KvPeerConnection[] = [];
  const server = createTcpServer((socket) => {
    const decoder = new KvFrameDecoder();
    const connection: KvPeerConnection = {
      socket,
      frames: [],
      reply: (id, body) => {
        if (socket.writable) socket.write(encodeFrame(id, body));
      },
    };
    connections.push(connection);
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      for (const event of decoder.push(chunk)) {
        if (event.type !== 'frame') continue;
        connection.frames.push(event.frame);
        onFrame(event.frame, connection);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    close: async () => {
      for (const connection of connections) connection.socket.destroy();
      await closeServer(server);
    },
  };
}
