import type { ExtraDimension } from "../schemas/dimensions";

export interface DimensionLine {
  name: string;
  /** The value as text ("hallucination", "slow, rude", "4"), or null when the reviewer left it blank. */
  value: string | null;
}

function asText(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === "string" && v !== "");
    return parts.length ? parts.join(", ") : null;
  }
  return null;
}

/**
 * A label's further dimensions (the failure reason beside pass/fail, say) as lines to show wherever the
 * label is shown: the reviewer's last label, the adjudication table, the gold list. Every one of the
 * queue's dimensions gets a line, blank ones as null, in the queue's order; stored values for a
 * dimension the queue no longer has are kept, after them, rather than silently dropped.
 */
export function dimensionSummary(dimensions: readonly ExtraDimension[], stored: unknown): DimensionLine[] {
  const values = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const known = new Set(dimensions.map((d) => d.name));
  return [
    ...dimensions.map((d) => ({ name: d.name, value: asText(values[d.name]) })),
    ...Object.keys(values)
      .filter((name) => !known.has(name))
      .map((name) => ({ name, value: asText(values[name]) })),
  ];
}

/** "failure reason: hallucination · tone: 4" (blank ones as "—"); empty when the queue has none. */
export function dimensionSummaryText(lines: readonly DimensionLine[]): string {
  return lines.map((l) => `${l.name}: ${l.value ?? "—"}`).join(" · ");
}
