import { UsageError } from "../exit";
import type { AgreementMetric } from "../../judges/agreement";
import type { AlphaLevel } from "../../stats";

/**
 * The cells of two rating columns as `gavel agreement` reads them: the common missing-value markers count as missing
 * (and are counted, never taken for a label), and a number too large for a double is refused by column and row when
 * the metric reads the values as numbers or as an order — a nominal statistic keeps it as the text it is.
 */

/** Written by R, pandas, spreadsheets and JSON for "no value"; compared case-insensitively after trimming. */
export const MISSING_MARKERS = ["", "NA", "N/A", "NaN", "null"] as const;
const MISSING = new Set(MISSING_MARKERS.map((m) => m.toLowerCase()));

export type Cell = { value: string } | { missing: string };

export function readCell(raw: unknown): Cell {
  if (raw === null || raw === undefined) return { missing: "null" };
  const text =
    typeof raw === "string" ? raw.trim() : typeof raw === "number" || typeof raw === "boolean" ? String(raw) : JSON.stringify(raw);
  if (MISSING.has(text.toLowerCase())) return { missing: MISSING_MARKERS.find((m) => m.toLowerCase() === text.toLowerCase()) ?? text };
  return { value: text };
}

// A decimal number written out in full, as lib/stats reads one; Number() of it is ±Infinity past ±1.8e308.
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Metrics (and levels) that read a label as a number or a position on a scale. */
export function readsNumbers(metric: AgreementMetric, level: AlphaLevel): boolean {
  return metric !== "kappa" && !(metric === "krippendorff" && level === "nominal");
}

export interface ColumnPairs {
  /** Per data row (1-based, header excluded): each column's value, or null when missing. */
  rows: { row: number; a: string | null; b: string | null }[];
  /** Missing cells per column, and how often each marker was seen. */
  missing: { a: number; b: number; rows: number; markers: Record<string, number> };
}

/** @throws UsageError naming the column and row of a number that overflows, when the metric reads numbers. */
export function readColumns(records: readonly Record<string, unknown>[], a: string, b: string, numbers: boolean): ColumnPairs {
  const markers: Record<string, number> = {};
  const missing = { a: 0, b: 0, rows: 0, markers };
  const rows = records.map((record, i) => {
    const cells = [a, b].map((column) => {
      const cell = readCell(record[column]);
      if ("missing" in cell) {
        markers[cell.missing] = (markers[cell.missing] ?? 0) + 1;
        return null;
      }
      if (numbers && NUMERIC.test(cell.value) && !Number.isFinite(Number(cell.value)))
        throw new UsageError(`Column "${column}", row ${i + 1}: ${cell.value} is too large for a number (beyond ±1.8e308).`);
      return cell.value;
    });
    if (cells[0] === null) missing.a++;
    if (cells[1] === null) missing.b++;
    if (cells[0] === null || cells[1] === null) missing.rows++;
    return { row: i + 1, a: cells[0]!, b: cells[1]! };
  });
  return { rows, missing };
}

/** "3 rows left out: "human" is missing in 2 (NA 1, empty 1), "judge" in 1 (null 1)." */
export function missingSentence(missing: ColumnPairs["missing"], a: string, b: string, what = "left out"): string | null {
  if (missing.rows === 0) return null;
  const markers = Object.entries(missing.markers)
    .map(([m, n]) => `${m === "" ? "empty" : m} ${n}`)
    .join(", ");
  const per = [missing.a ? `"${a}" in ${missing.a}` : null, missing.b ? `"${b}" in ${missing.b}` : null].filter(Boolean).join(", ");
  return `${missing.rows} row${missing.rows === 1 ? "" : "s"} ${what}: a value is missing in ${per} (${markers}).`;
}
