export { ms, pct, ratio, undefinedPassAtKNote, usd } from "@/lib/format";

export const VERDICT_LETTER = { pass: "P", fail: "F", skipped: "S", error: "E" } as const;

/** Left-aligned columns separated by two spaces; every row is padded to the widest cell. */
export function columns(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")).join("\n");
}
