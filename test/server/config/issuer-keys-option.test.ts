import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { parseServerArgs } from '../../../server/config/cli-options.ts';
import { iccOf } from '../helpers/card-present-data.ts';
import { call } from '../helpers/http-client.ts';
import { startTestServer } from '../helpers/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'laneterm-issuer-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the --issuer-keys option', () => {
  it('takes a file, relative to the working directory; without it the service uses resources/issuer-keys.json', () => {
    expect(parseServerArgs(['--issuer-keys', 'keys/issuers.json'])).toHaveProperty(
      'options.issuerKeysPath',
      resolve('keys/issuers.json'),
    );
    expect(parseServerArgs([])).not.toHaveProperty('options.issuerKeysPath');
  });

  it('refuses to start on a file that breaks a rule, naming the entry and field, never a key', async () => {
    const bad = join(dir, 'bad.json');
    const key = '0123456789ABCDEFFEDCBA9876543210';
    writeFileSync(
      bad,
      JSON.stringify([
        { bin: '411111', scheme: 'visa', cvn: 10, imkAc: key, imkSmi: key, imkSmc: 'XYZ' },
      ]),
    );
    const starting = startTestServer({ issuerKeysPath: bad });
    await expect(starting).rejects.toThrow('issuerKeys[0].imkSmc: must be 32 hex digits');
    await expect(starting).rejects.not.toThrow(key);
  });

  it("verifies chips by the deployment's own file: a BIN left out of it is not verified", async () => {
    const none = join(dir, 'none.json');
    writeFileSync(none, '[]');
    const service = await startTestServer({ issuerKeysPath: none });
    try {
      const visa = findCard(loadCardCatalogue(), 'visa');
      const answer = await call(
        { ...service.server.tlsAddress, pin: service.server.fingerprint256 },
        {
          method: 'POST',
          path: '/api/v2/transaction/purchase',
          headers: { 'X-API-KEY-ID': service.apiKey.id, 'X-API-KEY': service.apiKey.secret },
          body: { amount: '5.00', icc: iccOf(visa, 500, { wrongCryptogram: true }) },
        },
      );
      expect(answer.json()).toMatchObject({ code: 'AUTH', icc: '8A023030' });
    } finally {
      await service.stop();
    }
  });
});
