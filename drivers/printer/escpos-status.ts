import { DeviceError } from '../device-error.ts';

/** What DLE EOT n asks: 1 printer, 2 offline cause, 3 error cause, 4 paper sensor. */
export type StatusQuery = 1 | 2 | 3 | 4;

/** DLE EOT n (real-time status transmission; escpos_commands.json). */
export function statusRequest(query: StatusQuery): Buffer {
  return Buffer.of(0x10, 0x04, query);
}

/** True for a byte shaped like a DLE EOT reply: bits 1 and 4 set, bits 0 and 7 clear (mask 0x93 = 0x12). */
export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

/** A printer's condition from DLE EOT 1, 2, 3 and 4. */
export interface PrinterStatus {
  /** False when the printer reports itself offline (DLE EOT 1 bit 3). */
  online: boolean;
  /** Cover open (DLE EOT 2 bit 2). */
  coverOpen: boolean;
  /** Printing stopped for lack of paper (DLE EOT 2 bit 5, DLE EOT 4 bits 5–6). */
  paperOut: boolean;
  /** Paper roll near its end (DLE EOT 4 bits 2–3); printing still works. */
  paperNearEnd: boolean;
  /** An error occurred (DLE EOT 2 bit 6), e.g. a cutter jam (DLE EOT 3 bit 3). */
  error: boolean;
  /** Level of the drawer-kick connector pin 3 (DLE EOT 1 bit 2): drawer open on most drawers. */
  drawerOpen: boolean;
}

/** Builds a PrinterStatus from the four reply bytes; PROTOCOL if one is not a status byte. */
export function parsePrinterStatus(replies: Record<StatusQuery, number>): PrinterStatus {
  for (const [query, byte] of Object.entries(replies)) {
    if (!isStatusByte(byte)) {
      throw new DeviceError('PROTOCOL', `status ${query}: reply is not a DLE EOT status byte`, {
        field: `status${query}`,
      });
    }
  }
  const bit = (byte: number, n: number): boolean => (byte & (1 << n)) !== 0;
  return {
    online: !bit(replies[1], 3),
    drawerOpen: bit(replies[1], 2),
    coverOpen: bit(replies[2], 2),
    paperOut: bit(replies[2], 5) || (bit(replies[4], 5) && bit(replies[4], 6)),
    paperNearEnd: bit(replies[4], 2) && bit(replies[4], 3),
    error: bit(replies[2], 6) || bit(replies[3], 3) || bit(replies[3], 5),
  };
}

/** The reply bytes a printer in `status` sends (used by the simulator; inverse of parsePrinterStatus). */
export function statusReplies(status: PrinterStatus): Record<StatusQuery, number> {
  const set = (on: boolean, mask: number): number => (on ? mask : 0);
  return {
    1: 0x12 | set(!status.online, 0x08) | set(status.drawerOpen, 0x04),
    2: 0x12 | set(status.coverOpen, 0x04) | set(status.paperOut, 0x20) | set(status.error, 0x40),
    3: 0x12 | set(status.error, 0x08),
    4: 0x12 | set(status.paperNearEnd, 0x0c) | set(status.paperOut, 0x60),
  };
}

/** The problems in `status` that stop a print, in words for the operator; empty when ready. */
export function statusProblems(status: PrinterStatus): string[] {
  const problems: string[] = [];
  if (!status.online) problems.push('offline');
  if (status.coverOpen) problems.push('cover open');
  if (status.paperOut) problems.push('paper out');
  if (status.error) problems.push('printer error');
  return problems;
}
