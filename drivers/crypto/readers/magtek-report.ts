import { ReaderDataError } from '../errors.ts';

/**
 * Field offsets of the MagTek MagneSafe HID input report (MagneSafe V5 Communication Reference
 * Manual 99875475).
 */
export const MAGTEK_OFFSETS = {
  decodeStatus: 0,
  encryptedLength: 3,
  cardEncodeType: 6,
  encryptedTracks: [7, 119, 231],
  trackField: 112,
  cardStatus: 343,
  deviceSerial: 477,
  deviceSerialLength: 16,
  encryptionStatus: 493,
  ksn: 495,
  maskedLength: 505,
  maskedTracks: [508, 620, 732],
  sessionId: 844,
} as const;

/** Length in bytes of the input report LaneTerm reads; MagneSafe V5 sends 887. */
export const MAGTEK_REPORT_LENGTH = 887;

/** The input report in `report`, without the leading report ID byte when one came with it (888 bytes). */
export function magtekReportBody(report: Buffer): Buffer {
  return report.length === MAGTEK_REPORT_LENGTH + 1 ? report.subarray(1) : report;
}

/** Reader encryption status bits (offset 493–494, big-endian) as this profile reads them. */
export const MAGTEK_ENCRYPTION = {
  enabled: 0x0001,
  initialized: 0x0002,
  exhausted: 0x0004,
} as const;

/** One swipe as the report carries it; tracks index 0–2 = tracks 1–3. */
export interface MagtekSwipe {
  /** Per track: true when the head decoded it (status byte 0). */
  decoded: [boolean, boolean, boolean];
  /** Encrypted track data, the encrypted length of each (multiples of 8). */
  encryptedTracks: [Buffer, Buffer, Buffer];
  /** Masked tracks as ASCII ("" when absent). */
  maskedTracks: [string, string, string];
  deviceSerial: string;
  /** Reader encryption status bits (MAGTEK_ENCRYPTION). */
  encryptionStatus: number;
  /** The 10-byte DUKPT KSN. */
  ksn: Buffer;
  cardEncodeType: number;
}

function field(report: Buffer, offset: number, length: number): Buffer {
  return Buffer.from(report.subarray(offset, offset + length));
}

/**
 * Reads a MagneSafe input report; framing errors when it is shorter than the report
 * (magtek.length) or a track length overruns its field (magtek.track-length).
 */
export function parseMagtekReport(report: Buffer): MagtekSwipe {
  const o = MAGTEK_OFFSETS;
  if (report.length < MAGTEK_REPORT_LENGTH) {
    throw new ReaderDataError(
      'framing',
      'report',
      'magtek.length',
      `${report.length} bytes, expected ${MAGTEK_REPORT_LENGTH}`,
    );
  }
  const tracks = [0, 1, 2] as const;
  const lengths = tracks.map((t) => report[o.encryptedLength + t] ?? 0);
  const maskedLengths = tracks.map((t) => report[o.maskedLength + t] ?? 0);
  if ([...lengths, ...maskedLengths].some((length) => length > o.trackField)) {
    throw new ReaderDataError(
      'framing',
      'trackLength',
      'magtek.track-length',
      `a track length exceeds ${o.trackField} bytes`,
    );
  }
  const serial = field(report, o.deviceSerial, o.deviceSerialLength);
  const end = serial.indexOf(0);
  return {
    decoded: tracks.map((t) => report[o.decodeStatus + t] === 0) as MagtekSwipe['decoded'],
    encryptedTracks: tracks.map((t) =>
      field(report, o.encryptedTracks[t], lengths[t] ?? 0),
    ) as MagtekSwipe['encryptedTracks'],
    maskedTracks: tracks.map((t) =>
      field(report, o.maskedTracks[t], maskedLengths[t] ?? 0).toString('latin1'),
    ) as MagtekSwipe['maskedTracks'],
    deviceSerial: serial.subarray(0, end < 0 ? serial.length : end).toString('latin1'),
    encryptionStatus: report.readUInt16BE(o.encryptionStatus),
    ksn: field(report, o.ksn, 10),
    cardEncodeType: report[o.cardEncodeType] ?? 0,
  };
}

/** Builds the input report for `swipe` (the simulator's side of parseMagtekReport). */
export function encodeMagtekReport(swipe: MagtekSwipe): Buffer {
  const o = MAGTEK_OFFSETS;
  const report = Buffer.alloc(MAGTEK_REPORT_LENGTH);
  for (const t of [0, 1, 2] as const) {
    const encrypted = swipe.encryptedTracks[t].subarray(0, o.trackField);
    const masked = Buffer.from(swipe.maskedTracks[t], 'latin1').subarray(0, o.trackField);
    report[o.decodeStatus + t] = swipe.decoded[t] ? 0 : 1;
    report[o.encryptedLength + t] = encrypted.length;
    encrypted.copy(report, o.encryptedTracks[t]);
    report[o.maskedLength + t] = masked.length;
    masked.copy(report, o.maskedTracks[t]);
  }
  report[o.cardEncodeType] = swipe.cardEncodeType;
  Buffer.from(swipe.deviceSerial, 'latin1')
    .subarray(0, o.deviceSerialLength - 1)
    .copy(report, o.deviceSerial);
  report.writeUInt16BE(swipe.encryptionStatus, o.encryptionStatus);
  swipe.ksn.copy(report, o.ksn, 0, 10);
  return report;
}
