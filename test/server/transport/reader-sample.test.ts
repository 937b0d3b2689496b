import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { captureSwipe } from '../../drivers/readers/helpers/reader-captures.ts';
import { admin } from '../helpers/admin-run.ts';
import { call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import samples from '../../fixtures/readers/reader_samples.json' with { type: 'json' };

// Known answer: the ID TECH SecureMag user manual's Security Level 3 example capture (80096504-001
// Rev L §10.7.1, original encryption format, factory masking), sent byte for byte as a reader
// wrote it. Its card expired in September 2008, so the service runs on a clock of June 2008. Its
// card number, 4266841088889999, fails the Luhn check (its Luhn sum is 8 mod 10), so once the
// capture passes every reader check the service refuses the number itself, as it refuses any
// number that fails the check digit (docs/test-cards.md); the same reader output for a card of
// the catalogue, written by the simulator at the same factory settings, is approved.
const sample = samples.idtechSecureMagLevel3Original;
const luhnRefusal = {
  code: 'DENY',
  msoft_code: 'DATA_INVALIDFIELD',
  verbiage: 'account: fails the Luhn check digit',
};

let service: TestServer;
let target: HttpTarget;

beforeAll(async () => {
  service = await startTestServer({ now: () => new Date('2008-06-16T15:00:00Z') });
  target = { ...service.server.tlsAddress, pin: service.server.fingerprint256 };
  const added = await admin(service.dir, [
    'add-bdk',
    sample.keySetId,
    '--type',
    'tdes',
    '--key',
    sample.bdk,
  ]);
  expect(added.code).toBe(0);
});
afterAll(() => service.stop());

async function restSale(body: Record<string, string>): Promise<[number, unknown]> {
  const answer = await call(target, {
    method: 'POST',
    path: '/api/v2/transaction/purchase',
    headers: { 'X-API-KEY-ID': service.apiKey.id, 'X-API-KEY': service.apiKey.secret },
    body,
  });
  return [answer.status, answer.json()];
}

describe("an ID TECH reader's own output, its key set registered with admin add-bdk", () => {
  it('passes framing, decryption, both SHA-1 hashes and the masked tracks on REST v2', async () => {
    expect(await restSale({ amount: '12.00', e_datafield: sample.frame })).toEqual([
      400,
      luhnRefusal,
    ]);
  });

  it('passes them on the key/value protocol with e_datafieldfmt=idtech', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('1', {
      auth_apikey_id: service.apiKey.id,
      auth_apikey_secret: service.apiKey.secret,
      action_trans: 'sale',
      amount: '13.00',
      e_datafield: sample.frame,
      e_datafieldfmt: 'idtech',
    });
    const answer = await kv.pairs('1');
    kv.close();
    expect(answer).toMatchObject(luhnRefusal);
  });

  it('is approved for a catalogue card written in the same form at the same factory masking', async () => {
    const frame = await captureSwipe('idtech-original', findCard(loadCardCatalogue(), 'amex'));
    const masked = frame.toString('latin1');
    expect(masked).toContain('%*3714*******8431^');
    expect(await restSale({ amount: '14.00', e_datafield: toHex(frame) })).toEqual([
      200,
      expect.objectContaining({
        code: 'AUTH',
        phard_code: 'SUCCESS',
        account: 'XXXXXXXXXXX8431',
        rcpt_entry_mode: 'S',
      }),
    ]);
  });
});
