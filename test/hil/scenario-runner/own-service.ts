// A scenario's own payment service (`service: own`): a service started in the runner on a port of
// its own and a data folder it keeps, which the scenario stops and starts again on the same port, so the lane's
// URL stays right while the service is out of reach (docs/lane.md, Scenarios).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaymentClient } from '../../../main/payment/index.ts';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import type { ServiceProcess } from '../../conformance/helpers/service-process.ts';
import { startServer, type RunningServer } from '../../../server/index.ts';
import { ProcessorHold } from './processor-hold.ts';

/** A service a scenario controls: the one now running (if any), stop, start, its orders, its hold. */
export interface OwnService {
  current(): ServiceProcess;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The hold on its processor's answers. */
  readonly hold: ProcessorHold;
  /** How many of the service's unsettled transactions are of `amount` ("8.05"). */
  transactionsOf(amount: string): Promise<number>;
  /** The service's records of an order id, approved (unsettled) and declined, oldest first. */
  recordsOf(orderId: string): Promise<ServiceRecord[]>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
}

/** One transaction the service recorded, as its reports and its detail show it. */
export interface ServiceRecord {
  readonly ttid: number;
  readonly outcome: 'approved' | 'declined';
  readonly amount: string;
  /** tranflags (OFFLINE for a forwarded offline sale). */
  readonly flags: readonly string[];
  /** The detail's offline_approved custom parameter. */
  readonly offlineApproved: string | undefined;
  /** The detail's rcpt_emv_actype: the chip's cryptogram type. */
  readonly actype: string | undefined;
}

/** The records of `orderId` in one of the service's transaction reports, with their detail. */
async function reportRecords(
  client: PaymentClient,
  report: 'unsettledReport' | 'failedReport',
  orderId: string,
): Promise<ServiceRecord[]> {
  const rows = await client[report]({ order_id: orderId });
  if (rows.outcome !== 'report') throw new Error(`the ${report} was not answered`);
  const records: ServiceRecord[] = [];
  for (const row of rows.rows) {
    const ttid = row['ttid'] ?? '';
    const detail = await client.transactionDetail(ttid, { rcpt: 'yes' });
    const response = 'response' in detail ? detail.response : undefined;
    records.push({
      ttid: Number(ttid),
      outcome: report === 'unsettledReport' ? 'approved' : 'declined',
      amount: row['amount'] ?? '',
      flags: (row['tranflags'] ?? '').split('|'),
      offlineApproved: response?.get('offline_approved'),
      actype: response?.get('rcpt_emv_actype'),
    });
  }
  return records;
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

/**
 * The service started in this process (startServer, as `npm run server` runs it) on `port` with
 * the demo merchant, its processor paced by `hold`: its TLS port is what a lane process talks to.
 */
async function startInProcess(
  data: string,
  port: number,
  hold: ProcessorHold,
): Promise<{ service: ServiceProcess; running: RunningServer }> {
  const running = await startServer({
    port,
    dataDir: data,
    demo: true,
    logLevel: 'warn',
    processorPace: hold.pace,
  });
  const apiKey = JSON.parse(readFileSync(join(data, 'demo-apikey.json'), 'utf8')) as {
    id: string;
    secret: string;
  };
  const service: ServiceProcess = {
    dataDir: data,
    tlsPort: running.tlsAddress.port,
    plainPort: 0,
    fingerprint: running.fingerprint256,
    apiKey,
    pid: process.pid,
    output: () => '',
    kill: () => running.close(),
  };
  return { service, running };
}

/** Starts a scenario's own service. */
export async function startOwnService(): Promise<OwnService> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'laneterm-scenario-service-'));
  const hold = new ProcessorHold();
  let running: RunningServer | undefined;
  let last: ServiceProcess;
  ({ service: last, running } = await startInProcess(data, port, hold));
  const stop = async (): Promise<void> => {
    await running?.close();
    running = undefined;
  };
  return {
    current: () => last,
    stop,
    hold,
    async start() {
      if (running !== undefined) return;
      ({ service: last, running } = await startInProcess(data, port, hold));
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
    async recordsOf(orderId) {
      const client = laneClient(last, 'v2');
      try {
        const approved = await reportRecords(client, 'unsettledReport', orderId);
        const declined = await reportRecords(client, 'failedReport', orderId);
        return [...approved, ...declined].sort((a, b) => a.ttid - b.ttid);
      } finally {
        await client.close();
      }
    },
    async remove() {
      hold.release();
      await stop();
      rmSync(data, { recursive: true, force: true });
    },
  };
}
