import { DateTime } from 'luxon';

/** Unix seconds of a moment (docs/interface.md › keys ending in _ts are Unix timestamps, UTC). */
export function unixSeconds(moment: Date): number {
  return Math.floor(moment.getTime() / 1000);
}

/**
 * The response `timestamp`: date-time text with a numeric UTC offset in the merchant's zone
 * (docs/interface.md › Transaction response), e.g. "2025-03-01 14:55:04 -0500".
 */
export function formatTimestamp(moment: Date, timeZone: string): string {
  return DateTime.fromJSDate(moment, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm:ss ZZZ');
}

/**
 * rcpt_host_ts: MMDDYYhhmmss in the merchant's zone (LaneTerm, after the real server's receipts;
 * docs/test-cards.md).
 */
export function formatHostTs(moment: Date, timeZone: string): string {
  return DateTime.fromJSDate(moment, { zone: timeZone }).toFormat('MMddyyHHmmss');
}
