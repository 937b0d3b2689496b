import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../../protocol/index.ts';
import { restParams, type RestBody } from '../../../server/rest/rest-params.ts';

/** A JSON body as the content-type parser leaves it. */
function json(value: unknown, text = JSON.stringify(value)): RestBody {
  return { type: 'json', value, text };
}

/** The parts of a fastify request restParams reads. */
function request(url: string, body: RestBody, params: Record<string, string> = {}): FastifyRequest {
  return { raw: { url }, body, params } as unknown as FastifyRequest;
}

describe('restParams', () => {
  it('takes the query, then the JSON body with groups flattened, then the path, without transport keys', () => {
    const body = json({
      amount: '1.00',
      account_data: { account: '4111111111111111' },
      password: 'x',
    });
    const params = restParams(
      request('/api/v2/x/7?ordernum=a&action=sale', body, { ttid: '7' }),
      'v2',
    );
    expect(Object.entries(params)).toEqual([
      ['ordernum', 'a'],
      ['amount', '1.00'],
      ['account', '4111111111111111'],
      ['ttid', '7'],
    ]);
  });

  it('reads the query only up to a second question mark, as before', () => {
    expect({ ...restParams(request('/x?a=1?b=2', undefined), 'v1') }).toEqual({ a: '1' });
    expect({ ...restParams(request('/x', undefined), 'v1') }).toEqual({});
  });

  it('takes a form body on v1 and refuses it on v2', () => {
    const form: RestBody = { type: 'form', pairs: [['amount', '2.00']] };
    expect({ ...restParams(request('/x', form), 'v1') }).toEqual({ amount: '2.00' });
    expect(() => restParams(request('/x', form), 'v2')).toThrow(ProtocolError);
  });

  it('refuses the same key with different values from query and body, naming the key', () => {
    const body = json({ amount: '1.00' });
    expect(() => restParams(request('/x?amount=2.00', body), 'v2')).toThrow(/amount/);
  });

  it('refuses a name twice in one JSON object, which JSON.parse would have kept the last of', () => {
    const text = '{"account":"4111111111111111","amount":"12.00","amount":"99.00"}';
    const body = json(JSON.parse(text), text);
    expect(() => restParams(request('/x', body), 'v2')).toThrow(
      'amount: sent twice in one JSON object',
    );
  });
});
