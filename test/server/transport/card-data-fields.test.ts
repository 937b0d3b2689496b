import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../durability/helpers/rest-client.ts';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-card-fields-');
let dir: string;
let server: ServerProcess;
let rest: RestClient;

beforeAll(async () => {
  dir = tempDir();
  server = await ServerProcess.start(dir, ['--log-level', 'debug']);
  rest = new RestClient(server.plainPort, server.apiKey);
});
afterAll(async () => {
  await server.stop();
});

const CARD = { account: '4111111111111111', expdate: '1230', amount: '10.00' };

/** A card number, grouped or not, or a track, in every free-text field that masks it. */
const MASKED = {
  ordernum: '4000056655665556',
  custref: '6011000990139424',
  comments: 'customer read out 5454 5454 5454 5454, then ;4012888888881881=30121010000012345?',
  cardholdername: 'JANE 3714-496353-98431',
  rcpt_user_notes: '%B6011000995500000^DOE/JANE^3012101000000000000?',
  descmerch: '3566002020140006',
  descloc: 'lane 36227206271667',
  clerkid: '2223000048400011',
  note: 'card 2223003122003222 on file',
  ref_5200828282828210: 'kept under a masked name',
};

/** Card numbers written other ways: other separators, other spaces, other scripts' digits. */
const SPELLED = {
  comments: 'read 4111.1111.1111.1111 / 5454_5454_5454_5454 and 3714 - 496353 - 98431',
  descmerch: 'card 6011,0009,9013,9424; 3566  0020  2014  0006',
  custref: '2223\u00a00000\u202f4840\u30000011 or 3622/720627/1667',
  note: '４０１２８８８８８８８８１８８１ and ٤٠٠٠ ٠٥٦٦ ٥٥٦٦ ٥٥٥٦',
};

/** What must be found nowhere: every number and track tail above, and the sale's own card. */
const SECRETS = [
  '4111111111111111',
  '4000056655665556',
  '6011000990139424',
  '5454 5454 5454 5454',
  '5454545454545454',
  '4012888888881881',
  '30121010000012345',
  '3714-496353-98431',
  '371449635398431',
  '6011000995500000',
  'DOE/JANE',
  '3012101000000000000',
  '3566002020140006',
  '36227206271667',
  '2223000048400011',
  '2223003122003222',
  '5200828282828210',
  '4242424242424242',
  '6200000000000005',
  '4012345678909',
  '6304000000000000',
  '4111.1111.1111',
  '5454_5454_5454',
  '3714 - 496353',
  '6011,0009,9013',
  '3566  0020  2014',
  '2223\u00a00000\u202f4840',
  '3622/720627',
  '４０１２８８８８８８８８',
  '٤٠٠٠ ٠٥٦٦ ٥٥٦٦',
  '4000056655665556',
  '5105105105105100',
];

/** Every byte in the data directory: database, WAL and shared-memory files, keys. */
function dataDirectoryText(): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');
}

/** A text as its UTF-8 bytes read one by one, to be found in dataDirectoryText. */
const asStored = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

describe('card data typed into fields other than the card fields', () => {
  it('is masked in free text, refused in identifiers and AVS fields, and found nowhere on disk or in the logs', async () => {
    const sale = await rest.send('POST', 'transaction/purchase', { ...CARD, ...MASKED });
    expect(sale.body).toMatchObject({ code: 'AUTH', cardholdername: 'JANE XXXX-XXXXXX-X8431' });
    const detail = await rest.send('GET', `transaction/${sale.body.ttid ?? ''}`);
    expect(detail.body).toMatchObject({
      ordernum: 'XXXXXXXXXXXX5556',
      custref: 'XXXXXXXXXXXX9424',
      comments: 'customer read out XXXX XXXX XXXX 5454, then ;XXXXXXXXXXXX1881=XXXXXXXXXXXXXXXXX?',
      descmerch: 'XXXXXXXXXXXX0006',
      descloc: 'lane XXXXXXXXXX1667',
      clerkid: 'XXXXXXXXXXXX0011',
      note: 'card XXXXXXXXXXXX3222 on file',
      ref_XXXXXXXXXXXX8210: 'kept under a masked name',
    });

    const spelled = await rest.send('POST', 'transaction/purchase', { ...CARD, ...SPELLED });
    expect(spelled.body).toMatchObject({ code: 'AUTH' });
    const spelledDetail = await rest.send('GET', `transaction/${spelled.body.ttid ?? ''}`);
    expect(spelledDetail.body).toMatchObject({
      comments: 'read XXXX.XXXX.XXXX.1111 / XXXX_XXXX_XXXX_5454 and XXXX - XXXXXX - X8431',
      descmerch: 'card XXXX,XXXX,XXXX,9424; XXXX  XXXX  XXXX  0006',
      custref: 'XXXX XXXX XXXX 0011 or XXXX/XXXXXX/1667',
      note: 'XXXXXXXXXXXX1881 and XXXX XXXX XXXX 5556',
    });

    const refused = {
      order_id: '4242424242424242',
      payment_id: '5105.1051.0510.5100',
      zip: '6200 0000 0000 0005',
      street: '4012345678909 Main St',
      cvv2: '123',
      card_pin: '1234',
    };
    for (const [field, value] of Object.entries(refused)) {
      const answer = await rest.send('POST', 'transaction/purchase', { ...CARD, [field]: value });
      expect(answer.body, field).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
      expect(answer.body.verbiage?.startsWith(`${field}: `), field).toBe(true);
    }
    const lookup = await rest.send('GET', 'transaction/order/6304000000000000/payment');
    expect(lookup.body).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });

    const kv = await KvTestClient.connect({ host: '127.0.0.1', port: server.plainPort });
    const orderId = randomUUID();
    kv.send('1', {
      action: 'sale',
      username: 'test_retail:public',
      password: 'publ1ct3st',
      ...CARD,
      order_id: orderId,
      comments: MASKED.comments,
    });
    expect(await kv.pairs('1')).toMatchObject({ code: 'AUTH', order_id: orderId });
    kv.send('2', {
      action_trans: 'admin',
      admin: 'trandetail',
      auth_apikey_id: server.apiKey.id,
      auth_apikey_secret: server.apiKey.secret,
      order_id: orderId,
    });
    expect(await kv.pairs('2')).toMatchObject({ code: 'AUTH', order_id: orderId });
    kv.close();

    const disk = dataDirectoryText();
    const logs = JSON.stringify(server.logLines());
    for (const secret of SECRETS) {
      expect(disk, `data directory holds ${secret}`).not.toContain(asStored(secret));
      expect(logs, `logs hold ${secret}`).not.toContain(secret);
    }
    expect(readdirSync(dir)).toContain('service.db-wal');
  });
});
