import type { Params } from '../../protocol/index.ts';
import { KvClient } from './kv-client.ts';

/** Logins with unknown names one address sends: the throttle's limit, so it is never throttled. */
const PER_ADDRESS = 10;

/**
 * `workers` attacking addresses at a time, each sending PER_ADDRESS key/value sales with names that
 * match no login, one after another, then giving way to a fresh address (127.1.x.y on loopback),
 * until stopped: a flood many addresses keep up while each stays within its limit. Counts the
 * answers by msoft_code.
 */
export class UnknownNameFlood {
  readonly #counts = new Map<string, number>();
  readonly #loops: Promise<void>[];
  #running = true;
  #addresses = 0;

  /** Starts the flood against 127.0.0.1:port. */
  constructor(port: number, workers: number, sale: Params) {
    this.#loops = Array.from({ length: workers }, async () => {
      while (this.#running) {
        const n = this.#addresses++;
        const client = await KvClient.open(port, `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`);
        for (let k = 0; k < PER_ADDRESS && this.#running; k += 1) {
          const username = `intruder-${n}-${k}`;
          const request = { action_trans: 'sale', username, password: `guess-${k}`, ...sale };
          const code = (await client.request(request)).msoft_code ?? 'none';
          this.#counts.set(code, (this.#counts.get(code) ?? 0) + 1);
        }
        client.close();
      }
    });
  }

  /** Stops after the answers in flight: how many addresses took part and their answers' codes. */
  async stop(): Promise<string> {
    this.#running = false;
    await Promise.all(this.#loops);
    const codes = [...this.#counts].map(([code, count]) => `${code} ${count}`).join(', ');
    return `${this.#addresses} addresses, ${codes}`;
  }
}
