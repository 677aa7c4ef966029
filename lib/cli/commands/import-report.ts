import type { ImportReport } from "../../transcripts/report";

/** How many of a refused file's problems are printed before "… and N more". */
const SHOWN = 50;

/**
 * A refused import's problems as the lines under its headline, each naming the file: the first 50, then
 * how many more, so a file broken on every line does not flood the terminal (--json has them all).
 */
export function problemLines(file: string, errors: readonly string[]): string {
  const shown = errors.slice(0, SHOWN).map((e) => `  ${file}: ${e}`);
  if (errors.length > SHOWN) shown.push(`  … and ${errors.length - SHOWN} more`);
  return shown.join("\n");
}

/**
 * The import report as a table under the "ok:" line: parts skipped with why, fields kept in
 * metadata because no transcript field holds them, the file's scores and what a mapping made of
 * them. Nothing printed for an empty section.
 */
export function printImportReport(report: ImportReport, out: (line: string) => void): void {
  if (report.skipped.length) {
    out(`  skipped (${report.skipped.length}):`);
    for (const s of report.skipped) out(`    ${s.where}: ${s.why}`);
  }
  if (report.unmapped.length) {
    out("  kept in metadata (no transcript field):");
    table(
      ["field", "transcripts"],
      report.unmapped.map((u) => [u.field, String(u.items)]),
      out,
    );
  }
  if (report.scores.length) {
    const mapped = new Set(report.mapped.map((m) => m.score));
    out(
      report.mapped.length ? "  scores:" : "  scores (kept as scores; map one with --score NAME --pass-when CONDITION to make verdicts):",
    );
    table(
      ["score", "transcripts", "verdicts"],
      report.scores.map((s) => {
        const m = report.mapped.find((r) => r.score === s.name);
        return [
          s.name,
          String(s.items),
          m && mapped.has(s.name)
            ? `${m.judge}: ${m.pass} pass, ${m.fail} fail (passes when ${m.condition})${m.incomparable ? `, ${m.incomparable} not comparable` : ""}`
            : "none",
        ];
      }),
      out,
    );
  }
}

function table(header: string[], rows: string[][], out: (line: string) => void) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `    ${cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ")}`;
  out(line(header));
  for (const row of rows) out(line(row));
}
