import { DateTime } from 'luxon';

/** Unix seconds of a moment (docs/interface.md › keys ending in _ts are Unix timestamps, UTC). */
export function unixSeconds(moment: Date): number {
  return Math.floor(moment.getTime() / 1000);
}

/**
 * A formatter of moments to whole seconds in a zone that keeps the last text it made for each zone:
 * a call for the same zone within the same second answers it without formatting again (the text
 * depends on nothing else), which luxon's zone arithmetic otherwise redoes for every answer.
 */
function keptPerSecond(pattern: string): (moment: Date, timeZone: string) => string {
  const last = new Map<string, { second: number; text: string }>();
  return (moment, timeZone) => {
    const second = unixSeconds(moment);
    const kept = last.get(timeZone);
    if (kept !== undefined && kept.second === second) return kept.text;
    const text = DateTime.fromJSDate(moment, { zone: timeZone }).toFormat(pattern);
    last.set(timeZone, { second, text });
    return text;
  };
}

/**
 * The response `timestamp`: date-time text with a numeric UTC offset in the merchant's zone
 * (docs/interface.md › Transaction response), e.g. "2025-03-01 14:55:04 -0500".
 */
export const formatTimestamp = keptPerSecond('yyyy-MM-dd HH:mm:ss ZZZ');

/**
 * rcpt_host_ts: MMDDYYhhmmss in the merchant's zone (LaneTerm, after the real server's receipts;
 * docs/test-cards.md).
 */
export const formatHostTs = keptPerSecond('MMddyyHHmmss');
