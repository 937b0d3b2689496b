// Test helper: card-present request data built as the devices build it, under the published
// X9.24 test keys (TDES BDK 0123…3210, key set FFFF987654; AES-128 BDK FEDC…F1F1, BDK ID 12345678).
import {
  EmvCardKeys,
  PROFILE_TAGS,
  aesCbcEncrypt,
  aesDukptKey,
  aesKsn,
  buildPinBlock,
  decodeTlv,
  encodeTlv,
  encryptPinBlockAes,
  encryptPinBlockTdes,
  findTlv,
  issuerKeysFor,
  loadIssuerKeys,
  parseHex,
  tdesCbcEncrypt,
  tdesDukptKey,
  tdesKsnWithCounter,
  toHex,
  trackLrc,
  zeroPad,
  type PinBlockFormat,
  type TdesKeyUsage,
  type TlvNode,
} from '../../../drivers/crypto/index.ts';
import type { TestCard } from '../../../drivers/sim/card-catalogue.ts';
import {
  FIRST_AC_CVR,
  issuerApplicationData,
} from '../../../drivers/sim/card-verification-results.ts';
import { seedDemoBdks } from '../../../server/engine/entry/demo-bdks.ts';
import { BdkRegistry } from '../../../server/engine/entry/bdk-registry.ts';
import type { ServiceStore } from '../../../server/store/service-store.ts';
import { CardVault } from '../../../server/vault/index.ts';

/** The ANSI X9.24-1 TDES test BDK and the simulators' initial KSN (key set FFFF987654). */
export const TDES_BDK = parseHex('bdk', '0123456789ABCDEFFEDCBA9876543210');
const TDES_INITIAL_KSN = parseHex('ksn', 'FFFF9876543210E00000');
/** The ANSI X9.24-3 AES-128 test BDK and its initial key ID (BDK ID 12345678). */
export const AES_BDK = parseHex('bdk', 'FEDCBA9876543210F1F1F1F1F1F1F1F1');
const AES_INITIAL_KEY_ID = parseHex('ikid', '1234567890123456');

/** Registers the demo service's test keys in the store of a data directory (as --demo does). */
export async function withDemoKeys<F extends { store: ServiceStore; dir: string }>(
  fixture: F,
): Promise<F> {
  await seedDemoBdks(new BdkRegistry(fixture.store.bdks, CardVault.open(fixture.dir)), 0);
  return fixture;
}

/** The TDES KSN of `counter` (1, 2, …) on the simulators' key set, 20 hex digits. */
export function tdesKsn(counter: number): string {
  return toHex(tdesKsnWithCounter(TDES_INITIAL_KSN, counter));
}

/** The AES KSN of `counter` on the X9.24-3 test initial key ID, 24 hex digits. */
export function aesKsnHex(counter: number): string {
  return toHex(aesKsn(AES_INITIAL_KEY_ID, counter));
}

/** A TDES DUKPT working key of the test BDK. */
export function tdesKey(ksn: string, usage: TdesKeyUsage): Buffer {
  return tdesDukptKey(TDES_BDK, parseHex('ksn', ksn), usage);
}

/** e_trackdata: the card's tracks (with LRCs, as ID TECH encrypts them) under a TDES variant. */
export function encryptedTracks(card: TestCard, ksn: string, usage: TdesKeyUsage): string {
  const text = `${card.track1}${trackLrc(1, card.track1)}${card.track2}${trackLrc(2, card.track2)}`;
  return toHex(tdesCbcEncrypt(tdesKey(ksn, usage), zeroPad(Buffer.from(text, 'latin1'), 8)));
}

/** e_trackdata of track 2 alone under the AES data key of an AES KSN. */
export function aesEncryptedTrack2(card: TestCard, ksn: string): string {
  const key = aesDukptKey(AES_BDK, parseHex('ksn', ksn), 'data-encrypt');
  return toHex(aesCbcEncrypt(key, zeroPad(Buffer.from(card.track2, 'latin1'), 16)));
}

/** e_account: the card number keyed on a PIN pad, under the TDES data variant. */
export function encryptedAccount(pan: string, ksn: string): string {
  return toHex(
    tdesCbcEncrypt(tdesKey(ksn, 'data-request'), zeroPad(Buffer.from(pan, 'latin1'), 8)),
  );
}

/** A TDES DUKPT PIN block of format 0, 1 or 3, as a PIN pad sends it. */
export function tdesPinBlock(
  format: Exclude<PinBlockFormat, 2 | 4>,
  pin: string,
  pan: string,
  ksn: string,
): string {
  return toHex(encryptPinBlockTdes(tdesKey(ksn, 'pin'), buildPinBlock(format, pin, pan)));
}

/** An AES DUKPT format 4 PIN block. */
export function aesPinBlock(pin: string, pan: string, ksn: string): string {
  const key = aesDukptKey(AES_BDK, parseHex('ksn', ksn), 'pin');
  return toHex(encryptPinBlockAes(key, buildPinBlock(4, pin), pan));
}

const tlv = (tag: string, value: string | Buffer): TlvNode => ({
  tag,
  value: typeof value === 'string' ? Buffer.from(value, 'hex') : value,
});

/** How the chip data is laid out: the LaneTerm NGA profile (card tags encrypted), or in the clear. */
export interface IccOptions {
  /** A cryptogram its issuer's keys do not give (one bit changed), as a counterfeit card sends. */
  wrongCryptogram?: boolean;
  contactless?: boolean;
  /** Card tags 5A/57/5F20 in the clear instead of encrypted in DFEE13. */
  clear?: boolean;
  /** 9F27: 80 ARQC (default), 40 TC, 00 AAC. */
  cid?: string;
  /** 95, default 0000008000. */
  tvr?: string;
  /** The KSN counter of the encrypted card tags. */
  counter?: number;
  /** Leave out tags, e.g. ['9F26']. */
  without?: string[];
}

/** Terminal data of every chip read here: amount other, US country and dollars, date, UN. */
const TERMINAL = {
  '9F03': '000000000000',
  '9F1A': '0840',
  '5F2A': '0840',
  '9A': '250615',
  '9C': '00',
  '9F37': 'CAFEBABE',
};
const ISSUER_KEYS = loadIssuerKeys();

/**
 * The IAD and cryptogram of a chip read: for a card whose BIN has issuer keys (resources/
 * issuer-keys.json), the IAD its CVN writes and the ARQC its keys give over the data (as the
 * simulated chip computes them); for any other card a Visa CVN 10 IAD and a fixed cryptogram
 * no issuer here verifies.
 */
function cryptogramOf(card: TestCard, psn: string, data: Record<string, string>): [string, string] {
  const issuer = issuerKeysFor(ISSUER_KEYS, card.pan);
  if (issuer === undefined) return ['06010A03A00000', '1A2B3C4D5E6F7081'];
  const iad = toHex(issuerApplicationData(issuer.version, FIRST_AC_CVR));
  const tags: Record<string, string> = { ...data, '9F10': iad, '5F34': psn };
  const keys = new EmvCardKeys(issuer, card.pan, psn);
  const arqc = keys.applicationCryptogram((tag) => {
    const value = tags[tag];
    return value === undefined ? undefined : Buffer.from(value, 'hex');
  });
  return [iad, toHex(arqc)];
}

/** EMV data of a chip or tap as an EMV reader sends it (docs/devices.md, NGA reader profile). */
export function iccOf(card: TestCard, amountMinor: number, options: IccOptions = {}): string {
  const emv = card.emv ?? { aid: 'A0000000031010', label: 'CARD', panSequence: '01' };
  const pan = card.pan.length % 2 === 0 ? card.pan : `${card.pan}F`;
  const track2 = `${card.pan}D${card.expiry}${card.serviceCode}1000000`;
  const secret = [
    tlv('5A', pan),
    tlv('57', track2.length % 2 === 0 ? track2 : `${track2}F`),
    tlv('5F20', Buffer.from(card.cardholderName, 'latin1')),
  ];
  const ksn = tdesKsn(options.counter ?? 7);
  const encrypted = tdesCbcEncrypt(tdesKey(ksn, 'data-request'), zeroPad(encodeTlv(secret), 8));
  const data = {
    ...TERMINAL,
    '9F02': String(amountMinor).padStart(12, '0'),
    '95': options.tvr ?? '0000008000',
    '82': '1980',
    '9F36': '0007',
  };
  const [iad, arqc] = cryptogramOf(card, emv.panSequence, data);
  const cryptogram =
    options.wrongCryptogram === true ? `${arqc.slice(0, 15)}${arqc[15] === '0' ? '1' : '0'}` : arqc;
  const nodes = [
    tlv('4F', emv.aid),
    tlv('50', Buffer.from(emv.label, 'latin1')),
    tlv('5F24', `${card.expiry}31`),
    tlv('5F34', emv.panSequence),
    tlv('84', emv.aid),
    ...Object.entries(data).map(([tag, value]) => tlv(tag, value)),
    tlv('9B', 'E800'),
    tlv('9F10', iad),
    tlv('9F26', cryptogram),
    tlv('9F27', options.cid ?? '80'),
    tlv('9F34', options.contactless === true ? '1F0302' : '420300'),
    tlv('9F39', options.contactless === true ? '07' : '05'),
    ...(options.contactless === true ? [tlv('9F6E', '20700000')] : []),
    ...(options.clear === true
      ? secret
      : [
          tlv(PROFILE_TAGS.ksn, ksn),
          tlv(PROFILE_TAGS.encryptedTags, encrypted),
          tlv(
            PROFILE_TAGS.maskedPan,
            Buffer.from(`${card.pan.slice(0, 6)}******${card.pan.slice(-4)}`),
          ),
        ]),
  ].filter((node) => !(options.without ?? []).includes(node.tag));
  return toHex(encodeTlv(nodes));
}

/** The cryptogram (9F26) an icc carries, uppercase hex. */
export function iccCryptogram(icc: string): string {
  return toHex(findTlv(decodeTlv(parseHex('icc', icc)), '9F26')?.value ?? Buffer.alloc(0));
}

/**
 * A gift card as the device simulators hold a catalogue card: stripe tracks (no expiry that
 * matters: gift cards do not expire, docs/protocol.md), no chip application of its own (iccOf
 * then reads it as a generic chip), and its plain PIN.
 */
export function giftTestCard(pan: string, pin = '1234'): TestCard {
  return {
    id: 'gift',
    description: 'gift card of the merchant',
    brand: 'GIFT',
    pan,
    cardholderName: 'GIFT CARD',
    expiry: '4912',
    serviceCode: '120',
    pin,
    track1: `%B${pan}^GIFT CARD^4912120000000?`,
    track2: `;${pan}=4912120000000?`,
    emv: null,
    source: 'test data',
  };
}
