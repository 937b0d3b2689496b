import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentClient, PaymentResult, TransportKind } from '../../main/payment/index.ts';
import { TRANSPORTS, laneClient } from './helpers/lane-clients.ts';
import type { ServiceProcess } from './helpers/service-process.ts';
import { restingFiles, type SuiteService } from './helpers/suite-service.ts';
import { observe, ttidOf } from './operation-scenarios.ts';

/** The accounts of docs/test-cards.md, Checks: one that stands, one that comes back R01. */
const GOOD_ACCOUNT = '1234567890';
const RETURN_ACCOUNT = '2000000001';

function checkSale(pay: PaymentClient, account: string, amount: string): Promise<PaymentResult> {
  return pay.sale({
    account_data: { abaroute: '021000021', account, checknum: '2001', accounttype: 'business' },
    money: { amount },
  });
}

/** The detail of a transaction, once `ready` holds for it (the return comes after settlement). */
async function detailWhen(
  pay: PaymentClient,
  ttid: string,
  ready: (fields: Readonly<Record<string, string>>) => boolean,
): Promise<Readonly<Record<string, string>>> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const detail = await pay.transactionDetail(ttid);
    if (detail.outcome !== 'approved') throw new Error(`detail: ${detail.outcome}`);
    const fields = detail.response.pairs;
    if (ready(fields)) return fields;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`transaction ${ttid}: the awaited detail never came`);
}

/**
 * Check payments over REST v2, REST v1 and key/value against the service as `npm run server --
 * --demo --check-return-seconds 0` runs it: sale, void, settlement, refund as a credit, and the
 * ACH return of a settled check in its detail and in the settled report. `against` names the
 * service in the test titles.
 */
export function checksSuite(against: string, how: SuiteService): void {
  let service: ServiceProcess;
  const clients = new Map<TransportKind, PaymentClient>();
  const client = (transport: TransportKind): PaymentClient =>
    clients.get(transport) as PaymentClient;

  beforeAll(async () => {
    service = await how.start(['--check-return-seconds', '0', '--log-level', 'debug']);
    for (const transport of TRANSPORTS) clients.set(transport, laneClient(service, transport));
  });

  afterAll(async () => {
    for (const c of clients.values()) await c.close();
    await how.stop(service);
  });

  describe.each(TRANSPORTS)(`checks over %s against ${against}`, (transport) => {
    it('sale, void, settlement, refund as a credit, and a return in detail and report', async () => {
      const pay = client(transport);
      const returning = await checkSale(pay, RETURN_ACCOUNT, '40.00');
      expect(returning.outcome).toBe('approved');
      if (returning.outcome !== 'approved') return;
      expect(returning.response.get('account')).toBe('XXXXXX0001');
      expect(returning.response.get('cardtype')).toBe('ACH');
      const standing = ttidOf(await checkSale(pay, GOOD_ACCOUNT, '30.00'));
      const voided = ttidOf(await checkSale(pay, GOOD_ACCOUNT, '20.00'));
      expect((await pay.void(voided)).outcome).toBe('approved');
      expect((await detailWhen(pay, voided, () => true)).txnstatus).toBe('APPROVED|VOIDED');

      expect((await pay.settle()).outcome).toBe('approved');
      const refund = await pay.refund({ ttid: standing, money: { amount: '10.00' } });
      expect(refund.outcome).toBe('approved');
      const credit = await detailWhen(pay, ttidOf(refund), () => true);
      expect(credit).toMatchObject({
        action: 'refund',
        amount: '10.00',
        cardtype: 'ACH',
      });

      const returned = await detailWhen(pay, ttidOf(returning), (f) => f.return_code !== undefined);
      expect(returned).toMatchObject({
        return_code: 'R01',
        return_reason: 'INSUFFICIENT FUNDS',
        txnstatus: 'APPROVED|RETURNED|COMPLETE',
        abaroute: '021000021',
        checknum: '2001',
        accounttype: 'business',
      });
      const report = await pay.settledReport();
      if (report.outcome !== 'report') throw new Error(`report: ${report.outcome}`);
      const row = report.rows.find((r) => r.ttid === ttidOf(returning));
      expect(row).toMatchObject({ return_code: 'R01', return_reason: 'INSUFFICIENT FUNDS' });
    });

    it('declines an unknown routing number and refuses a bad checksum naming abaroute', async () => {
      const pay = client(transport);
      const declined = await pay.sale({
        account_data: { abaroute: '123456780', account: GOOD_ACCOUNT, checknum: '1' },
        money: { amount: '5.00' },
      });
      expect(declined.outcome).toBe('declined_processor');
      if (declined.outcome === 'declined_processor') {
        expect(declined.response.get('verbiage')).toBe('UNKNOWN ROUTING NUMBER');
      }
      const bad = await observe(
        pay.sale({
          account_data: { abaroute: '021000022', account: GOOD_ACCOUNT, checknum: '1' },
          money: { amount: '5.00' },
        }),
      );
      expect(JSON.stringify(bad)).toContain('abaroute');
      expect(JSON.stringify(bad)).not.toContain(GOOD_ACCOUNT);
    });
  });

  describe(`bank account numbers at rest in ${against}`, () => {
    it('are in no file of the data directory or the database and in no log line', () => {
      const files = restingFiles(how.restingDirs(service));
      expect(files.length).toBeGreaterThan(0);
      for (const { path: file, bytes } of files) {
        for (const account of [GOOD_ACCOUNT, RETURN_ACCOUNT]) {
          expect(bytes.includes(Buffer.from(account)), `${file}: ${account}`).toBe(false);
        }
      }
      expect(service.output(), 'the logs read include the returns').toContain('check returned');
      for (const account of [GOOD_ACCOUNT, RETURN_ACCOUNT]) {
        expect(service.output()).not.toContain(account);
      }
    });
  });
}
