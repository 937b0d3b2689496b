// Well-formed requests of the interface that the fuzz targets mutate: the demo merchant's
// credentials, a sale, a refund, a report, a gift card, a ping (the interface's operations).

/** The demo sub-user (docs/test-cards.md): the credentials golden requests carry. */
export const DEMO_LOGIN = { username: 'test_retail:public', password: 'publ1ct3st' } as const;

/** Request parameters of a handful of operations, keys as the key/value protocol spells them. */
export const GOLDEN_REQUESTS: readonly Record<string, string>[] = [
  {
    action: 'sale',
    ...DEMO_LOGIN,
    account: '4111111111111111',
    expdate: '1230',
    amount: '12.50',
    cv: '999',
    zip: '32606',
    ordernum: 'A-1001',
  },
  {
    action: 'sale',
    ...DEMO_LOGIN,
    trackdata:
      '%B4111111111111111^TEST/CARD^3012101000000000000000?;4111111111111111=30121010000000000?',
    amount: '8.20',
    tax: '0.62',
  },
  {
    action: 'preauth',
    ...DEMO_LOGIN,
    account: '5454545454545454',
    expdate: '0129',
    amount: '40.00',
  },
  { action: 'refund', ...DEMO_LOGIN, ttid: '42', amount: '1.00' },
  { action: 'void', ...DEMO_LOGIN, ttid: '7' },
  { action: 'admin', admin: 'GUT', ...DEMO_LOGIN, bdate: 'BOD', edate: 'now' },
  { action: 'activate', ...DEMO_LOGIN, account: '6035710110009768', amount: '25.00' },
  { action: 'ping' },
];

/** Words and bytes worth splicing into a request: keys, actions, quotes, long and odd numbers. */
export const REQUEST_TOKENS: readonly Buffer[] = [
  'action=',
  'action_trans=',
  'amount=',
  'account=',
  'username=',
  '="',
  '""',
  '\r\n',
  '\n',
  '=',
  'sale',
  'admin',
  '-0.00',
  '99999999999999999999.99',
  '1e400',
  'NaN',
  '\u0000',
  '\u00ff',
  '{"',
  '[]',
  'null',
].map((token) => Buffer.from(token, 'utf8'));

/**
 * The bytes with every amount whose whole part is 8 made 9: the simulated processor waits 8.00–8.99
 * amounts' cents in seconds (docs/test-cards.md), which would only slow a fuzz run and hold the
 * processor's slots from the clients that must be answered meanwhile.
 */
export function withoutDelayAmounts(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const fixed = text.replace(/(^|[^0-9])(0*)8(?=[^0-9]|$)/g, '$1$29');
  return fixed === text ? bytes : Buffer.from(fixed, 'latin1');
}
