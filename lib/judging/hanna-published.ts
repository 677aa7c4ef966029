import "server-only";
import { createHash } from "node:crypto";
import { compareWithPublished, publishedFigure, type AsPublishedCell, type PublishedFigure } from "../real-data/hanna-published";
import { hannaAsPublishedFingerprint, readHannaAsPublished, type StoredHannaAsPublished } from "../db/hanna-published";
import { storedSummary } from "../db/stored-summaries";

/** HANNA "as published": every cell of the paper's figure recomputed with the paper's convention, and whether it matches. */
export interface AsPublishedTable {
  source: PublishedFigure["source"];
  cells: (AsPublishedCell & { versionId: string | null })[];
  matching: number;
}

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

/** The figure shipped with Gavel is part of what the table is made from: a new figure makes a new table. */
let figureHash: string | null = null;
const figurePrint = () => (figureHash ??= createHash("sha256").update(JSON.stringify(publishedFigure())).digest("hex"));

/** Version 1: compare over readHannaAsPublished. Bump it when either changes what the table holds. */
const asPublished = storedSummary<AsPublishedTable | null>("hanna-as-published", {
  version: 1,
  fingerprint: async () => `${figurePrint()}/${await hannaAsPublishedFingerprint(publishedFigure())}`,
  compute: async () => {
    const figure = publishedFigure();
    const stored = await readHannaAsPublished(figure);
    return stored && compare(figure, stored);
  },
});

/**
 * HANNA's "as published" table: read the imported verdicts and gold means (lib/db/hanna-published.ts), then compare
 * them with the paper's figure (lib/real-data/hanna-published.ts); stored (lib/db/stored-summaries.ts), so it is made
 * once per change of what it reads. Null when no HANNA label set has been imported.
 */
export function loadHannaAsPublished(): Promise<AsPublishedTable | null> {
  return asPublished.get();
}

/** Stores the table unless the stored one is current: the import calls it, so no page view makes it. */
export function storeHannaAsPublished(): Promise<void> {
  return asPublished.refresh();
}
