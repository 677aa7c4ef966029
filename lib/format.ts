/** Display formats shared by the CLI report and the web pages. Undefined statistics read "undefined", never 0 or 1. */
/** A rate in percent, one decimal; "undefined" for a rate that has no value (null, or not a finite number). */
export const pct = (x: number | null | undefined) =>
  x === null || x === undefined || !Number.isFinite(x) ? "undefined" : `${(x * 100).toFixed(1)}%`;
/** A difference of two rates, in percentage points with its sign: +2.0 points, −0.5 points. */
export const points = (x: number | null | undefined) =>
  x === null || x === undefined ? "undefined" : `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} points`;
export const ratio = (x: number | null | undefined) => (x === null || x === undefined ? "undefined" : x.toFixed(2));
export const ms = (x: number | null | undefined) =>
  x === null || x === undefined ? "n/a" : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`;
export const usd = (x: number | null | undefined) => (x === null || x === undefined ? "n/a" : `$${x.toFixed(4)}`);

/** How a metric's value reads: a rate in percent, dollars, milliseconds or a count. */
export type MetricUnit = "rate" | "usd" | "ms" | "count";

/** A run metric's value in its unit (lib/gates/run-metrics.ts): the CLI report and the web pages alike. */
export function formatMetric(unit: MetricUnit, x: number | null): string {
  if (unit === "usd") return usd(x);
  if (unit === "ms") return ms(x);
  if (unit === "count") return x === null ? "undefined" : String(x);
  return pct(x);
}

/** Where in a file a problem is, as people write it: tasks[2].graders[0].kind. */
export function formatPath(parts: readonly (string | number | symbol)[]): string {
  return parts.reduce<string>(
    (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
    "",
  );
}

/** Why a task's pass@k and pass^k read "undefined": said once under the CLI's table and the run page's, as a statistic without a value. */
export const undefinedPassAtKNote = (k: number) =>
  `undefined: ${k === 1 ? "no scored trial" : `fewer than ${k} scored trials`} (skipped and errored trials are not scored), so pass@${k} and pass^${k} have no value`;
