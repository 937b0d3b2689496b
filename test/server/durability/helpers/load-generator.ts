import type { RestClient } from './rest-client.ts';

/** One request the service answered, as the client saw it. */
export interface AnsweredRequest {
  op: 'sale' | 'preauth' | 'preauthcomplete' | 'void' | 'refund' | 'reversal';
  /** The transaction the answer is about (for a refund: the new refund). */
  ttid: string;
  /** For a refund: the transaction refunded. */
  priorTtid?: string;
  orderId: string;
  code: string;
}

/** A small seeded PRNG (mulberry32), so a failing run can be repeated from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const AMOUNTS = ['1.00', '2.50', '12.34', '19.99', '45.00', '6.01'];
const CARD = { account: '4111111111111111', expdate: '1230', cv: '999', zip: '32606' };

/**
 * One client: runs sales, preauths with their completion or reversal, voids and refunds, one
 * request at a time, until a request fails (the server is gone). Every answer is recorded.
 */
export async function runClient(
  client: RestClient,
  name: string,
  random: () => number,
  answered: AnsweredRequest[],
): Promise<void> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  for (let i = 0; ; i += 1) {
    const orderId = `${name}-${i}`;
    const roll = random();
    const first = roll < 0.75 ? 'sale' : 'preauth';
    try {
      const created = await client.send(
        'POST',
        first === 'sale' ? 'transaction/purchase' : 'transaction/preauth',
        {
          ...CARD,
          amount: pick(AMOUNTS),
          order_id: orderId,
        },
      );
      const ttid = created.body.ttid ?? '';
      answered.push({ op: first, ttid, orderId, code: created.body.code ?? '' });
      if (created.body.code !== 'AUTH') continue;
      const move =
        first === 'preauth'
          ? roll < 0.9
            ? ['PATCH', `transaction/${ttid}/complete`, 'preauthcomplete']
            : ['DELETE', `transaction/${ttid}`, 'reversal']
          : roll < 0.35
            ? ['DELETE', `transaction/${ttid}/void`, 'void']
            : roll < 0.5
              ? ['POST', `transaction/${ttid}/refund`, 'refund']
              : undefined;
      if (move === undefined) continue;
      const [method = '', path = '', op] = move;
      const answer = await client.send(
        method,
        path,
        op === 'refund' ? { amount: '0.50' } : undefined,
      );
      answered.push({
        op: op as AnsweredRequest['op'],
        ttid: op === 'refund' ? (answer.body.ttid ?? '') : ttid,
        ...(op === 'refund' && { priorTtid: ttid }),
        orderId,
        code: answer.body.code ?? '',
      });
    } catch {
      return;
    }
  }
}
