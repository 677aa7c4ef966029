import "server-only";
import { compareWithPublished, publishedFigure, type AsPublishedCell, type PublishedFigure } from "../real-data/hanna-published";
import { readHannaAsPublished, type StoredHannaAsPublished } from "../db/hanna-published";

/** HANNA "as published": every cell of the paper's figure recomputed with the paper's convention, and whether it matches. */
export interface AsPublishedTable {
  source: PublishedFigure["source"];
  cells: (AsPublishedCell & { versionId: string | null })[];
  matching: number;
}

/** The comparison of one stored read, made once: a read kept by its fingerprint gives the same table. */
const tables = new WeakMap<StoredHannaAsPublished, AsPublishedTable>();

function compare(figure: PublishedFigure, { versionOf, given, goldOf }: StoredHannaAsPublished): AsPublishedTable {
  const cells = compareWithPublished(figure, (llm, variant, criterion) => {
    const version = versionOf(llm, variant);
    if (!version) return null;
    const values = given.get(version.id)!;
    const ratings: number[] = [];
    const means: number[] = [];
    for (const g of goldOf(criterion)) {
      const value = values.get(g.transcriptId);
      if (value === undefined || value === null) continue;
      ratings.push(value);
      means.push(g.mean);
    }
    return { llm: ratings, human: means };
  }).map((cell) => ({ ...cell, versionId: versionOf(cell.llm, cell.variant)?.id ?? null }));
  return { source: figure.source, cells, matching: cells.filter((c) => c.matches).length };
}

/**
 * HANNA's "as published" table: read the imported verdicts and gold means (lib/db/hanna-published.ts), then compare
 * them with the paper's figure (lib/real-data/hanna-published.ts). Null when no HANNA label set has been imported.
 */
export async function loadHannaAsPublished(): Promise<AsPublishedTable | null> {
  const figure = publishedFigure();
  const stored = await readHannaAsPublished(figure);
  if (!stored) return null;
  let table = tables.get(stored);
  if (!table) tables.set(stored, (table = compare(figure, stored)));
  return table;
}
