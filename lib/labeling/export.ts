import { stringify } from "csv-stringify/sync";
import type { DimensionValue } from "../schemas/dimensions";

/**
 * The label export: one row per label, the same columns in CSV and JSONL. CSV cells that a
 * spreadsheet would read as a formula (starting with = + - @, tab or carriage return) get a leading
 * single quote (OWASP "CSV injection"); JSONL keeps values as they are, since nothing evaluates it.
 */
export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_COLUMNS = [
  "queue",
  "transcript_id",
  "external_id",
  "split",
  "reviewer_email",
  "value",
  "score",
  "reason",
  "time_spent_ms",
  "judge_seen",
  "rubric_version",
  "labeled_at",
  "imported_from",
  "gold_value",
  "gold_source",
  "has_gold",
  "matches_gold",
  "task_prompt",
  "final_output",
] as const;

/**
 * The columns beyond the fixed ones: one per further dimension of the queue ("dim_<name>"; the primary
 * is `value`), then the full transcript when asked for. A multi-select is a list in JSONL and its
 * values joined by "; " in CSV.
 */
export interface ExportLayout {
  dimensions: readonly string[];
  transcript: boolean;
}

export const dimensionColumn = (name: string) => `dim_${name}`;

export function exportColumns(layout: ExportLayout = { dimensions: [], transcript: false }): string[] {
  return [...EXPORT_COLUMNS, ...layout.dimensions.map(dimensionColumn), ...(layout.transcript ? ["transcript"] : [])];
}

export type ExportRow = {
  queue: string;
  transcript_id: string;
  external_id: string | null;
  split: string | null;
  reviewer_email: string;
  value: string;
  score: number | null;
  reason: string | null;
  time_spent_ms: number | null;
  judge_seen: boolean;
  rubric_version: number;
  /** ISO 8601, UTC. */
  labeled_at: string;
  /** The tool an imported label came from (label-studio, argilla, jsonl, csv); null for labels made in Gavel. */
  imported_from: string | null;
  /** The item's gold label made under the same rubric version as this label; null when there is none. */
  gold_value: string | null;
  gold_source: "consensus" | "adjudication" | "import" | null;
  has_gold: boolean;
  /** Whether this label's value is the gold value; null when the item has no gold label. */
  matches_gold: boolean | null;
  task_prompt: string;
  final_output: string | null;
  /** The further dimensions' values by name (absent: left blank). */
  dimensions: Record<string, DimensionValue> | null;
  /** The transcript's content (messages, tool calls, final state), when the export asks for it. */
  transcript?: unknown;
};

type Cell = string | number | boolean | null | readonly string[] | unknown;

/** Every column's value of one row, in the layout's order. */
function cells(row: ExportRow, layout: ExportLayout): [string, Cell][] {
  return [
    ...EXPORT_COLUMNS.map((c): [string, Cell] => [c, row[c]]),
    ...layout.dimensions.map((name): [string, Cell] => [dimensionColumn(name), row.dimensions?.[name] ?? null]),
    ...(layout.transcript ? [["transcript", row.transcript ?? null] as [string, Cell]] : []),
  ];
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet: formula-like text starts with a quote. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return neutralizeFormula(value.join("; "));
  if (typeof value === "object") return neutralizeFormula(JSON.stringify(value));
  return typeof value === "string" ? neutralizeFormula(value) : String(value);
}

export function toCsv(rows: readonly ExportRow[], layout?: ExportLayout): string {
  const shape = layout ?? { dimensions: [], transcript: false };
  const records = rows.map((row) => cells(row, shape).map(([, value]) => csvCell(value)));
  return stringify(records, { header: true, columns: exportColumns(shape) });
}

export function toJsonl(rows: readonly ExportRow[], layout?: ExportLayout): string {
  const shape = layout ?? { dimensions: [], transcript: false };
  return rows.map((row) => JSON.stringify(Object.fromEntries(cells(row, shape)))).join("\n") + (rows.length ? "\n" : "");
}

export function formatExport(
  rows: readonly ExportRow[],
  format: ExportFormat,
  layout?: ExportLayout,
): { body: string; contentType: string; extension: string } {
  return format === "csv"
    ? { body: toCsv(rows, layout), contentType: "text/csv; charset=utf-8", extension: "csv" }
    : { body: toJsonl(rows, layout), contentType: "application/x-ndjson; charset=utf-8", extension: "jsonl" };
}

/** A file name for the download: the queue name with anything unusual replaced. */
export function exportFileName(queueName: string, format: ExportFormat): string {
  const safe = queueName.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "") || "queue";
  return `labels-${safe}.${format}`;
}
