import { describe, expect, it } from 'vitest';
import { call } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { useTestServer } from '../helpers/test-server.ts';

const { service, plain } = useTestServer();

const CARD = { account: '4111111111111111', expdate: '1230', amount: '10.00', zip: '32606' };
const DEMO = { username: 'test_retail:public', password: 'publ1ct3st' };

function restSale(extra: Record<string, string>) {
  const { id, secret } = service().apiKey;
  return call(plain(), {
    method: 'POST',
    path: '/api/v2/transaction/purchase',
    headers: { 'x-api-key-id': id, 'x-api-key': secret },
    body: { ...CARD, ...extra },
  });
}

describe('control characters in a REST request', () => {
  it('refuses framing bytes the key/value protocol cannot answer, storing nothing', async () => {
    const answer = await restSale({ custref: 'r\u0003x', ordernum: 'o\u001c' });
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'custref: must not hold control characters (only tab, CR and LF)',
    });
    const kv = await KvTestClient.connect(plain());
    kv.send('1', { ...DEMO, action: 'admin', admin: 'GUT' });
    const report = await kv.answer('1');
    kv.close();
    expect(report.kind).toBe('csv');
  });

  it('refuses NUL in a free-text field naming the field', async () => {
    const answer = await restSale({ comments: 'a\u0000b' });
    expect(answer.status).toBe(400);
    expect(answer.json().verbiage).toBe(
      'comments: must not hold control characters (only tab, CR and LF)',
    );
  });

  it('takes tab and line breaks in a comment, and answers its detail over key/value', async () => {
    const sale = await restSale({ comments: 'line 1\r\nline 2\tend' });
    expect(sale.status).toBe(200);
    const kv = await KvTestClient.connect(plain());
    kv.send('2', {
      ...DEMO,
      action: 'admin',
      admin: 'trandetail',
      ttid: sale.json().ttid as string,
    });
    const detail = await kv.pairs('2');
    kv.close();
    expect(detail.comments).toBe('line 1\r\nline 2\tend');
  });
});
