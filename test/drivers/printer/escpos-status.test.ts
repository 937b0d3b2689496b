import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isStatusByte,
  parsePrinterStatus,
  statusProblems,
  statusReplies,
  statusRequest,
} from '../../../drivers/printer/escpos-status.ts';

const ok = { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 };

describe('DLE EOT status', () => {
  it('asks with 10 04 n', () => {
    expect(statusRequest(2).toString('hex')).toBe('100402');
  });

  it('reads the reply examples of escpos_commands.json', () => {
    expect(statusProblems(parsePrinterStatus(ok))).toEqual([]);
    expect(parsePrinterStatus({ ...ok, 2: 0x16 }).coverOpen).toBe(true);
    expect(parsePrinterStatus({ ...ok, 2: 0x32 }).paperOut).toBe(true);
    expect(parsePrinterStatus({ ...ok, 2: 0x52 }).error).toBe(true);
    expect(parsePrinterStatus({ ...ok, 1: 0x1a }).online).toBe(false);
    expect(parsePrinterStatus({ ...ok, 4: 0x7e })).toMatchObject({
      paperOut: true,
      paperNearEnd: true,
    });
  });

  it('recognises status bytes by their fixed bits (mask 0x93 = 0x12)', () => {
    expect(isStatusByte(0x12)).toBe(true);
    expect(isStatusByte(0x16)).toBe(true);
    expect(isStatusByte(0x13)).toBe(false);
    expect(isStatusByte(0x92)).toBe(false);
  });

  it('rejects a reply that is not a status byte, naming the query', () => {
    expect(() => parsePrinterStatus({ ...ok, 3: 0x00 })).toThrow(
      expect.objectContaining({ code: 'PROTOCOL', field: 'status3' }),
    );
  });

  it('round-trips every condition through the simulator replies', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (online, coverOpen, paperOut, paperNearEnd, error, drawerOpen) => {
          const status = { online, coverOpen, paperOut, paperNearEnd, error, drawerOpen };
          expect(parsePrinterStatus(statusReplies(status))).toEqual(status);
        },
      ),
    );
  });
});
