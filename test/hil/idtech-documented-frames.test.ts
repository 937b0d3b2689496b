// ID TECH frames as the Encrypted Data Output document (80000502-001 Rev G) lays them out, sent by
// the device end of a real pty pair (socat) to IdtechReaderDriver: optional status bytes (fields 10
// and 11) with SHA-256 track hashes, and card encode types other than ISO/ABA (81 AAMVA, 83 other).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  IDTECH_FIELD8,
  IDTECH_FIELD9,
  IDTECH_OPTIONAL_BYTES,
  decryptReaderCapture,
  frameIdtech,
  parseHex,
  tdesCbcEncrypt,
  tdesDukptKey,
  trackLrc,
  verifiedCaptureTracks,
  zeroPad,
} from '../../drivers/crypto/index.ts';
import { IdtechReaderDriver } from '../../drivers/readers/idtech-reader-driver.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { TEST_BDK } from '../../drivers/sim/simulated-keys.ts';
import { IDTECH_FACTORY_MASKING, maskTrack } from '../../drivers/sim/track-masking.ts';
import { rawDeviceBenches } from './helpers/raw-device-bench.ts';

const visa = findCard(loadCardCatalogue(), 'visa');
const bdk = parseHex('bdk', TEST_BDK);
const KSN = parseHex('ksn', 'FFFF9876543210E00001');
const SERIAL = 'IDTSN00042';

interface FrameShape {
  cardType: number;
  /** Field 11 (optional status bytes); none when undefined (track status bit 6 clear). */
  optionalStatus?: Buffer;
  hash: 'sha1' | 'sha256';
}

/** An enhanced frame of `visa` with masked, encrypted and hashed tracks 1 and 2, serial and KSN. */
function documentedFrame(shape: FrameShape): Buffer {
  const clear = [
    visa.track1 + trackLrc(1, visa.track1),
    visa.track2 + trackLrc(2, visa.track2),
  ] as const;
  const key = tdesDukptKey(bdk, KSN, 'data-request');
  const encrypt = (text: string): Buffer =>
    tdesCbcEncrypt(key, zeroPad(Buffer.from(text, 'latin1'), 8));
  const hash = (text: string): Buffer => createHash(shape.hash).update(text, 'latin1').digest();
  const optional = shape.optionalStatus;
  const parts = [
    Buffer.of(
      shape.cardType,
      0x03 | (optional === undefined ? 0 : IDTECH_OPTIONAL_BYTES),
      clear[0].length,
      clear[1].length,
      0,
    ),
    Buffer.of(
      IDTECH_FIELD8.masked[0] | IDTECH_FIELD8.masked[1] | IDTECH_FIELD8.serial,
      IDTECH_FIELD9.encrypted[0] |
        IDTECH_FIELD9.encrypted[1] |
        IDTECH_FIELD9.hashed[0] |
        IDTECH_FIELD9.hashed[1] |
        IDTECH_FIELD9.ksn,
    ),
    ...(optional === undefined ? [] : [Buffer.of(optional.length), optional]),
    ...clear.map((track) => Buffer.from(maskTrack(track, IDTECH_FACTORY_MASKING), 'latin1')),
    ...clear.map(encrypt),
    ...clear.map(hash),
    Buffer.from(SERIAL, 'latin1'),
    KSN,
  ];
  return frameIdtech(Buffer.concat(parts));
}

describe('ID TECH documented frames over a real pty (socat)', () => {
  const benches = rawDeviceBenches(9600, (host) => new IdtechReaderDriver(host));

  async function bench(): Promise<{
    reader: IdtechReaderDriver;
    send(frame: Buffer): Promise<void>;
  }> {
    const { driver, device } = await benches();
    return { reader: driver, send: (frame) => device.write(frame) };
  }

  it.each([
    ['one optional status byte, SHA-256 hashes', Buffer.of(0x01), 'sha256'],
    ['one optional status byte, SHA-1 hashes', Buffer.of(0x00), 'sha1'],
    ['two optional status bytes, SHA-256 hashes', Buffer.of(0x01, 0x00), 'sha256'],
  ] as const)(
    'reads the KSN and serial after %s',
    async (_label, optionalStatus, hash) => {
      const { reader, send } = await bench();
      const frame = documentedFrame({ cardType: 0x80, optionalStatus, hash });
      const reading = reader.readCard({ deadlineMs: 10_000, amountMinor: 500 });
      await send(frame);
      const read = await reading;
      expect(read).toMatchObject({
        kind: 'encrypted-swipe',
        e_id: 'FFFF9876543210E00001',
        deviceSerial: SERIAL,
        lastFour: '1111',
      });
      const capture = decryptReaderCapture('idtech', frame, (ksn, usage) =>
        tdesDukptKey(bdk, ksn, usage),
      );
      expect(capture.tracks.map((track) => track.hash)).toEqual(['match', 'match']);
      expect(verifiedCaptureTracks(capture).map((track) => track.data.pan)).toEqual([
        visa.pan,
        visa.pan,
      ]);
    },
    15_000,
  );

  it.each([
    [0x81, 'AAMVA'],
    [0x83, 'other'],
  ])(
    'refuses card encode type %s (%s) as no payment card, and reads the next swipe',
    async (cardType) => {
      const { reader, send } = await bench();
      const refused = reader.readCard({ deadlineMs: 10_000, amountMinor: 500 });
      await send(documentedFrame({ cardType, hash: 'sha1' }));
      const error = await refused.catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'CARD_READ', field: 'cardType' });
      expect((error as Error).message).not.toContain(visa.pan);
      const next = reader.readCard({ deadlineMs: 10_000, amountMinor: 500 });
      await send(documentedFrame({ cardType: 0x80, hash: 'sha1' }));
      await expect(next).resolves.toMatchObject({ e_id: 'FFFF9876543210E00001' });
    },
    15_000,
  );
});
