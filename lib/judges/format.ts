import { pct } from "../format";

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

/** A rate in percent: the one percent format (`pct`, lib/format.ts), under the name the judge pages use. */
export const formatPercent: (value: number | null | undefined) => string = pct;

/**
 * The pairs behind a calibration as CSV (RFC 4180), ready for `gavel agreement FILE --a judge --b human`; when the
 * pairs carry a stratified draw's design (the Horvitz–Thompson estimator), with inclusion_probability and stratum too.
 */
export function pairsCsv(
  pairs: readonly { transcriptId: string; judge: string; gold: string; inclusion?: number; stratum?: string }[],
): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const design = pairs.some((p) => p.inclusion !== undefined);
  const header = design ? "transcript_id,judge,human,inclusion_probability,stratum" : "transcript_id,judge,human";
  const row = (p: (typeof pairs)[number]) =>
    design ? [p.transcriptId, p.judge, p.gold, String(p.inclusion ?? 1), p.stratum ?? ""] : [p.transcriptId, p.judge, p.gold];
  return [header, ...pairs.map((p) => row(p).map(cell).join(","))].join("\n") + "\n";
}

/**
 * The command that reproduces a calibration's numbers from its exported pairs: for the Horvitz–Thompson estimator it
 * names the design columns, so it prints the weighted numbers the gate reads (and the unweighted ones beside them).
 */
export function agreementCommand(
  file: string,
  report: { metric: string; categories: string[]; positive: string | null; bootstrap: { seed: number } | null },
  weighted = false,
): string {
  const parts = [
    "gavel agreement",
    file,
    "--a judge --b human",
    `--metric ${report.metric}`,
    `--categories ${report.categories.join(",")}`,
  ];
  if (report.positive !== null) parts.push(`--positive ${report.positive}`);
  if (weighted) parts.push("--inclusion inclusion_probability --stratum stratum");
  if (report.bootstrap || weighted) parts.push(`--seed ${report.bootstrap?.seed ?? 1}`);
  return parts.join(" ");
}
