import { describe, expect, it } from 'vitest';
import { encodeTlv, toHex } from '../../../drivers/crypto/index.ts';
import { crypto } from './helpers/crypto-cli-run.ts';

// Known answers of knovichikhin/pyemv tests/test_cvn_hsm.py (values an HSM produced): issuer AC
// key 0123…3210, SMI key FEDC…CDEF, PAN 1234567890123456, PSN 00, ATC 001C.
const IMK = [
  '--imk',
  '0123456789ABCDEFFEDCBA9876543210',
  '--imk-smi',
  'FEDCBA98765432100123456789ABCDEF',
];
const PAN = ['--pan', '1234567890123456'];

/** The chip data of PyEMV's Visa vectors with an IAD and, when given, the cryptogram sent. */
function icc(iad: string, arqc?: string): string {
  const t = (tag: string, value: string) => ({ tag, value: Buffer.from(value, 'hex') });
  const nodes = [
    t('9F02', '000000004000'),
    t('9F03', '000000000000'),
    t('9F1A', '0124'),
    t('95', '8000048000'),
    t('5F2A', '0124'),
    t('9A', '191105'),
    t('9C', '01'),
    t('9F37', '52BF4585'),
    t('82', '1800'),
    t('9F36', '001C'),
    t('5F34', '00'),
    t('9F10', iad),
    ...(arqc === undefined ? [] : [t('9F26', arqc)]),
  ];
  return toHex(encodeTlv(nodes));
}

describe('crypto arqc and arpc: cryptograms from the command line', () => {
  it('arqc computes Visa CVN 10 and 18 cryptograms, and checks the 9F26 the chip sent', async () => {
    const ten = await crypto(
      'arqc',
      ...PAN,
      ...IMK,
      '--scheme',
      'visa',
      '--cvn',
      '10',
      '--icc',
      icc('06010A03A06010'),
    );
    expect([ten.code, JSON.parse(ten.stdout)]).toEqual([
      0,
      { scheme: 'visa', cvn: 10, keys: '--imk', cryptogram: '29CCA15AE665FA2E' },
    ]);
    const sent = icc('06011203A0B800', '7A788EA6B8A3E733');
    const eighteen = await crypto(
      'arqc',
      ...PAN,
      ...IMK,
      '--scheme',
      'visa',
      '--cvn',
      '18',
      '--icc',
      sent,
    );
    expect(JSON.parse(eighteen.stdout)).toMatchObject({
      cryptogram: '7A788EA6B8A3E733',
      verified: true,
    });
    const wrong = await crypto(
      'arqc',
      ...PAN,
      ...IMK,
      '--scheme',
      'visa',
      '--cvn',
      '18',
      '--icc',
      icc('06011203A0B800', '7A788EA6B8A3E734'),
    );
    expect([wrong.code, wrong.stdout, wrong.stderr.trim()]).toEqual([
      1,
      '',
      'crypto arqc: 9F26: does not verify: visa CVN 18 under the keys of --imk gives 7A788EA6B8A3E733',
    ]);
  });

  it('arpc answers method 1 (CVN 10) and method 2 (CVN 18), and checks a 91 as the card does', async () => {
    const ten = await crypto(
      'arpc',
      ...PAN,
      ...IMK,
      '--scheme',
      'visa',
      '--cvn',
      '10',
      '--icc',
      icc('06010A03A06010', '29CCA15AE665FA2E'),
    );
    expect(ten.stdout.trim()).toBe('28993816AFAE4AEB3030');
    const eighteen = icc('06011203A0B800', '7A788EA6B8A3E733');
    const declined = await crypto(
      'arpc',
      ...PAN,
      ...IMK,
      '--scheme',
      'visa',
      '--cvn',
      '18',
      '--icc',
      eighteen,
      '--arc',
      '05',
    );
    expect(declined.stdout.trim()).toBe('9AF514C100000000');
    const checked = await crypto(
      'arpc',
      ...PAN,
      ...IMK,
      '--scheme',
      'visa',
      '--cvn',
      '18',
      '--icc',
      eighteen,
      '--check',
      '9AF514C100000000',
    );
    expect(JSON.parse(checked.stdout)).toEqual({
      scheme: 'visa',
      cvn: 18,
      keys: '--imk',
      method: 2,
      verified: true,
      approves: false,
    });
    const forged = await crypto(
      'arpc',
      ...PAN,
      ...IMK,
      '--scheme',
      'visa',
      '--cvn',
      '18',
      '--icc',
      eighteen,
      '--check',
      '9AF514C100800000',
    );
    expect([forged.code, forged.stderr]).toEqual([
      1,
      expect.stringContaining('check: does not verify'),
    ]);
  });

  it("takes the issuer keys of the PAN's BIN from resources/issuer-keys.json, and names a BIN without", async () => {
    const computed = await crypto(
      'arqc',
      '--pan',
      '4242424242424242',
      '--icc',
      icc('06011203A0B800'),
    );
    expect(JSON.parse(computed.stdout)).toMatchObject({ scheme: 'visa', cvn: 18, keys: '424242' });
    const amex = await crypto('arqc', '--pan', '371449635398431', '--icc', icc('06011203A0B800'));
    expect([amex.code, amex.stderr]).toEqual([
      2,
      expect.stringContaining('no issuer keys for the BIN of --pan'),
    ]);
    expect(amex.stderr).not.toContain('371449');
  });
});
