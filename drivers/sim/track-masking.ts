/** Masks a clear track the way the simulated readers do: first six and last four digits shown. */
export function maskTrack(track: string): string {
  return track
    .replace(
      /^([%;]B?)([0-9]{6})([0-9]+)([0-9]{4})([=^])/,
      (_all, start: string, first: string, middle: string, last: string, sep: string) =>
        `${start}${first}${'*'.repeat(middle.length)}${last}${sep}`,
    )
    .replace(
      /([=^][0-9]{7})([0-9]*)\?/,
      (_all, kept: string, rest: string) => `${kept}${'0'.repeat(rest.length)}?`,
    );
}
