import type { MappedSummary } from "./score-mapping";
import type { ImportItem, SkippedPart } from "./types";

/**
 * The import report of one file, beside the counts: what was skipped and why, which source fields
 * had no transcript field (kept in metadata) and in how many transcripts, which scores the file
 * carries, and what a score mapping made of them. The CLI prints it (table or --json), the import
 * page shows it and POST /api/transcripts/import returns it. Pure.
 */
export interface ImportReport {
  skipped: SkippedPart[];
  /** Source fields kept in content.metadata, with how many transcripts had them. */
  unmapped: { field: string; items: number }[];
  /** The peer's scores in the file, by name: how many transcripts carry each. */
  scores: { name: string; items: number }[];
  /** What the user's score mapping gave, per rule (empty without a mapping: no score became a verdict). */
  mapped: MappedSummary[];
}

function tally(names: string[][]): { name: string; items: number }[] {
  const counts = new Map<string, number>();
  for (const list of names) for (const name of new Set(list)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, items]) => ({ name, items }));
}

export function importReport(items: ImportItem[], skipped: SkippedPart[], mapped: MappedSummary[]): ImportReport {
  return {
    skipped,
    unmapped: tally(items.map((i) => i.unmapped ?? [])).map(({ name, items }) => ({ field: name, items })),
    scores: tally(items.map((i) => (i.scores ?? []).map((s) => s.name))),
    mapped,
  };
}
