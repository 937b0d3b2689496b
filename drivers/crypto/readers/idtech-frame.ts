import { ReaderDataError } from '../errors.ts';

/** Card encode type of ID TECH's enhanced encrypted format (ISO/ABA); 0x00–0x04 are the original. */
export const IDTECH_ENHANCED = 0x80;

/**
 * True for a card encode type of the enhanced format: 8x (80 ISO/ABA, 81 AAMVA, 83 other, 84 raw);
 * 0x is the original format (ID TECH SecureMag user manual, Note 1 "Card Encode Type").
 */
export function isIdtechEnhanced(cardType: number): boolean {
  return (cardType & IDTECH_ENHANCED) !== 0;
}

/** True for an ISO/ABA (financial) card in either format: card encode type 00 or 80 (Note 1). */
export function isIdtechFinancialCard(cardType: number): boolean {
  return (cardType & ~IDTECH_ENHANCED) === 0;
}

/**
 * Field 8 bits: clear/masked data sent (ID TECH Encrypted Data Output, field 8); `chipCard` is bit
 * 5, "use IC where feasible": the service code's first digit is 2 or 6 (ID TECH SecureHead user
 * manual, USB and UART interface, note 3).
 */
export const IDTECH_FIELD8 = {
  masked: [0x01, 0x02, 0x04],
  aes: 0x10,
  chipCard: 0x20,
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

/**
 * Track status bit 6: field 10 (the number of optional status bytes) and field 11 follow field 9
 * (ID TECH Encrypted Data Output 80000502-001 Rev G, fields 4, 10 and 11).
 */
export const IDTECH_OPTIONAL_BYTES = 0x40;
/**
 * Optional status byte 1 (field 11) bits: `sha256` hashes are SHA-256 (32 bytes) rather than SHA-1;
 * `encryptionType` the cipher is a TransArmor mode of bits 2–4 rather than field 8 bit 4; `mac`
 * MAC fields 24–26 follow the KSN (80000502-001 Rev G, field 11).
 */
export const IDTECH_OPTIONAL_STATUS = { sha256: 0x01, encryptionType: 0x02, mac: 0x20 } as const;

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
  /** Enhanced only: the optional status bytes (field 11), present when track status bit 6 is set. */
  optionalStatus?: Buffer;
}

/** The hash the reader sent of each clear track: SHA-256 when optional status byte 1 says so. */
export function idtechHashAlgorithm(swipe: IdtechSwipe): 'sha1' | 'sha256' {
  return (swipe.optionalStatus?.[0] ?? 0) & IDTECH_OPTIONAL_STATUS.sha256 ? 'sha256' : 'sha1';
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

/** True when `raw` is shaped as one whole frame: STX, a length that fits, ETX at its end. */
export function isIdtechFrame(raw: Buffer): boolean {
  return (
    raw.length >= 6 && raw[0] === 0x02 && raw.readUInt16LE(1) + 6 === raw.length && raw.at(-1) === 3
  );
}

/** True when `raw` is one whole frame (isIdtechFrame) whose LRC and checksum match its card data. */
export function isIntactIdtechFrame(raw: Buffer): boolean {
  if (!isIdtechFrame(raw)) return false;
  const data = raw.subarray(3, -3);
  return idtechLrc(data) === raw.at(-3) && idtechChecksum(data) === raw.at(-2);
}

/**
 * The card data inside one whole frame, after checking STX, the length and ETX (framing, rule
 * idtech.frame), then the LRC (idtech.lrc) and the checksum (idtech.checksum) (integrity).
 */
export function unframeIdtech(frame: Buffer): Buffer {
  if (!isIdtechFrame(frame)) {
    throw new ReaderDataError(
      'framing',
      'frame',
      'idtech.frame',
      'idtech frame: expected 02 LenL LenH data LRC CheckSum 03',
    );
  }
  const length = frame.length - 6;
  const data = frame.subarray(3, 3 + length);
  if (idtechLrc(data) !== frame[length + 3]) {
    throw new ReaderDataError('integrity', 'lrc', 'idtech.lrc', 'LRC or checksum does not match');
  }
  if (idtechChecksum(data) !== frame[length + 4]) {
    throw new ReaderDataError(
      'integrity',
      'checksum',
      'idtech.checksum',
      'LRC or checksum does not match',
    );
  }
  return Buffer.from(data);
}

const roundUp = (length: number, block: number): number => Math.ceil(length / block) * block;

/**
 * Reads the card data of a frame; framing error idtech.truncated when a field runs past the end.
 * Card encode types 8x are the enhanced format, 0x the original. Encrypted tracks are whole cipher
 * blocks: 8 bytes (TDES), 16 when field 8 says AES; hashes are 20 bytes (SHA-1), 32 when optional
 * status byte 1 says SHA-256.
 */
export function parseIdtechData(data: Buffer): IdtechSwipe {
  let at = 0;
  const take = (length: number, name: string): Buffer => {
    if (at + length > data.length) {
      throw new ReaderDataError(
        'framing',
        name,
        'idtech.truncated',
        'runs past the end of the card data',
      );
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
  if (!isIdtechEnhanced(cardType)) {
    for (const t of [0, 1, 2] as const)
      swipe.maskedTracks[t] = take(lengths[t], `track${t + 1}`).toString('latin1');
    swipe.encryptedTracks[0] = take(roundUp(l1 + l2, 8), 'encryptedTracks');
    if (l1 > 0) swipe.hashes[0] = take(20, 'hash1');
    if (l2 > 0) swipe.hashes[1] = take(20, 'hash2');
    swipe.ksn = take(10, 'ksn');
    return swipe;
  }
  const [field8 = 0, field9 = 0] = take(2, 'fields');
  swipe.field8 = field8;
  swipe.field9 = field9;
  if ((trackStatus & IDTECH_OPTIONAL_BYTES) !== 0) {
    const [count = 0] = take(1, 'optionalLength');
    swipe.optionalStatus = take(count, 'optionalStatus');
  }
  for (const t of [0, 1, 2] as const) {
    if (field8 & IDTECH_FIELD8.masked[t])
      swipe.maskedTracks[t] = take(lengths[t], `masked${t + 1}`).toString('latin1');
  }
  const block = field8 & IDTECH_FIELD8.aes ? 16 : 8;
  for (const t of [0, 1, 2] as const) {
    if (field9 & IDTECH_FIELD9.encrypted[t])
      swipe.encryptedTracks[t] = take(roundUp(lengths[t], block), `encrypted${t + 1}`);
  }
  if (field9 & IDTECH_FIELD9.session) take(8, 'session');
  const hashLength = idtechHashAlgorithm(swipe) === 'sha256' ? 32 : 20;
  for (const t of [0, 1, 2] as const)
    if (field9 & IDTECH_FIELD9.hashed[t]) swipe.hashes[t] = take(hashLength, `hash${t + 1}`);
  if (field8 & IDTECH_FIELD8.serial) swipe.serial = take(10, 'serial');
  if (field9 & IDTECH_FIELD9.ksn) swipe.ksn = take(10, 'ksn');
  return swipe;
}

/** The card data for `swipe` (the simulator's side of parseIdtechData). */
export function encodeIdtechData(swipe: IdtechSwipe): Buffer {
  const parts: Buffer[] = [Buffer.of(swipe.cardType, swipe.trackStatus, ...swipe.lengths)];
  const masked = swipe.maskedTracks.map((track) => Buffer.from(track, 'latin1'));
  if (!isIdtechEnhanced(swipe.cardType)) {
    parts.push(...masked, swipe.encryptedTracks[0], swipe.hashes[0], swipe.hashes[1], swipe.ksn);
    return Buffer.concat(parts);
  }
  parts.push(Buffer.of(swipe.field8, swipe.field9));
  if ((swipe.trackStatus & IDTECH_OPTIONAL_BYTES) !== 0) {
    const optional = swipe.optionalStatus ?? Buffer.alloc(0);
    parts.push(Buffer.of(optional.length), optional);
  }
  parts.push(...masked, ...swipe.encryptedTracks, ...swipe.hashes);
  parts.push(swipe.serial, swipe.ksn);
  return Buffer.concat(parts);
}
