import { describe, expect, it } from 'vitest';
import { encodeTlv, toHex } from '../../../drivers/crypto/index.ts';
import hsm from '../../fixtures/vectors/emv_cvn_hsm.json' with { type: 'json' };
import { crypto } from './helpers/crypto-cli-run.ts';

// Known answers of knovichikhin/pyemv tests/test_cvn_hsm.py (values an HSM produced), copied in
// test/fixtures/vectors/emv_cvn_hsm.json.
const TEN = hsm.visaCvn10;
const EIGHTEEN = hsm.visaCvn18;

/** The chip data of the vectors with an IAD and, when given, the cryptogram sent. */
function icc(iad: string, arqc?: string): string {
  const tags: Record<string, string> = { ...hsm.visaData, '5F34': hsm.psn, '9F10': iad };
  if (arqc !== undefined) tags['9F26'] = arqc;
  const nodes = Object.entries(tags).map(([tag, value]) => ({
    tag,
    value: Buffer.from(value, 'hex'),
  }));
  return toHex(encodeTlv(nodes));
}

/** Runs `command` for the vectors' card under the vectors' issuer keys as Visa CVN `cvn`. */
const visa = (command: 'arqc' | 'arpc', cvn: 10 | 18, iccHex: string, ...extra: string[]) =>
  crypto(
    command,
    ...['--pan', hsm.pan, '--imk', hsm.issuerKeys.imkAc, '--imk-smi', hsm.issuerKeys.imkSmi],
    ...['--scheme', 'visa', '--cvn', String(cvn), '--icc', iccHex, ...extra],
  );

describe('crypto arqc and arpc: cryptograms from the command line', () => {
  it('arqc computes Visa CVN 10 and 18 cryptograms, and checks the 9F26 the chip sent', async () => {
    const ten = await visa('arqc', 10, icc(TEN.iad));
    expect([ten.code, JSON.parse(ten.stdout)]).toEqual([
      0,
      { scheme: 'visa', cvn: 10, keys: '--imk', cryptogram: TEN.arqc },
    ]);
    const eighteen = await visa('arqc', 18, icc(EIGHTEEN.iad, EIGHTEEN.arqc));
    expect(JSON.parse(eighteen.stdout)).toMatchObject({
      cryptogram: EIGHTEEN.arqc,
      verified: true,
    });
    const wrong = await visa('arqc', 18, icc(EIGHTEEN.iad, `${EIGHTEEN.arqc.slice(0, 15)}4`));
    expect([wrong.code, wrong.stdout, wrong.stderr.trim()]).toEqual([
      1,
      '',
      `crypto arqc: 9F26: does not verify: visa CVN 18 under the keys of --imk gives ${EIGHTEEN.arqc}`,
    ]);
  });

  it('arpc answers method 1 (CVN 10) and method 2 (CVN 18), and checks a 91 as the card does', async () => {
    const ten = await visa('arpc', 10, icc(TEN.iad, TEN.arqc));
    expect(ten.stdout.trim()).toBe(`${TEN.arpcForArc3030}3030`);
    const eighteen = icc(EIGHTEEN.iad, EIGHTEEN.arqc);
    const declined = await visa('arpc', 18, eighteen, '--arc', '05');
    expect(declined.stdout.trim()).toBe(`${EIGHTEEN.arpcForCsu00000000}00000000`);
    const checked = await visa(
      'arpc',
      18,
      eighteen,
      '--check',
      `${EIGHTEEN.arpcForCsu00000000}00000000`,
    );
    expect(JSON.parse(checked.stdout)).toEqual({
      scheme: 'visa',
      cvn: 18,
      keys: '--imk',
      method: 2,
      verified: true,
      approves: false,
    });
    const forged = await visa(
      'arpc',
      18,
      eighteen,
      '--check',
      `${EIGHTEEN.arpcForCsu00000000}00800000`,
    );
    expect([forged.code, forged.stderr]).toEqual([
      1,
      expect.stringContaining('check: does not verify'),
    ]);
  });

  it("takes the issuer keys of the PAN's BIN from resources/issuer-keys.json, and names a BIN without", async () => {
    const computed = await crypto('arqc', '--pan', '4242424242424242', '--icc', icc(EIGHTEEN.iad));
    expect(JSON.parse(computed.stdout)).toMatchObject({ scheme: 'visa', cvn: 18, keys: '424242' });
    const amex = await crypto('arqc', '--pan', '371449635398431', '--icc', icc(EIGHTEEN.iad));
    expect([amex.code, amex.stderr]).toEqual([
      2,
      expect.stringContaining('no issuer keys for the BIN of --pan'),
    ]);
    expect(amex.stderr).not.toContain('371449');
  });
});
