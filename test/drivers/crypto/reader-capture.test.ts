import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CryptoError,
  IDTECH_ENHANCED,
  IDTECH_FIELD8,
  IDTECH_FIELD9,
  ReaderDataError,
  TrackError,
  aesCbcEncrypt,
  decryptReaderCapture,
  encodeIdtechData,
  frameIdtech,
  idtechChecksum,
  idtechLrc,
  parseDecryptedTracks,
  parseHex,
  readerCaptureFormat,
  tdesCbcEncrypt,
  tdesDukptKey,
  trackLrc,
  verifiedCaptureTracks,
  zeroPad,
  type CaptureKeyUsage,
  type CaptureKeys,
} from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { FaultPlan } from '../../../drivers/sim/fault-plan.ts';
import { TEST_BDK } from '../../../drivers/sim/simulated-keys.ts';
import { captureSwipe, captureSwipes } from '../readers/helpers/reader-captures.ts';
import { caught } from './helpers/caught.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const amex = findCard(cards, 'amex');
const bdk = parseHex('bdk', TEST_BDK);

/** The host's keys from the test BDK, recording every key asked for. */
function recordingKeys(): { keys: CaptureKeys; asked: CaptureKeyUsage[] } {
  const asked: CaptureKeyUsage[] = [];
  return {
    asked,
    keys: (ksn, usage) => {
      asked.push(usage);
      return tdesDukptKey(bdk, ksn, usage);
    },
  };
}

/** Recomputes the LRC and checksum of an ID TECH frame whose card data was changed. */
function reframe(frame: Buffer): Buffer {
  return frameIdtech(frame.subarray(3, frame.length - 3));
}

describe('reader capture format recognised from the bytes', () => {
  it('tells an ID TECH frame (either format) from a MagTek report (with or without report ID)', async () => {
    const idtech = await captureSwipe('idtech-enhanced', visa);
    const original = await captureSwipe('idtech-original', visa);
    const magtek = await captureSwipe('magtek', visa);
    expect(readerCaptureFormat(idtech)).toBe('idtech');
    expect(readerCaptureFormat(original)).toBe('idtech');
    expect(readerCaptureFormat(magtek)).toBe('magtek');
    expect(readerCaptureFormat(Buffer.concat([Buffer.of(0), magtek]))).toBe('magtek');
    expect(readerCaptureFormat(idtech.subarray(0, -1))).toBeUndefined();
    expect(readerCaptureFormat(Buffer.from('%B4111?', 'latin1'))).toBeUndefined();
  });
});

describe('decryptReaderCapture and verifiedCaptureTracks', () => {
  it.each(['magtek', 'idtech-enhanced', 'idtech-original'] as const)(
    'reads %s tracks 1 and 2 of a simulated swipe, hashes checked where sent',
    async (reader) => {
      const raw = await captureSwipe(reader, visa);
      const { keys, asked } = recordingKeys();
      const format = reader === 'magtek' ? 'magtek' : 'idtech';
      const capture = decryptReaderCapture(format, raw, keys);
      expect(asked).toEqual([format === 'magtek' ? 'pin' : 'data-request']);
      expect(capture.ksn.toString('hex').toUpperCase()).toBe('FFFF9876543210E00001');
      expect(capture.tracks.map((t) => [t.track, t.hash])).toEqual(
        format === 'magtek'
          ? [
              [1, 'not sent'],
              [2, 'not sent'],
            ]
          : [
              [1, 'match'],
              [2, 'match'],
            ],
      );
      const tracks = verifiedCaptureTracks(capture);
      expect(tracks.map((t) => t.data.pan)).toEqual([visa.pan, visa.pan]);
      expect(tracks[0]?.data.name).toBe(visa.cardholderName);
      expect(tracks[1]?.data.expiry).toBe(visa.expiry);
    },
  );

  it('checks LRC then checksum before asking for a key: a failing frame is never decrypted', async () => {
    const raw = await captureSwipe('idtech-enhanced', visa);
    const badLrc = Buffer.from(raw);
    badLrc[raw.length - 3] = (badLrc[raw.length - 3] ?? 0) ^ 1;
    const badSum = Buffer.from(raw);
    badSum[raw.length - 2] = (badSum[raw.length - 2] ?? 0) ^ 1;
    for (const [bytes, rule, field] of [
      [badLrc, 'idtech.lrc', 'lrc'],
      [badSum, 'idtech.checksum', 'checksum'],
    ] as const) {
      const { keys, asked } = recordingKeys();
      const error = caught(ReaderDataError, () => decryptReaderCapture('idtech', bytes, keys));
      expect({ rule: error.rule, field: error.field, check: error.check }).toEqual({
        rule,
        field,
        check: 'integrity',
      });
      expect(asked).toEqual([]);
    }
    const cut = caught(ReaderDataError, () =>
      decryptReaderCapture('idtech', raw.subarray(0, 40), recordingKeys().keys),
    );
    expect(cut.rule).toBe('idtech.frame');
  });

  it('refuses a track whose SHA-1 does not match, a masked track that disagrees, and a wrong key', async () => {
    const raw = await captureSwipe('idtech-enhanced', visa);
    const hashAt = raw.length - 3 - 10 - 10 - 20;
    const tampered = Buffer.from(raw);
    tampered[hashAt] = (tampered[hashAt] ?? 0) ^ 0xff;
    const hashed = decryptReaderCapture('idtech', reframe(tampered), recordingKeys().keys);
    expect(hashed.tracks.map((t) => t.hash)).toEqual(['match', 'mismatch']);
    const mismatch = caught(ReaderDataError, () => verifiedCaptureTracks(hashed));
    expect([mismatch.rule, mismatch.field]).toEqual(['capture.hash', 'hash2']);

    const masked = Buffer.from(raw);
    const lastFourAt = raw.indexOf('1111^', 0, 'latin1');
    masked.write('2222', lastFourAt, 'latin1');
    const wrongMask = decryptReaderCapture('idtech', reframe(masked), recordingKeys().keys);
    expect(caught(ReaderDataError, () => verifiedCaptureTracks(wrongMask)).rule).toBe(
      'capture.masked',
    );

    const otherBdk = parseHex('bdk', 'FEDCBA9876543210F1F1F1F1F1F1F1F1');
    const wrongKey = decryptReaderCapture('idtech', raw, (ksn, usage) =>
      tdesDukptKey(otherBdk, ksn, usage),
    );
    expect(wrongKey.tracks.every((t) => t.clear === undefined)).toBe(true);
    const error = caught(ReaderDataError, () => verifiedCaptureTracks(wrongKey));
    expect([error.rule, error.field]).toEqual(['capture.decrypt', 'track1']);
    expect(error.message).not.toContain(visa.pan);
  });

  it.each(['magtek', 'idtech-enhanced', 'idtech-original'] as const)(
    'stops at a %s reader past DUKPT end of life without deriving a key',
    async (reader) => {
      const faults = new FaultPlan().arm('exhausted');
      const [, spent] = await captureSwipes(reader, visa, 2, { faults });
      const { keys, asked } = recordingKeys();
      const format = reader === 'magtek' ? 'magtek' : 'idtech';
      const error = caught(CryptoError, () =>
        decryptReaderCapture(format, spent ?? Buffer.alloc(0), keys),
      );
      expect(error.code).toBe('KEY_EXHAUSTED');
      expect(asked).toEqual([]);
    },
  );

  it('decrypts AES-mode and PIN-key-mode ID TECH frames under the key field 8 names', () => {
    const ksn = parseHex('ksn', 'FFFF9876543210E00003');
    const t2 = amex.track2 + trackLrc(2, amex.track2);
    const frame = (field8: number, encrypt: (plain: Buffer) => Buffer): Buffer =>
      frameIdtech(
        encodeIdtechData({
          cardType: IDTECH_ENHANCED,
          trackStatus: 0x02,
          lengths: [0, t2.length, 0],
          maskedTracks: ['', '', ''],
          encryptedTracks: [Buffer.alloc(0), encrypt(Buffer.from(t2, 'latin1')), Buffer.alloc(0)],
          hashes: [
            Buffer.alloc(0),
            createHash('sha1').update(t2, 'latin1').digest(),
            Buffer.alloc(0),
          ],
          serial: Buffer.alloc(0),
          ksn,
          field8,
          field9: IDTECH_FIELD9.encrypted[1] | IDTECH_FIELD9.hashed[1] | IDTECH_FIELD9.ksn,
        }),
      );
    const aes = frame(IDTECH_FIELD8.aes, (plain) =>
      aesCbcEncrypt(tdesDukptKey(bdk, ksn, 'data-request'), zeroPad(plain, 16)),
    );
    const { keys: aesKeys, asked: aesAsked } = recordingKeys();
    const [aesTrack] = verifiedCaptureTracks(decryptReaderCapture('idtech', aes, aesKeys));
    expect([aesTrack?.data.pan, aesAsked]).toEqual([amex.pan, ['data-request']]);

    const pinKey = frame(IDTECH_FIELD8.pinKey, (plain) =>
      tdesCbcEncrypt(tdesDukptKey(bdk, ksn, 'pin'), zeroPad(plain, 8)),
    );
    const { keys: pinKeys, asked: pinAsked } = recordingKeys();
    const [pinTrack] = verifiedCaptureTracks(decryptReaderCapture('idtech', pinKey, pinKeys));
    expect([pinTrack?.data.pan, pinAsked]).toEqual([amex.pan, ['pin']]);
    expect(idtechLrc(Buffer.of(1, 2))).toBe(3);
    expect(idtechChecksum(Buffer.of(0xff, 2))).toBe(1);
  });
});

describe('parseDecryptedTracks', () => {
  const t1 = visa.track1;
  const t2 = visa.track2;

  it('reads one or two tracks, with or without LRC characters, ignoring zero padding', () => {
    const both = `${t1}${trackLrc(1, t1)}${t2}${trackLrc(2, t2)}`;
    for (const text of [both, `${t1}${t2}`, t2, `${t2}${trackLrc(2, t2)}`]) {
      const tracks = parseDecryptedTracks(zeroPad(Buffer.from(text, 'latin1'), 8), 'e_trackdata');
      expect(tracks.at(-1)?.data.pan).toBe(visa.pan);
    }
  });

  it('takes an LRC equal to the next start sentinel either way', () => {
    const pan = '4000000000000002';
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /.';
    const names = [...letters].flatMap((a) => [...letters].map((b) => `X${a}${b}`));
    const found = names
      .map((name) => `%B${pan}^${name}^3012201?`)
      .find((text) => trackLrc(1, text) === ';');
    expect(found).toBeDefined();
    const second = `;${pan}=3012201?`;
    for (const text of [`${found}${second}`, `${found};${second}`]) {
      const tracks = parseDecryptedTracks(Buffer.from(text, 'latin1'), 'e_trackdata');
      expect(tracks.map((t) => t.track)).toEqual([1, 2]);
    }
  });

  it('refuses noise, a track twice and tracks of two cards, naming the field only', () => {
    const cases: [Buffer, string][] = [
      [Buffer.from([0x9c, 0x11, 0x42, 0x00]), 'tracks.unreadable'],
      [Buffer.from(`${t2}${t2}`, 'latin1'), 'tracks.duplicate'],
      [Buffer.from(`${t1}${amex.track2}`, 'latin1'), 'tracks.pan-mismatch'],
      [Buffer.from(`${t2}xyz`, 'latin1'), 'tracks.unreadable'],
    ];
    for (const [plain, rule] of cases) {
      const error = caught(TrackError, () => parseDecryptedTracks(plain, 'e_trackdata'));
      expect([error.field, error.rule]).toEqual(['e_trackdata', rule]);
      expect(error.message).not.toContain(visa.pan);
    }
    expect(caught(CryptoError, () => parseDecryptedTracks(Buffer.alloc(8), 'x')).code).toBe(
      'MALFORMED',
    );
  });
});
