import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../server/helpers/server-process.ts';
import { laneClient } from './helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from './helpers/service-process.ts';
import { nodeEntryArgs } from '../compiled-tree/node-entry.ts';

const CARD = ['account=4111111111111111', 'expdate=1230', 'cv=999'];

let service: ServiceProcess;

beforeAll(async () => {
  service = await startServiceProcess();
});

afterAll(async () => {
  await stopServiceProcess(service);
});

interface PayRun {
  code: number;
  json: Record<string, unknown>;
  stdout: string;
  stderr: string;
}

/** Runs `npm run -s pay -- <args>`'s entry, main/payment/cli.ts (node-entry.ts). */
function pay(args: string[]): Promise<PayRun> {
  return new Promise((resolve) => {
    const argv = [...nodeEntryArgs('main/payment/cli.ts'), ...args];
    execFile(process.execPath, argv, { cwd: REPO_ROOT }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(stdout) as Record<string, unknown>;
      } catch {
        json = {};
      }
      resolve({ code, json, stdout, stderr });
    });
  });
}

function v2(): string[] {
  const key = join(service.dataDir, 'demo-apikey.json');
  return [
    '--url',
    `https://127.0.0.1:${service.tlsPort}`,
    '--apikey-file',
    key,
    '--pin',
    service.fingerprint,
  ];
}

function kv(): string[] {
  const key = join(service.dataDir, 'demo-apikey.json');
  const ca = join(service.dataDir, 'tls-cert.pem');
  return ['--url', `kvs://127.0.0.1:${service.tlsPort}`, '--apikey-file', key, '--ca', ca];
}

function v1Plain(): string[] {
  return [
    '--url',
    `http://127.0.0.1:${service.plainPort}`,
    '--transport',
    'v1',
    '--user',
    'test_retail:public',
    '--password',
    'publ1ct3st',
  ];
}

describe('npm run -s pay against a server/ process', () => {
  it('prints an approval with card data masked and exits 0; resolve finds the order approved', async () => {
    const run = await pay(['sale', 'amount=12.50', ...CARD, ...v2()]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      operation: 'sale',
      transport: 'v2',
      outcome: 'approved',
      httpStatus: 200,
    });
    expect(run.json['response']).toMatchObject({
      account: 'XXXXXXXXXXXX1111',
      cv: 'GOOD',
      code: 'AUTH',
    });
    expect(run.stdout).not.toContain('4111111111111111');
    const found = await pay(['resolve', String(run.json['orderId']), ...kv()]);
    expect(found.code).toBe(0);
    expect(found.json).toMatchObject({ operation: 'resolve', status: 'approved' });
  });

  it('exits 4 on a decline (v1 over plain HTTP) and on resolving an order that does not exist', async () => {
    const run = await pay(['sale', 'amount=6.01', ...CARD, ...v1Plain()]);
    expect(run.code).toBe(4);
    expect(run.json).toMatchObject({
      transport: 'v1',
      outcome: 'declined_processor',
      httpStatus: 200,
    });
    const missing = await pay(['resolve', 'no-such-order', ...v2()]);
    expect(missing.code).toBe(4);
    expect(missing.json).toMatchObject({ status: 'not_found' });
  });

  it('resolves an order whose slow sale is still in flight by waiting for it, never as not found', async () => {
    const orderId = `slow-${Date.now().toString(36)}`;
    const sale = pay(['sale', 'amount=8.06', `order_id=${orderId}`, ...CARD, ...v2()]);
    const lane = laneClient(service, 'v2');
    try {
      for (let waited = 0; waited < 20_000; waited += 100) {
        const detail = await lane.run('trandetail', { order_id: orderId });
        if (detail.outcome === 'approved' && detail.response.txnstatus.includes('INPROGRESS'))
          break;
        await sleep(100);
      }
    } finally {
      await lane.close();
    }
    const found = await pay(['resolve', orderId, ...kv()]);
    const sold = await sale;
    expect(found.json).toMatchObject({ operation: 'resolve', orderId, status: 'approved' });
    expect(found.code).toBe(0);
    expect(sold.code).toBe(0);
    const ttid = (sold.json['response'] as Record<string, string>).ttid;
    expect((found.json['response'] as Record<string, string>).ttid).toBe(ttid);
  });

  it('exits 3 when the answer misses its deadline, and prints the order id to resolve', async () => {
    const run = await pay(['sale', 'amount=8.03', ...CARD, ...kv(), '--answer-timeout', '1']);
    expect(run.code).toBe(3);
    expect(run.json).toMatchObject({ outcome: 'unknown', reason: 'deadline' });
    expect(typeof run.json['orderId']).toBe('string');
  });

  it('exits 1, sending nothing, on a request that breaks a rule, and names the field and rule', async () => {
    const run = await pay(['sale', 'amount=0.00', ...CARD, ...v2()]);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({
      outcome: 'error',
      error: { field: 'amount', rule: 'amount.positive' },
    });
  });

  it('exits 2 on usage errors and 1 on a certificate it cannot trust, never echoing card data', async () => {
    const usage = await pay([
      'sale',
      '4111111111111111',
      '--url',
      'https://127.0.0.1:1',
      '--user',
      'm',
      '--password',
      'p',
    ]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('parameter 1: not key=value');
    expect(usage.stderr).not.toContain('4111111111111111');
    const untrusted = await pay(['report_unsettled', ...v2().slice(0, 4)]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.json).toMatchObject({
      error: { code: 'not_sent', rule: 'connect.certificate' },
    });
  });

  it('prints report rows (CSV over key/value) and exits 0', async () => {
    const run = await pay(['report_unsettled', ...kv()]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ outcome: 'report', format: 'csv' });
    expect(run.json['columns']).toContain('ttid');
  });
});
