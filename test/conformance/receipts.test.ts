import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PaymentClient,
  PaymentResponse,
  PaymentResult,
  TransportKind,
} from '../../main/payment/index.ts';
import { buildReceipts } from '../../main/receipt/index.ts';
import { runEntry } from '../server/helpers/server-process.ts';
import { TRANSPORTS, laneClient } from './helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from './helpers/service-process.ts';
import { CARD, ttidOf } from './operation-scenarios.ts';

// Receipts over REST v2, REST v1 and key/value against the service as `npm run server -- --demo`
// runs it: the formatted copies in the answer, read by the lane's receipt builder, and the copies
// e-mailed and texted through the store's outbox, which admin outbox lists and which holds no card
// number.

let service: ServiceProcess;
const clients = new Map<TransportKind, PaymentClient>();
const sales = new Map<TransportKind, PaymentResult>();

beforeAll(async () => {
  service = await startServiceProcess();
  for (const transport of TRANSPORTS) clients.set(transport, laneClient(service, transport));
});

afterAll(async () => {
  for (const client of clients.values()) await client.close();
  await stopServiceProcess(service);
});

const client = (transport: TransportKind): PaymentClient => clients.get(transport) as PaymentClient;

/** The answer of a result that has one; fails on an unknown outcome. */
function answerOf(result: PaymentResult | undefined): PaymentResponse {
  if (result === undefined || result.outcome === 'unknown') throw new Error('no answer');
  return result.response;
}

/** The parsed JSON form of one receipt part of an answer. */
const part = (result: PaymentResult, key: string): unknown =>
  JSON.parse(answerOf(result).get(key) ?? 'null');

describe.each(TRANSPORTS)('receipts over %s', (transport) => {
  it('a sale with rcpt, rcpt_email and rcpt_sms answers both copies in the form asked', async () => {
    const result = await client(transport).sale({
      ...CARD,
      money: { amount: '12.00' },
      rcpt: 'type=json',
      rcpt_email: `lane-${transport}@example.com`,
      rcpt_sms: '+1 352 555 0199',
    });
    sales.set(transport, result);
    expect(result.outcome).toBe('approved');
    expect(part(result, 'rcpt_cust_merch_info')).toEqual([
      { text: 'LANETERM DEMO STORE', center: true, strong: true },
      { text: '5800 NW 39TH AVE', center: true },
      { text: 'GAINESVILLE FL 32606', center: true },
      { text: '(352) 555-0100', center: true },
      { text: 'SALE', center: true, strong: true },
      { text: answerOf(result).get('timestamp'), center: true },
    ]);
    expect(part(result, 'rcpt_cust_money')).toEqual([
      { label: 'TOTAL', value: '$12.00', strong: true },
    ]);
    expect(part(result, 'rcpt_cust_reference')).toContainEqual({
      label: 'ACCOUNT',
      value: 'XXXXXXXXXXXX1111',
    });
    expect(part(result, 'rcpt_merch_notice')).toContainEqual({ signature: true });
    const [customer, merchant] = buildReceipts(
      answerOf(result),
      { merchant: { name: 'LANETERM DEMO STORE' }, operation: 'sale', training: true },
      true,
    );
    expect(customer?.service).toContainEqual({ label: 'TOTAL', value: '$12.00', strong: true });
    expect(customer?.service).toContain('APPROVED');
    expect(merchant?.service).toContainEqual({ label: 'TRANSACTION', value: ttidOf(result) });
  });

  it('trandetail reprints it as a duplicate, in text, with the merchant header as merch_*', async () => {
    const ttid = ttidOf(sales.get(transport) as PaymentResult);
    const detail = await client(transport).transactionDetail(ttid, {
      rcpt: 'yes',
      rcpt_duplicate: 'yes',
      rcpt_merch_copy: 'no',
    });
    const answer = answerOf(detail);
    expect(answer.get('merch_addr1')).toBe('5800 NW 39TH AVE');
    expect(answer.get('rcpt_cust_money')).toBe(`TOTAL${' '.repeat(31)}$12.00`);
    expect(answer.get('rcpt_cust_notice')).toContain('*** DUPLICATE ***');
    expect(Object.keys(answer.pairs).some((key) => key.startsWith('rcpt_merch_'))).toBe(false);
  });
});

describe('the same receipt on every transport', () => {
  it('has the same money, disposition and notice parts', () => {
    const parts = (transport: TransportKind) => {
      const answer = answerOf(sales.get(transport));
      return ['money', 'disposition', 'notice'].map((name) => [
        answer.get(`rcpt_cust_${name}`),
        answer.get(`rcpt_merch_${name}`),
      ]);
    };
    expect(parts('v1')).toEqual(parts('v2'));
    expect(parts('kv')).toEqual(parts('v2'));
  });
});

describe('the outbox', () => {
  it('holds an e-mail and an SMS per sale, listed by admin outbox, without a card number', async () => {
    const run = runEntry('server/cli.ts', ['admin', 'outbox', '--data', service.dataDir]);
    expect(await run.exited).toBe(0);
    const listed = run.stdout.filter((line) => line.trim() !== '');
    expect(listed).toHaveLength(2 * TRANSPORTS.length);
    for (const transport of TRANSPORTS) {
      const ttid = ttidOf(sales.get(transport) as PaymentResult);
      expect(listed).toContainEqual(
        expect.stringMatching(
          new RegExp(`-${ttid}-email-.*  email  lane-${transport}@example\\.com  .*SALE APPROVED$`),
        ),
      );
      expect(listed).toContainEqual(expect.stringContaining(`VISA ENDING 1111, TTID ${ttid}`));
    }
    expect(listed.join('\n')).not.toContain('4111111111111111');
    expect(existsSync(join(service.dataDir, 'outbox'))).toBe(false);
    for (const file of ['service.db', 'service.db-wal'].map((name) =>
      join(service.dataDir, name),
    )) {
      if (existsSync(file)) expect(readFileSync(file, 'latin1')).not.toContain('4111111111111111');
    }
  });
});
