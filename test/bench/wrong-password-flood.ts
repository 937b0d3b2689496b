import type { Params } from '../../protocol/index.ts';
import { KvClient } from './kv-client.ts';

/**
 * Clients at their own loopback addresses (127.0.0.100 and up), one connection each, sending
 * key/value sales with wrong passwords one after another until stopped: in turn for a name that
 * does not exist and for the demo merchant user `test_retail`, which the bench's good clients do
 * not use. Counts the answers by msoft_code.
 */
export class WrongPasswordFlood {
  readonly #counts = new Map<string, number>();
  readonly #loops: Promise<void>[];
  #running = true;

  private constructor(clients: KvClient[], sale: Params) {
    this.#loops = clients.map(async (client, address) => {
      for (let n = 0; this.#running; n += 1) {
        const username = n % 2 === 0 ? `intruder-${address}-${n}` : 'test_retail';
        const request = { action_trans: 'sale', username, password: `guess-${n}`, ...sale };
        const code = (await client.request(request)).msoft_code ?? 'none';
        this.#counts.set(code, (this.#counts.get(code) ?? 0) + 1);
      }
      client.close();
    });
  }

  /** Starts `addresses` senders against 127.0.0.1:port. */
  static async start(port: number, addresses: number, sale: Params): Promise<WrongPasswordFlood> {
    const clients = await Promise.all(
      Array.from({ length: addresses }, (_, i) => KvClient.open(port, `127.0.0.${100 + i}`)),
    );
    return new WrongPasswordFlood(clients, sale);
  }

  /** Stops after the answers in flight; the count of answers by msoft_code, e.g. "ACCT_LOCKED 12". */
  async stop(): Promise<string> {
    this.#running = false;
    await Promise.all(this.#loops);
    return [...this.#counts].map(([code, count]) => `${code} ${count}`).join(', ');
  }
}
