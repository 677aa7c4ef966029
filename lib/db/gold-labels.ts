import "server-only";
import { db } from "./client";

export const GOLD_PAGE_SIZE = 50;
export type GoldSourceFilter = "consensus" | "adjudication" | "import";

export interface GoldRow {
  transcriptId: string;
  externalId: string | null;
  value: string;
  score: number | null;
  source: GoldSourceFilter;
  rubricVersion: number;
  decidedBy: string | null;
  note: string | null;
  split: string | null;
  createdAt: Date;
}

/**
 * A queue's gold labels, newest first, a page at a time: by default those of the current rubric
 * version (the ones calibration uses), or of one earlier version. The split comes from the queue's
 * item (a gold label outlives its item if the item is removed: then it has none).
 */
export async function listGoldLabels(
  queue: { id: string; rubricVersion: number },
  options: { version?: number; source?: GoldSourceFilter; page?: number } = {},
): Promise<{ rows: GoldRow[]; total: number; page: number; pages: number }> {
  const client = db();
  const where = {
    queueId: queue.id,
    rubricVersion: options.version ?? queue.rubricVersion,
    ...(options.source ? { source: options.source } : {}),
  };
  const total = await client.goldLabel.count({ where });
  const pages = Math.max(1, Math.ceil(total / GOLD_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page ?? 1), pages);
  const gold = await client.goldLabel.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * GOLD_PAGE_SIZE,
    take: GOLD_PAGE_SIZE,
    select: {
      transcriptId: true,
      value: true,
      score: true,
      source: true,
      rubricVersion: true,
      note: true,
      createdAt: true,
      decidedBy: { select: { email: true } },
      transcript: { select: { externalId: true } },
    },
  });
  const items = await client.queueItem.findMany({
    where: { queueId: queue.id, transcriptId: { in: gold.map((g) => g.transcriptId) } },
    select: { transcriptId: true, split: true },
  });
  const split = new Map(items.map((i) => [i.transcriptId, i.split]));
  return {
    rows: gold.map((g) => ({
      transcriptId: g.transcriptId,
      externalId: g.transcript.externalId,
      value: g.value,
      score: g.score,
      source: g.source,
      rubricVersion: g.rubricVersion,
      decidedBy: g.decidedBy?.email ?? null,
      note: g.note,
      split: split.get(g.transcriptId) ?? null,
      createdAt: g.createdAt,
    })),
    total,
    page,
    pages,
  };
}
