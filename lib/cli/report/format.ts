/** Fixed formats for the CLI report: undefined statistics print as "undefined", never 0 or 1. */
export const pct = (x: number | null) => (x === null ? "undefined" : `${(x * 100).toFixed(1)}%`);
export const ratio = (x: number | null) => (x === null ? "undefined" : x.toFixed(2));
export const ms = (x: number | null) => (x === null ? "n/a" : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
export const usd = (x: number | null) => (x === null ? "n/a" : `$${x.toFixed(4)}`);

export const VERDICT_LETTER = { pass: "P", fail: "F", skipped: "S", error: "E" } as const;

/** Left-aligned columns separated by two spaces; every row is padded to the widest cell. */
export function columns(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")).join("\n");
}
