// How long merchant B's one sale waits for the processor while merchant A has 40 sales queued,
// each message taking a 20 ms round trip, beside B's sale on an idle queue; and as one queue for
// all merchants, first come first served, did before each merchant had its own limit.
import { bench, describe } from 'vitest';
import { SendQueue } from '../../server/processor/index.ts';

const ROUND_TRIP_MS = 20;
const BACKLOG = 40;
const MERCHANT_A = 1;
const MERCHANT_B = 2;

const roundTrip = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, ROUND_TRIP_MS));

/** Queues A's backlog (left to finish on its own), then resolves when B's sale is answered. */
async function saleOfB(queue: SendQueue, merchantOfB: number, backlog: number): Promise<void> {
  for (let i = 0; i < backlog; i += 1) {
    void queue.submit({ priority: 'normal', merchant: MERCHANT_A, run: roundTrip });
  }
  await queue.submit({ priority: 'normal', merchant: merchantOfB, run: roundTrip });
}

describe(`merchant B's sale, ${ROUND_TRIP_MS} ms per processor round trip, 16 in flight`, () => {
  bench('baseline: no backlog', async () => {
    await saleOfB(new SendQueue(), MERCHANT_B, 0);
  });
  bench(`one queue for all merchants, behind A's ${BACKLOG}`, async () => {
    await saleOfB(new SendQueue({ perMerchant: 16 }), MERCHANT_A, BACKLOG);
  });
  bench(`LaneTerm: 8 per merchant, fair share, beside A's ${BACKLOG}`, async () => {
    await saleOfB(new SendQueue(), MERCHANT_B, BACKLOG);
  });
  bench(`LaneTerm: 16 per merchant, fair share, beside A's ${BACKLOG}`, async () => {
    await saleOfB(new SendQueue({ perMerchant: 16 }), MERCHANT_B, BACKLOG);
  });
});
