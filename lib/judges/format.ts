/**
 * How a statistic is written for people, in the app and in the CLI alike (so the two can be
 * compared by eye): three decimals, and "undefined" for a statistic that has no value.
 */
export function formatStat(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "undefined";
  const text = value.toFixed(digits);
  // A value that rounds to zero from below is zero as written: never "-0.000".
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * An interval as "[low, high]"; a zero-width one is not a measurement (a constant rater, or every resample the same)
 * and is written as such, never as "[0.000, 0.000]".
 */
export function formatInterval(interval: readonly [number, number] | { low: number; high: number } | null | undefined, digits = 3): string {
  if (!interval) return "undefined";
  const [low, high] = Array.isArray(interval) ? interval : [(interval as { low: number }).low, (interval as { high: number }).high];
  if (low === high) return "none (zero width)";
  return `[${formatStat(low, digits)}, ${formatStat(high, digits)}]`;
}

export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "undefined" : `${(value * 100).toFixed(1)}%`;
}

/** The pairs behind a calibration as CSV (RFC 4180), ready for `gavel agreement FILE --a judge --b human`. */
export function pairsCsv(pairs: readonly { transcriptId: string; judge: string; gold: string }[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return ["transcript_id,judge,human", ...pairs.map((p) => [p.transcriptId, p.judge, p.gold].map(cell).join(","))].join("\n") + "\n";
}

/** The command that reproduces a calibration's numbers from its exported pairs. */
export function agreementCommand(
  file: string,
  report: { metric: string; categories: string[]; positive: string | null; bootstrap: { seed: number } | null },
): string {
  const parts = [
    "gavel agreement",
    file,
    "--a judge --b human",
    `--metric ${report.metric}`,
    `--categories ${report.categories.join(",")}`,
  ];
  if (report.positive !== null) parts.push(`--positive ${report.positive}`);
  if (report.bootstrap) parts.push(`--seed ${report.bootstrap.seed}`);
  return parts.join(" ");
}
