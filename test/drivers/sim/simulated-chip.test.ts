import { describe, expect, it } from 'vitest';
import {
  decodeTlv,
  emvTagReader,
  findTlv,
  iadFields,
  toHex,
  type TlvNode,
} from '../../../drivers/crypto/index.ts';
import { secondGenerateAc } from '../../../drivers/sim/emv-card-completion.ts';
import { NO_FAULT, chipOnline } from './helpers/chip-online.ts';

const tag = (nodes: readonly TlvNode[], name: string): string =>
  toHex(findTlv(nodes, name)?.value ?? Buffer.alloc(0));

/** A PIN UNBLOCK script in template `template` whose MAC the chip's issuer computed (or not). */
function script(template: '71' | '72', mac: Buffer): TlvNode {
  return {
    tag: template,
    value: Buffer.alloc(0),
    children: [
      { tag: '9F18', value: Buffer.from('00000001', 'hex') },
      { tag: '86', value: Buffer.concat([Buffer.from('8424000008', 'hex'), mac]) },
    ],
  };
}

describe('the simulated chip computes real cryptograms with its issuer keys', () => {
  it.each(['visa', 'visa-stripe', 'visa-debit', 'mc', 'mc-2series'])(
    '%s: its ARQC is the one its issuer keys give, over the IAD its CVN writes',
    (id) => {
      const { chip, pending } = chipOnline(id, 2000);
      const online = pending();
      const tags = (t: string) => online.transaction.tags.get(t);
      expect(online.transaction.arqc).toEqual(chip.keys.applicationCryptogram(tags));
      const iad = online.transaction.tags.get('9F10') ?? Buffer.alloc(0);
      expect(iadFields(chip.keys.version.scheme, iad)?.cvnByte).toBe(chip.keys.version.iadByte);
      const next = pending();
      expect(next.transaction.tags.get('9F36')).toEqual(Buffer.from('0002', 'hex'));
      expect(next.transaction.arqc).not.toEqual(online.transaction.arqc);
    },
  );

  it.each(['visa', 'visa-stripe', 'mc'])(
    '%s: a verified ARPC gives a TC that verifies, with issuer authentication recorded',
    (id) => {
      const { chip, pending, hostData } = chipOnline(id, 2000);
      const online = pending();
      const first = new Map(online.transaction.tags);
      const final = decodeTlv(secondGenerateAc(online, hostData('00'), NO_FAULT));
      expect([tag(final, '9F27'), tag(final, '9B'), tag(final, '95')]).toEqual([
        '40',
        'F800',
        '0000008000',
      ]);
      const sent = emvTagReader(final);
      const tc = chip.keys.applicationCryptogram((t) =>
        t === '95' || t === '9F10' ? sent(t) : first.get(t),
      );
      expect(tag(final, '9F26')).toBe(toHex(tc));
      expect(tag(final, '9F10')).not.toBe(toHex(first.get('9F10') ?? Buffer.alloc(0)));
      expect(online.transaction.cvr).toMatchObject({
        secondAc: 'TC',
        issuerAuthenticationPerformed: true,
        issuerAuthenticationFailed: false,
      });
    },
  );

  it.each(['visa', 'visa-stripe', 'visa-debit', 'mc', 'mc-2series'])(
    '%s: an ARPC that does not verify makes the card decline, TVR and CVR saying so',
    (id) => {
      const { pending, hostData } = chipOnline(id, 2000);
      const online = pending();
      const final = decodeTlv(
        secondGenerateAc(online, hostData('00'), { ...NO_FAULT, arpcAltered: true }),
      );
      expect([tag(final, '9F27'), tag(final, '95')]).toEqual(['00', '0000008040']);
      expect(online.transaction.cvr).toMatchObject({
        secondAc: 'AAC',
        issuerAuthenticationFailed: true,
      });
    },
  );

  it('runs issuer scripts whose MAC verifies, and reports one that does not', () => {
    const { chip, pending, hostData } = chipOnline('visa-stripe', 771);
    const online = pending();
    const tags = (t: string) => online.transaction.tags.get(t);
    const mac = chip.keys.scriptMac(
      Buffer.from('8424000008', 'hex'),
      Buffer.alloc(0),
      tags,
      online.transaction.arqc,
    );
    const good = decodeTlv(secondGenerateAc(online, hostData('00', [script('71', mac)]), NO_FAULT));
    expect([tag(good, '9F5B'), tag(good, '9B'), tag(good, '9F27')]).toEqual([
      '2000000001',
      'FC00',
      '40',
    ]);
    expect(online.transaction.cvr.scriptCommands).toBe(1);
    const again = pending();
    const forged = Buffer.from(mac);
    forged[7] = (forged[7] ?? 0) ^ 1;
    const bad = decodeTlv(
      secondGenerateAc(again, hostData('00', [script('72', forged)]), NO_FAULT),
    );
    expect([tag(bad, '9F5B'), tag(bad, '95').slice(-2)]).toEqual(['1100000001', '10']);
    expect(again.transaction.cvr.scriptFailed).toBe(true);
  });
});
