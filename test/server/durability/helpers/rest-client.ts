import { Agent, request } from 'node:http';
import type { ApiKey } from './server-process.ts';

/** An answer of the REST transport: HTTP status and the JSON body. */
export interface RestAnswer {
  status: number;
  body: Record<string, string> & { report?: Record<string, string>[] };
}

/** A REST v2 client over plain HTTP with the demo profile API key and kept-alive connections. */
export class RestClient {
  readonly #port: number;
  readonly #key: ApiKey;
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 64 });

  constructor(port: number, key: ApiKey) {
    this.#port = port;
    this.#key = key;
  }

  /** Sends one request; rejects when the connection fails before an answer. */
  send(method: string, path: string, body?: Record<string, string>): Promise<RestAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.#port,
          method,
          path: `/api/v2/${path}`,
          agent: this.#agent,
          headers: {
            'X-API-KEY-ID': this.#key.id,
            'X-API-KEY': this.#key.secret,
            ...(payload !== undefined && { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve({
                status: res.statusCode ?? 0,
                body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as RestAnswer['body'],
              });
            } catch (error) {
              reject(error as Error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.#agent.destroy();
  }
}
