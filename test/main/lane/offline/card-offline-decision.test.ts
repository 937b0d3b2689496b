import { describe, expect, it } from 'vitest';
import { cardOfflineDecision } from '../../../../main/lane/offline/card-offline-decision.ts';

// TVR byte 1 bit 8: offline data authentication not performed; byte 4 bit 8: floor limit exceeded
// (EMV Book 3 Annex C5).
const TVR_CLEAN = '0000000000';
const TVR_NO_ODA = '8000000000';
const TVR_OVER_FLOOR = '0000008000';

describe("the card's word on an offline approval", () => {
  it('approves offline on a TC from the first GENERATE AC (Y1)', () => {
    expect(cardOfflineDecision({ cryptogramType: 'TC', tvr: TVR_NO_ODA })).toEqual({
      kind: 'approved',
      arc: 'Y1',
    });
  });

  it('refuses on an AAC from the first GENERATE AC (Z1)', () => {
    expect(cardOfflineDecision({ cryptogramType: 'AAC', tvr: TVR_CLEAN })).toEqual({
      kind: 'refused',
      arc: 'Z1',
    });
  });

  it('asks the card for a TC (Y3) when no TVR bit meets the default action codes', () => {
    expect(
      cardOfflineDecision({
        cryptogramType: 'ARQC',
        tvr: TVR_OVER_FLOOR,
        iacDefault: 'FC00000000',
        tacDefault: '0000000000',
      }),
    ).toEqual({ kind: 'ask_tc', arc: 'Y3' });
    expect(cardOfflineDecision({ cryptogramType: 'ARQC', tvr: TVR_CLEAN })).toEqual({
      kind: 'ask_tc',
      arc: 'Y3',
    });
  });

  it('refuses (Z3) a card that insists on online: a TVR bit in IAC-Default or TAC-Default', () => {
    expect(
      cardOfflineDecision({
        cryptogramType: 'ARQC',
        tvr: TVR_OVER_FLOOR,
        iacDefault: '0000008000',
      }),
    ).toEqual({ kind: 'refused', arc: 'Z3' });
    expect(
      cardOfflineDecision({
        cryptogramType: 'ARQC',
        tvr: TVR_NO_ODA,
        iacDefault: '0000000000',
        tacDefault: '8000000000',
      }),
    ).toEqual({ kind: 'refused', arc: 'Z3' });
  });

  it('reads an absent IAC-Default as every bit set, so any TVR bit refuses', () => {
    expect(cardOfflineDecision({ cryptogramType: 'ARQC', tvr: TVR_NO_ODA })).toEqual({
      kind: 'refused',
      arc: 'Z3',
    });
  });

  it('names the field of a TVR or action code that is not 5 bytes of hex', () => {
    expect(() => cardOfflineDecision({ cryptogramType: 'ARQC', tvr: '80' })).toThrow(
      /tvr must be 5 bytes/,
    );
    expect(() =>
      cardOfflineDecision({ cryptogramType: 'ARQC', tvr: TVR_CLEAN, iacDefault: 'zz00000000' }),
    ).toThrow(/iacDefault must be 5 bytes/);
  });
});
