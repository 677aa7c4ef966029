import { parse } from "csv-parse/sync";
import type { ImportedLabel, ParsedLabels } from "./types";

/**
 * Labels as plain rows, one label each: JSONL objects or a CSV with a header, with `reviewer`,
 * `item` (a transcript id or external id), `value`, and optional `time_spent_ms` and `created_at`.
 */
function row(where: string, record: Record<string, unknown>, errors: string[]): ImportedLabel | null {
  const text = (k: string) =>
    typeof record[k] === "string" ? (record[k] as string).trim() : typeof record[k] === "number" ? String(record[k]) : "";
  const missing = ["reviewer", "item", "value"].filter((k) => !text(k));
  if (missing.length) {
    errors.push(`${where}: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing`);
    return null;
  }
  const time = text("time_spent_ms");
  const timeSpentMs = time === "" ? null : Number(time);
  if (timeSpentMs !== null && !(Number.isInteger(timeSpentMs) && timeSpentMs >= 0)) {
    errors.push(`${where}: time_spent_ms must be a whole number of milliseconds`);
    return null;
  }
  const created = text("created_at");
  if (created && Number.isNaN(Date.parse(created))) {
    errors.push(`${where}: created_at "${created}" is not a date`);
    return null;
  }
  return {
    where,
    item: text("item"),
    reviewer: text("reviewer").toLowerCase(),
    value: text("value"),
    timeSpentMs,
    createdAt: created ? new Date(created) : null,
  };
}

export function parseJsonlLabels(text: string): ParsedLabels {
  const labels: ImportedLabel[] = [];
  const errors: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return void errors.push(`line ${i + 1}: not valid JSON`);
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) return void errors.push(`line ${i + 1}: expected one JSON object`);
    const label = row(`line ${i + 1}`, value as Record<string, unknown>, errors);
    if (label) labels.push(label);
  });
  return { format: "jsonl", labels, errors, notes: [] };
}

export function parseCsvLabels(text: string): ParsedLabels {
  const errors: string[] = [];
  let records: { record: Record<string, unknown>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      info: true,
      bom: true,
    }) as never;
  } catch (error) {
    return {
      format: "csv",
      labels: [],
      errors: [`not a readable CSV: ${error instanceof Error ? error.message : String(error)}`],
      notes: [],
    };
  }
  const labels: ImportedLabel[] = [];
  for (const { record, info } of records) {
    const label = row(`line ${info.lines}`, record, errors);
    if (label) labels.push(label);
  }
  return { format: "csv", labels, errors, notes: [] };
}
