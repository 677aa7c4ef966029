/** Prints a benchmark's rows (the first is the header) as right-aligned columns, two spaces apart. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padStart(widths[i]!)).join("  "));
}
