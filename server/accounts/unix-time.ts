/** Seconds since 1970-01-01 00:00:00 UTC of a Date, as stored in *_at columns and sent as *_ts. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
