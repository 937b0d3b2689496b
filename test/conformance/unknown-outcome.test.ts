import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentClient, PaymentResult, TransportKind } from '../../main/payment/index.ts';
import { TRANSPORTS, laneClient } from './helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from './helpers/service-process.ts';
import { CARD } from './operation-scenarios.ts';

const services: ServiceProcess[] = [];
const opened: PaymentClient[] = [];

afterEach(async () => {
  for (const client of opened.splice(0)) await client.close();
  for (const service of services.splice(0).reverse()) await stopServiceProcess(service);
});

async function service(dataDir?: string): Promise<ServiceProcess> {
  const started = await startServiceProcess(dataDir);
  services.push(started);
  return started;
}

function lanes(on: ServiceProcess, answerMs: number): Map<TransportKind, PaymentClient> {
  const made = new Map<TransportKind, PaymentClient>();
  for (const transport of TRANSPORTS) {
    const client = laneClient(on, transport, {
      deadlines: { answerMs, connectMs: 3000 },
      retries: 1,
    });
    opened.push(client);
    made.set(transport, client);
  }
  return made;
}

/** Sends the same held sale on every transport; `amount` in 8.00–8.99 holds it cents seconds. */
function heldSales(clients: Map<TransportKind, PaymentClient>, amount: string) {
  return new Map(
    [...clients].map(
      ([transport, client]) => [transport, client.sale({ ...CARD, money: { amount } })] as const,
    ),
  );
}

/** Waits (at most 20 s) until the client has caught the late answer of an order's request. */
async function untilAnswered(client: PaymentClient, orderId: string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 250) {
    if ((await client.resolve(orderId)).status !== 'unknown') return;
    await sleep(250);
  }
}

function unknownOrder(result: PaymentResult, reason: string, transport: TransportKind): string {
  expect(result.outcome, transport).toBe('unknown');
  if (result.outcome !== 'unknown') return '';
  expect(result.reason, transport).toBe(reason);
  expect(result.orderId, transport).toBeDefined();
  return result.orderId ?? '';
}

describe('unknown outcomes made real against a server/ process', () => {
  it('a sale held by the service when it is killed (SIGKILL) is unknown; after a restart it is declined, reversed', async () => {
    const first = await service();
    const clients = lanes(first, 60_000);
    const sales = heldSales(clients, '8.30');
    for (const client of clients.values())
      expect((await client.transactionDetail('1')).outcome).not.toBe('unknown');
    await sleep(1000);
    await first.kill('SIGKILL');
    const orders = new Map<TransportKind, string>();
    for (const [transport, sale] of sales)
      orders.set(transport, unknownOrder(await sale, 'connection_lost', transport));

    for (const [transport, client] of clients) {
      const whileDown = await client.resolve(orders.get(transport) ?? '', { connectMs: 500 });
      expect(whileDown.status, `${transport} while the service is down`).toBe('unknown');
    }
    const restarted = await service(first.dataDir);
    for (const [transport, client] of lanes(restarted, 10_000)) {
      const found = await client.resolve(orders.get(transport) ?? '');
      expect(found.status, `${transport} after the restart`).toBe('declined');
      if (found.status !== 'declined') continue;
      expect(found.response.get('order_id'), transport).toBe(orders.get(transport));
      expect(found.response.get('orig_msoft_code'), transport).toBe('SYS_FAILURE');
      expect(found.response.get('orig_verbiage'), transport).toMatch(/^NOT COMPLETED: /);
    }
  });

  it('an answer later than the deadline is unknown; resolve without waiting says unknown, then gives what the service committed', async () => {
    const running = await service();
    const clients = lanes(running, 1000);
    const orders = new Map<TransportKind, string>();
    for (const [transport, sale] of heldSales(clients, '8.05')) {
      orders.set(transport, unknownOrder(await sale, 'deadline', transport));
    }
    for (const [transport, client] of clients) {
      const early = await client.resolve(orders.get(transport) ?? '', { waitMs: 0 });
      expect(early.status, `${transport}: still in progress, not waited for`).toBe('unknown');
    }
    for (const [transport, client] of clients)
      await untilAnswered(client, orders.get(transport) ?? '');
    const restartedLane = lanes(running, 10_000);
    for (const [transport, client] of clients) {
      const order = orders.get(transport) ?? '';
      const caught = await client.resolve(order);
      const looked = await (restartedLane.get(transport) as PaymentClient).resolve(order);
      expect(caught.status, `${transport}: the late answer`).toBe('approved');
      expect(looked.status, `${transport}: the service's record`).toBe('approved');
      if (caught.status === 'approved' && looked.status === 'approved') {
        expect(looked.ttid, transport).toBe(caught.ttid);
        expect(looked.response.get('order_id'), transport).toBe(order);
      }
    }
  });
});
