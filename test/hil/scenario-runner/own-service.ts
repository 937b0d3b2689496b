// A scenario's own payment service (`service: own`): a service process on a port of its own and a
// data folder it keeps, which the scenario stops and starts again on the same port, so the lane's
// URL stays right while the service is out of reach (docs/lane.md, Scenarios).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';

/** A service a scenario controls: the process now running (if any), stop, start, its orders. */
export interface OwnService {
  current(): ServiceProcess;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** How many of the service's unsettled transactions are of `amount` ("8.05"). */
  transactionsOf(amount: string): Promise<number>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
}

/** A port free now (the service is restarted on it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

/** Starts a scenario's own service. */
export async function startOwnService(): Promise<OwnService> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'laneterm-scenario-service-'));
  const args = ['--port', String(port)];
  let running: ServiceProcess | undefined = await startServiceProcess(data, args);
  let last: ServiceProcess = running;
  const stop = async (): Promise<void> => {
    await running?.kill('SIGTERM');
    running = undefined;
  };
  return {
    current: () => last,
    stop,
    async start() {
      if (running !== undefined) return;
      running = await startServiceProcess(data, args);
      last = running;
    },
    async transactionsOf(amount) {
      const client = laneClient(last, 'v2');
      try {
        const report = await client.unsettledReport();
        if (report.outcome !== 'report') throw new Error('the unsettled report was not answered');
        return report.rows.filter((row) => row.amount === amount).length;
      } finally {
        await client.close();
      }
    },
    async remove() {
      await stop();
      rmSync(data, { recursive: true, force: true });
    },
  };
}
