import { DateTime } from 'luxon';

/** The service's timestamp text: date-time with a numeric UTC offset (docs/interface.md › Transaction response). */
const SERVICE_FORMATS = [
  'yyyy-MM-dd HH:mm:ss ZZZ',
  'yyyy-MM-dd HH:mm:ss ZZ',
  "yyyy-MM-dd'T'HH:mm:ssZZ",
];

/**
 * The service's timestamp as the store's clock reads it (docs/lane-devices.md › Receipts): the
 * date and time in the IANA zone `zone` (the merchant's timeZone in lane.yaml, default the
 * machine's) with the zone's short name, e.g. "2026-11-28 08:10:50 EST", never a bare UTC
 * offset. Text the lane cannot read as a timestamp is kept as it came.
 */
export function storeTime(text: string, zone: string): string {
  for (const format of SERVICE_FORMATS) {
    const parsed = DateTime.fromFormat(text.trim(), format, { setZone: true });
    if (parsed.isValid) {
      const local = parsed.setZone(zone);
      if (local.isValid) return local.toFormat('yyyy-MM-dd HH:mm:ss ZZZZ', { locale: 'en-US' });
    }
  }
  return text;
}
