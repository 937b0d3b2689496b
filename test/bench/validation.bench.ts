// Request validation cost, beside parsing the same request body as JSON.
import { bench, describe } from 'vitest';
import { flattenJsonBody, validateRequest, type ValidationContext } from '../../protocol/index.ts';

const BODY = JSON.stringify({
  account_data: { account: '4111111111111111', expdate: '1230' },
  money: { amount: '12.00', tax: '1.00' },
  verification: { cv: '999', zip: '32606', street: '5800 NW 39th AVE' },
  order: { order_id: 'ORD-1', ordernum: '42' },
  lane: { laneid: '4', clerkid: 'kim' },
  lodging: { bdate: 'BOD', edate: '+3 days' },
});
const CTX: ValidationContext = { version: 'v2', timeZone: 'America/New_York', now: new Date() };

describe('a v2 sale of six groups, read from its JSON body', () => {
  bench('baseline: JSON.parse', () => {
    JSON.parse(BODY);
  });
  bench('LaneTerm: JSON.parse, flattenJsonBody and validateRequest', () => {
    validateRequest('sale', flattenJsonBody(JSON.parse(BODY)), CTX);
  });
});
