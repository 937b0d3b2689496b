import { DeviceError } from '../device-error.ts';
import type { CardDisplay } from './card-read.ts';

/**
 * Masked track 1 and 2 as readers send them (docs/devices.md, Masked tracks): the format code may
 * be masked (ID TECH), PAN digits masked with any character, expiry, service code and the rest
 * masked or clear, an LRC (masked) after the end sentinel or none.
 */
const TRACK1 = /^%.([^^?]{8,19})\^([^^?]{0,26})\^([^?]{4})?([^?]{3})?[^?]*\?.?$/;
const TRACK2 = /^;([^=?]{8,19})=([^?]{4})?([^?]{3})?[^?]*\?.?$/;

/** ISO/IEC 7813 service codes start 1, 2, 5, 6, 7 or 9: a masked one ("***", "000") does not. */
const SERVICE_CODE = /^[125679][0-9]{2}$/;

/**
 * The masked account and last four of a PAN a device already masked: every character but the
 * last four shown as "X". Undefined when the device did not leave the last four as digits.
 */
export function displayFromMaskedPan(
  maskedPan: string,
): Pick<CardDisplay, 'maskedAccount' | 'lastFour'> | undefined {
  const lastFour = maskedPan.slice(-4);
  if (!/^[0-9]{4}$/.test(lastFour)) return undefined;
  return { maskedAccount: 'X'.repeat(maskedPan.length - 4) + lastFour, lastFour };
}

/** MMYY of a track's YYMM, or undefined when masked ("****", "0000") or not a month. */
function yymmToMmyy(yymm: string | undefined): string | undefined {
  if (yymm === undefined || !/^[0-9]{2}(0[1-9]|1[0-2])$/.test(yymm)) return undefined;
  return yymm.slice(2) + yymm.slice(0, 2);
}

/**
 * What the cashier may see from the masked tracks an encrypting reader sends: masked account
 * (last four), name, expiry and service code where the reader leaves them clear. The masked
 * characters ("*", "X", MagTek's "0"…) never become part of the result: a masked expiry or
 * service code is left out.
 */
export function displayFromMaskedTracks(
  track1: string | undefined,
  track2: string | undefined,
): CardDisplay {
  const t1 = track1 === undefined ? null : TRACK1.exec(track1);
  const t2 = track2 === undefined ? null : TRACK2.exec(track2);
  if (t1 === null && t2 === null) {
    throw new DeviceError('CARD_READ', 'masked tracks: no readable track 1 or track 2', {
      field: 'maskedTrack',
    });
  }
  const shown = displayFromMaskedPan((t2?.[1] ?? t1?.[1]) as string);
  if (shown === undefined) {
    throw new DeviceError('CARD_READ', 'masked track: last four digits not shown', {
      field: 'maskedTrack',
    });
  }
  const display: CardDisplay = { ...shown };
  const name = t1?.[2]?.trim();
  if (name !== undefined && name.length > 0) display.cardholderName = name;
  const expdate = yymmToMmyy(t2?.[2]) ?? yymmToMmyy(t1?.[3]);
  if (expdate !== undefined) display.expdate = expdate;
  const serviceCode = [t2?.[3], t1?.[4]].find((code) => SERVICE_CODE.test(code ?? ''));
  if (serviceCode !== undefined) display.serviceCode = serviceCode;
  return display;
}
