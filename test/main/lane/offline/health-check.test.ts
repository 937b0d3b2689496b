import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalStore } from '../../../../main/lane/journal/journal-store.ts';
import { JournaledPayments } from '../../../../main/lane/journal/journaled-payments.ts';
import { PaymentClient } from '../../../../main/payment/index.ts';

const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A plain TCP listener on `at` (0: any) that takes connections and never answers. */
async function silentServer(at = 0): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(at, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** A journal and the lane's payment gate on a client to http://127.0.0.1:port. */
function gate(port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-health-'));
  const journal = new JournalStore(join(dir, 'journal.db'));
  const client = new PaymentClient({
    url: `http://127.0.0.1:${port}`,
    transport: 'v2',
    retries: 0,
    deadlines: { connectMs: 2000, answerMs: 500 },
    lateAnswerMs: 0,
    auth: { credential: { kind: 'apikey', id: 'k', secret: 's' } },
  });
  stops.push(() => rmSync(dir, { recursive: true, force: true }));
  stops.push(() => journal.close());
  stops.push(() => client.close());
  const payments = new JournaledPayments(journal, client, { training: false });
  journal.startWorkflow('wf', 'sale', false);
  const sale = () =>
    payments.send({
      workflowId: 'wf',
      operation: 'sale',
      amountMinor: 500,
      tender: 'credit',
      params: { amount: 500, e_datafield: '02AB03', e_datafieldfmt: 'idtech' },
    });
  return { client, sale };
}

describe('the health check before sending', () => {
  it('once a request could not be sent, the next sale is not tried while no connection can be made, and is tried once one can', async () => {
    const listener = await silentServer();
    const port = listener.port;
    await listener.close();
    const { client, sale } = gate(port);
    const run = vi.spyOn(client, 'run');
    expect((await sale()).kind).toBe('not_sent');
    expect(run).toHaveBeenCalledTimes(1);
    expect((await sale()).kind).toBe('not_sent');
    expect(run).toHaveBeenCalledTimes(1);

    const back = await silentServer(port);
    stops.push(() => back.close());
    const settled = await sale();
    expect(run).toHaveBeenCalledTimes(2);
    expect(settled.kind).toBe('unknown');
  });
});
