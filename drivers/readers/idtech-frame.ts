import { DeviceError } from '../device-error.ts';

/** Card encode type of ID TECH's enhanced encrypted format (ISO/ABA); 0x00–0x04 are the original. */
export const IDTECH_ENHANCED = 0x80;

/** Field 8 bits: clear/masked data sent (ID TECH Encrypted Data Output, field 8). */
export const IDTECH_FIELD8 = {
  masked: [0x01, 0x02, 0x04],
  aes: 0x10,
  pinKey: 0x40,
  serial: 0x80,
} as const;
/** Field 9 bits: encrypted and hashed data sent (field 9). */
export const IDTECH_FIELD9 = {
  encrypted: [0x01, 0x02, 0x04],
  hashed: [0x08, 0x10, 0x20],
  session: 0x40,
  ksn: 0x80,
} as const;

/** One swipe in ID TECH's encrypted output; index 0–2 = tracks 1–3. */
export interface IdtechSwipe {
  /** 0x80 enhanced, 0x00 original. */
  cardType: number;
  /** Track status: bits 0–2 set when tracks 1–3 decoded. */
  trackStatus: number;
  /** Clear length of each track. */
  lengths: [number, number, number];
  /** Masked tracks as ASCII ("" when not sent); the original format sends track 3 here in clear. */
  maskedTracks: [string, string, string];
  /** Enhanced: one ciphertext per track. Original: index 0 holds tracks 1 and 2 as one block. */
  encryptedTracks: [Buffer, Buffer, Buffer];
  /** SHA-1 of each clear track (with sentinels and LRC), empty when not sent. */
  hashes: [Buffer, Buffer, Buffer];
  /** 10 bytes, or empty. */
  serial: Buffer;
  /** 10 bytes, or empty when the reader sent none. */
  ksn: Buffer;
  /** Enhanced only: field 8 and field 9 as sent. */
  field8: number;
  field9: number;
}

/** XOR of the card data (the frame's LRC byte). */
export function idtechLrc(data: Buffer): number {
  let value = 0;
  for (const byte of data) value ^= byte;
  return value;
}

/** 8-bit sum of the card data (the frame's checksum byte). */
export function idtechChecksum(data: Buffer): number {
  let value = 0;
  for (const byte of data) value = (value + byte) & 0xff;
  return value;
}

/** `02 LenL LenH <data> LRC CheckSum 03` (ID TECH Encrypted Data Output). */
export function frameIdtech(data: Buffer): Buffer {
  const head = Buffer.of(0x02, data.length & 0xff, data.length >> 8);
  return Buffer.concat([head, data, Buffer.of(idtechLrc(data), idtechChecksum(data), 0x03)]);
}

/**
 * The card data inside one whole frame, after checking STX, the length, ETX (FRAMING) and the
 * LRC and checksum (CHECKSUM).
 */
export function unframeIdtech(frame: Buffer): Buffer {
  const length = frame.length >= 3 ? frame.readUInt16LE(1) : -1;
  if (frame[0] !== 0x02 || frame.length !== length + 6 || frame[length + 5] !== 0x03) {
    throw new DeviceError('FRAMING', 'idtech frame: expected 02 LenL LenH data LRC CheckSum 03', {
      field: 'frame',
    });
  }
  const data = frame.subarray(3, 3 + length);
  if (idtechLrc(data) !== frame[length + 3] || idtechChecksum(data) !== frame[length + 4]) {
    throw new DeviceError('CHECKSUM', 'idtech frame: LRC or checksum does not match', {
      field: 'lrc',
    });
  }
  return Buffer.from(data);
}

const roundUp8 = (length: number): number => Math.ceil(length / 8) * 8;

/** Reads the card data of a frame; FRAMING when a field runs past the end. */
export function parseIdtechData(data: Buffer): IdtechSwipe {
  let at = 0;
  const take = (length: number, name: string): Buffer => {
    if (at + length > data.length) {
      throw new DeviceError('FRAMING', `idtech frame: ${name} runs past the end of the card data`, {
        field: name,
      });
    }
    const value = Buffer.from(data.subarray(at, at + length));
    at += length;
    return value;
  };
  const [cardType = 0, trackStatus = 0, l1 = 0, l2 = 0, l3 = 0] = take(5, 'header');
  const lengths: IdtechSwipe['lengths'] = [l1, l2, l3];
  const empty = (): Buffer => Buffer.alloc(0);
  const swipe: IdtechSwipe = {
    cardType,
    trackStatus,
    lengths,
    maskedTracks: ['', '', ''],
    encryptedTracks: [empty(), empty(), empty()],
    hashes: [empty(), empty(), empty()],
    serial: empty(),
    ksn: empty(),
    field8: 0,
    field9: 0,
  };
  if (cardType !== IDTECH_ENHANCED) {
    for (const t of [0, 1, 2] as const)
      swipe.maskedTracks[t] = take(lengths[t], `track${t + 1}`).toString('latin1');
    swipe.encryptedTracks[0] = take(roundUp8(l1 + l2), 'encryptedTracks');
    if (l1 > 0) swipe.hashes[0] = take(20, 'hash1');
    if (l2 > 0) swipe.hashes[1] = take(20, 'hash2');
    swipe.ksn = take(10, 'ksn');
    return swipe;
  }
  const [field8 = 0, field9 = 0] = take(2, 'fields');
  swipe.field8 = field8;
  swipe.field9 = field9;
  if ((trackStatus & 0x40) !== 0) take(2, 'optional');
  for (const t of [0, 1, 2] as const) {
    if (field8 & IDTECH_FIELD8.masked[t])
      swipe.maskedTracks[t] = take(lengths[t], `masked${t + 1}`).toString('latin1');
  }
  for (const t of [0, 1, 2] as const) {
    if (field9 & IDTECH_FIELD9.encrypted[t])
      swipe.encryptedTracks[t] = take(roundUp8(lengths[t]), `encrypted${t + 1}`);
  }
  if (field9 & IDTECH_FIELD9.session) take(8, 'session');
  for (const t of [0, 1, 2] as const)
    if (field9 & IDTECH_FIELD9.hashed[t]) swipe.hashes[t] = take(20, `hash${t + 1}`);
  if (field8 & IDTECH_FIELD8.serial) swipe.serial = take(10, 'serial');
  if (field9 & IDTECH_FIELD9.ksn) swipe.ksn = take(10, 'ksn');
  return swipe;
}

/** The card data for `swipe` (the simulator's side of parseIdtechData). */
export function encodeIdtechData(swipe: IdtechSwipe): Buffer {
  const parts: Buffer[] = [Buffer.of(swipe.cardType, swipe.trackStatus, ...swipe.lengths)];
  const masked = swipe.maskedTracks.map((track) => Buffer.from(track, 'latin1'));
  if (swipe.cardType !== IDTECH_ENHANCED) {
    parts.push(...masked, swipe.encryptedTracks[0], swipe.hashes[0], swipe.hashes[1], swipe.ksn);
    return Buffer.concat(parts);
  }
  parts.push(
    Buffer.of(swipe.field8, swipe.field9),
    ...masked,
    ...swipe.encryptedTracks,
    ...swipe.hashes,
  );
  parts.push(swipe.serial, swipe.ksn);
  return Buffer.concat(parts);
}
