import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT, crypto } from './helpers/crypto-cli-run.ts';

const TDES_BDK = '0123456789ABCDEFFEDCBA9876543210';
const AES128_BDK = 'FEDCBA9876543210F1F1F1F1F1F1F1F1';
const AES256_BDK = AES128_BDK.repeat(2);
const KSN1 = 'FFFF9876543210E00001';
const AES_KSN1 = '123456789012345600000001';

async function value(...args: string[]): Promise<string> {
  const run = await crypto(...args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout.trimEnd();
}

describe('crypto CLI: one value on stdout', () => {
  it('ipek: TDES IPEK and AES initial keys', async () => {
    expect(await value('ipek', '--bdk', TDES_BDK, '--ksn', 'FFFF9876543210E00000')).toBe(
      '6AC292FAA1315B4D858AB3A3D7D5933A',
    );
    expect(await value('ipek', '--aes128', '--bdk', AES128_BDK, '--ksn', '1234567890123456')).toBe(
      '1273671EA26AC29AFA4D1084127652A1',
    );
    expect(await value('ipek', '--aes256', '--bdk', AES256_BDK, '--ksn', AES_KSN1)).toBe(
      'CE9CE0C101D1138F97FB6CAD4DF045A7083D4EAE2D35A31789D01CCF0949550F',
    );
  });

  it('key: TDES variants and AES working keys by usage and type', async () => {
    expect(await value('key', '--bdk', TDES_BDK, '--ksn', KSN1, '--usage', 'data-request')).toBe(
      '448D3F076D8304036A55A3D7E0055A78',
    );
    expect(
      await value('key', '--bdk', TDES_BDK.toLowerCase(), '--ksn', KSN1, '--usage', 'mac-response'),
    ).toBe('042666B46E84CFA368DE96282F397BC9');
    expect(
      await value(
        'key',
        '--aes128',
        '--bdk',
        AES128_BDK,
        '--ksn',
        AES_KSN1,
        '--usage',
        'mac-verify',
      ),
    ).toBe('DBB463945B286C07CD3AD82EE96FD9C9');
    const args = [
      '--aes256',
      '--bdk',
      AES256_BDK,
      '--ksn',
      AES_KSN1,
      '--usage',
      'pin',
      '--key-type',
      'aes128',
    ];
    expect(await value('key', ...args)).toBe('09C9C432966811D6B2C3336BAC1B1202');
  });

  it('pinblock: build, build with a fill and a key, parse', async () => {
    expect(
      await value('pinblock', '--format', '0', '--pin', '1234', '--pan', '4012345678909'),
    ).toBe('041274EDCBA9876F');
    expect(await value('pinblock', '--format', '1', '--pin', '123456', '--fill', '6ABCFDE1')).toBe(
      '161234566ABCFDE1',
    );
    const iso4 = [
      '--format',
      '4',
      '--pin',
      '1234',
      '--pan',
      '1234567890123456789',
      '--fill',
      'F'.repeat(16),
    ];
    const key = ['--key', '00112233445566778899AABBCCDDEEFF'];
    expect(await value('pinblock', ...iso4, ...key)).toBe('28B41FDDD29B743E93124BD8E32D921E');
    expect(
      await value(
        'pinblock',
        '--parse',
        '041274EDCBA9876F',
        '--format',
        '0',
        '--pan',
        '4012345678909',
      ),
    ).toBe('1234');
    const ep2 = [
      '--parse',
      'CC17F65586BFD0953010226C4FC5B3CA',
      '--format',
      '4',
      '--pan',
      '432198765432109870',
    ];
    expect(await value('pinblock', ...ep2, '--key', 'C1D0F8FB4958670DBA40AB1F3752EF0D')).toBe(
      '1234',
    );
  });

  it('encrypt-pin: the PIN block a TDES or AES DUKPT PIN pad sends', async () => {
    const tdes = ['--bdk', TDES_BDK, '--ksn', KSN1, '--pin', '1234', '--pan', '4012345678909'];
    expect(await value('encrypt-pin', ...tdes)).toBe('1B9C1845EB993A7A');
    const aes = [
      '--aes128',
      '--bdk',
      AES128_BDK,
      '--ksn',
      AES_KSN1,
      '--pin',
      '1234',
      '--pan',
      '4111111111111111',
    ];
    expect(await value('encrypt-pin', ...aes, '--fill', '2F69ADDE2E9E7ACE')).toBe(
      'A912150391AB65A67E52883D81CE2D15',
    );
  });

  it('decrypt: TDES-CBC with a zero IV under the data-request key', async () => {
    const data = 'FC0D53B7EA1FDA9EE68AAF2E70D9B9506229BE2AA993F04F';
    const clear = await value(
      'decrypt',
      '--bdk',
      TDES_BDK,
      '--ksn',
      KSN1,
      '--usage',
      'data-request',
      '--data',
      data,
    );
    expect(Buffer.from(clear, 'hex').toString('ascii').replace(/\0+$/, '')).toBe(
      '4012345678909D987',
    );
  });
});

describe('crypto CLI: one JSON document on stdout', () => {
  it('tlv: the tree with tag names, card data masked', async () => {
    const run = await crypto('tlv', '9F2608C49EDC5F41B0A4C8700A5A084761739001010010');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      { tag: '9F26', name: 'Application Cryptogram', length: 8, value: 'C49EDC5F41B0A4C8' },
      {
        tag: '70',
        name: 'READ RECORD Response Message Template',
        length: 10,
        children: [
          {
            tag: '5A',
            name: 'Application Primary Account Number (PAN)',
            length: 8,
            value: 'XXXXXXXXXXXX0010',
            masked: true,
          },
        ],
      },
    ]);
    expect(run.stdout).not.toContain('47617390');
  });

  it('card: Luhn, brand and masked form, never the PAN', async () => {
    const run = await crypto('card', '378282246310005');
    expect(JSON.parse(run.stdout)).toEqual({
      masked: 'XXXXXXXXXXX0005',
      lastFour: '0005',
      length: 15,
      luhn: true,
      brand: { code: 'AMEX', name: 'American Express' },
      lengthValid: true,
    });
    expect(run.stdout).not.toContain('3782822463');
  });
});

describe('crypto CLI: errors on stderr with a non-zero exit', () => {
  it.each([
    [['ipek', '--bdk', 'XYZ', '--ksn', KSN1], 1, 'bdk: must be hex digits'],
    [['ipek', '--bdk', TDES_BDK, '--ksn', 'FFFF98'], 1, 'ksn: must be 8 or 10 bytes'],
    [
      ['key', '--bdk', TDES_BDK, '--ksn', 'FFFF9876543210E007FF', '--usage', 'pin'],
      1,
      'more than 10 one-bits',
    ],
    [['key', '--bdk', TDES_BDK, '--ksn', KSN1, '--usage', 'mac'], 2, '--usage must be one of'],
    [['key', '--bdk', TDES_BDK, '--ksn', KSN1], 2, '--usage is required'],
    [
      ['key', '--bdk', TDES_BDK, '--ksn', KSN1, '--usage', 'pin', '--key-type', 'aes128'],
      2,
      'AES DUKPT only',
    ],
    [
      ['ipek', '--aes128', '--aes256', '--bdk', AES128_BDK, '--ksn', AES_KSN1],
      2,
      'exclude each other',
    ],
    [
      ['pinblock', '--parse', '041274EDCBA9876F', '--format', '3', '--pan', '4012345678909'],
      1,
      'pinBlock: the control',
    ],
    [
      ['decrypt', '--bdk', TDES_BDK, '--ksn', KSN1, '--usage', 'pin', '--data', 'ABCD'],
      1,
      'whole number of 8-byte',
    ],
    [['tlv', '9C8200'], 1, 'tlv: a long-form length runs past the end (at byte 1)'],
    [['tlv'], 2, 'expected HEX'],
    [['nope'], 2, 'unknown command "nope"'],
    [[], 2, 'usage: npm run -s crypto'],
  ])('%j exits %i', async (args, code, message) => {
    const run = await crypto(...args);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });

  it.each([
    [['card', '41111111111111x1']],
    [['card', '--pan', '4111111111111111']],
    [['ipek', '--bdk', TDES_BDK, '--ksn', KSN1, '4111111111111111']],
    [['pinblock', '--format', '0', '--pin', '98765', '--pan', '4111111111111111x']],
    [['4111111111111111']],
  ])('never echoes card data: %j', async (args) => {
    const run = await crypto(...args);
    expect(run.code).toBeGreaterThan(0);
    expect(run.stderr).not.toMatch(/411111|98765/);
  });

  it('prints the synopsis of every command on help', async () => {
    const help = await value('help');
    for (const name of [
      'ipek',
      'key',
      'pinblock',
      'encrypt-pin',
      'decrypt',
      'tlv',
      'card',
      'arqc',
      'arpc',
    ]) {
      expect(help).toContain(`crypto ${name} `);
    }
  });

  it('answers through the package script', async () => {
    const run = await new Promise<string>((resolve) => {
      execFile(
        'npm',
        ['run', '-s', 'crypto', '--', 'card', '5555555555554444'],
        { cwd: ROOT },
        (_e, stdout) => resolve(stdout),
      );
    });
    expect(JSON.parse(run)).toMatchObject({ brand: { code: 'MC' }, masked: 'XXXXXXXXXXXX4444' });
  });
});
