import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBinRanges } from '../../protocol/index.ts';
import { PaymentError, type PaymentClient, type TransportKind } from '../../main/payment/index.ts';
import { DEMO_GIFT_RANGES } from '../../server/engine/gift/demo-gift-cards.ts';
import { TRANSPORTS, laneClient } from './helpers/lane-clients.ts';
import type { ServiceProcess } from './helpers/service-process.ts';
import type { SuiteService } from './helpers/suite-service.ts';
import { CARD_PRESENT_SCENARIOS } from './card-present-scenarios.ts';
import { CARD_PRESENT_STORED_VALUE_SCENARIOS } from './card-present-stored-value-scenarios.ts';
import { CARD, SCENARIOS, observe, type Scenario } from './operation-scenarios.ts';
import { STORED_VALUE_SCENARIOS } from './stored-value-scenarios.ts';
import { comparable, type Observed } from './transport-differences.ts';

/** The outcome of an observation, or the rule a refusal before sending named. */
function outcomeName(observed: Observed): string {
  return observed instanceof PaymentError ? observed.rule : observed.outcome;
}

/**
 * The status REST answers travel with (docs/interface.md › Errors §1–2): v2 200 approved (in full or in part),
 * 402 declined by the processor, a service decline anything but 200; v1 200 for every
 * transaction and lookup.
 */
function checkStatus(observed: Observed, transport: TransportKind): void {
  if (observed instanceof PaymentError || observed.outcome === 'unknown') return;
  if (transport === 'kv') {
    expect(observed.httpStatus, 'key/value has no HTTP status').toBeUndefined();
  } else if (['report', 'approved', 'partial'].includes(observed.outcome)) {
    expect(observed.httpStatus, transport).toBe(200);
  } else if (transport === 'v1') {
    expect(observed.httpStatus, transport).toBe(200);
  } else if (observed.outcome === 'declined_processor') {
    expect(observed.httpStatus, transport).toBe(402);
  } else {
    expect(observed.httpStatus, transport).not.toBe(200);
  }
}

function checkFields(scenario: Scenario, observed: Observed, transport: TransportKind): void {
  if (observed instanceof PaymentError) return;
  checkStatus(observed, transport);
  if (observed.outcome === 'report') {
    if (scenario.rows !== undefined) expect(observed.rows, transport).toHaveLength(scenario.rows);
    return;
  }
  if (observed.outcome === 'unknown') return;
  for (const [key, value] of Object.entries(scenario.fields ?? {})) {
    expect(observed.response.get(key), `${transport}: ${key}`).toBe(value);
  }
}

/**
 * The conformance suite: every scenario over REST v2, REST v1 and key/value against one service,
 * their answers compared across transports, and key/value pipelining. `against` names the service
 * in the test titles.
 */
export function operationsSuite(against: string, how: SuiteService): void {
  let service: ServiceProcess | undefined;
  const clients = new Map<TransportKind, PaymentClient>();

  beforeAll(async () => {
    service = await how.start();
    // The lane knows its merchant's gift ranges, so it sends a keyed gift card without expdate.
    const giftBinRanges = parseBinRanges(DEMO_GIFT_RANGES);
    for (const transport of TRANSPORTS) {
      clients.set(transport, laneClient(service, transport, { giftBinRanges }));
    }
  });

  afterAll(async () => {
    for (const client of clients.values()) await client.close();
    await how.stop(service);
  });

  async function runEverywhere(scenario: Scenario): Promise<Map<TransportKind, Observed>> {
    const observed = new Map<TransportKind, Observed>();
    for (const transport of TRANSPORTS) {
      const client = clients.get(transport) as PaymentClient;
      observed.set(transport, await observe(scenario.run(client, transport)));
    }
    return observed;
  }

  describe(`every operation over REST v2, REST v1 and key/value against ${against}`, () => {
    for (const scenario of [
      ...SCENARIOS,
      ...CARD_PRESENT_SCENARIOS,
      ...STORED_VALUE_SCENARIOS,
      ...CARD_PRESENT_STORED_VALUE_SCENARIOS,
    ]) {
      it(`${scenario.operation}: ${scenario.name}`, async () => {
        const observed = await runEverywhere(scenario);
        for (const [transport, seen] of observed) {
          const expected =
            transport === 'v1' ? (scenario.v1 ?? scenario.expected) : scenario.expected;
          expect(outcomeName(seen), transport).toBe(expected);
          if (expected === scenario.expected) checkFields(scenario, seen, transport);
        }
        const reference = comparable(observed.get('v2') as Observed);
        expect(comparable(observed.get('kv') as Observed), 'key/value against v2').toEqual(
          reference,
        );
        if (scenario.v1 === undefined) {
          expect(comparable(observed.get('v1') as Observed), 'v1 against v2').toEqual(reference);
        }
      });
    }
  });

  describe(`key/value pipelining against ${against}`, () => {
    it('matches answers that come out of order: a held sale and the sales sent behind it', async () => {
      const pay = clients.get('kv') as PaymentClient;
      const amounts = ['8.02', '1.01', '1.02', '1.03'];
      const answered: string[] = [];
      const sales = amounts.map((amount) =>
        pay.sale({ ...CARD, money: { amount } }).then((result) => {
          answered.push(amount);
          return result;
        }),
      );
      const results = await Promise.all(sales);
      expect(answered.at(-1), 'the held sale, sent first, is answered last').toBe('8.02');
      for (const [i, result] of results.entries()) {
        if (result.outcome !== 'approved') throw new Error(`sale ${amounts[i]}: ${result.outcome}`);
        expect(result.response.orderId).toBe(result.orderId);
        const detail = await pay.transactionDetail(result.response.ttid ?? '');
        if (detail.outcome !== 'approved') throw new Error(`detail: ${detail.outcome}`);
        expect(detail.response.get('amount')).toBe(amounts[i]);
      }
    });
  });
}
