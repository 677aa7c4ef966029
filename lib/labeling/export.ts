import { stringify } from "csv-stringify/sync";

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
] as const;

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
};

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet: formula-like text starts with a quote. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function toCsv(rows: readonly ExportRow[]): string {
  const records = rows.map((row) =>
    EXPORT_COLUMNS.map((column) => {
      const value = row[column];
      if (value === null) return "";
      return typeof value === "string" ? neutralizeFormula(value) : String(value);
    }),
  );
  return stringify(records, { header: true, columns: [...EXPORT_COLUMNS] });
}

export function toJsonl(rows: readonly ExportRow[]): string {
  return (
    rows.map((row) => JSON.stringify(Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, row[c]])))).join("\n") + (rows.length ? "\n" : "")
  );
}

export function formatExport(rows: readonly ExportRow[], format: ExportFormat): { body: string; contentType: string; extension: string } {
  return format === "csv"
    ? { body: toCsv(rows), contentType: "text/csv; charset=utf-8", extension: "csv" }
    : { body: toJsonl(rows), contentType: "application/x-ndjson; charset=utf-8", extension: "jsonl" };
}

/** A file name for the download: the queue name with anything unusual replaced. */
export function exportFileName(queueName: string, format: ExportFormat): string {
  const safe = queueName.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "") || "queue";
  return `labels-${safe}.${format}`;
}
