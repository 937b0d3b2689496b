// The table `npm run fuzz` prints: one row per target or socket phase.

/** One row: what ran, how many inputs, typed refusals, crashes, broken properties, time. */
export interface TableRow {
  target: string;
  inputs: number;
  typed: number;
  /** Crashes, unhandled rejections and broken properties together; must be 0. */
  crashes: number;
  ms: number;
  note?: string;
}

const HEAD = ['target', 'inputs', 'typed errors', 'crashes', 'time', 'inputs/s'] as const;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The rows as a fixed-width text table, numbers right-aligned, notes under their row; inputs/s is inputs over time. */
export function formatTable(rows: readonly TableRow[]): string {
  const cells = rows.map((row) => [
    row.target,
    row.inputs.toLocaleString('en-US'),
    row.typed.toLocaleString('en-US'),
    String(row.crashes),
    seconds(row.ms),
    Math.round((row.inputs * 1000) / Math.max(row.ms, 1)).toLocaleString('en-US'),
  ]);
  const widths = HEAD.map((head, i) =>
    Math.max(head.length, ...cells.map((cell) => (cell[i] ?? '').length)),
  );
  const line = (cell: readonly string[]): string =>
    cell
      .map((text, i) => (i === 0 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0)))
      .join('  ');
  const out = [line(HEAD), widths.map((w) => '-'.repeat(w)).join('  ')];
  rows.forEach((row, i) => {
    out.push(line(cells[i] ?? []));
    if (row.note !== undefined) out.push(`    ${row.note}`);
  });
  return out.join('\n');
}
