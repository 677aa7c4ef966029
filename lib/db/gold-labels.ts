import "server-only";
import type { SplitName } from "../judges/calibration";
import type { GoldBackingRow } from "../judges/human-backing";
import { db, type Db, type Tx } from "./client";

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
  /** The further dimensions' values an adjudicator settled, as stored ({ name: value }), or null. */
  dimensions: unknown;
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
      dimensions: true,
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
      dimensions: g.dimensions,
      split: split.get(g.transcriptId) ?? null,
      createdAt: g.createdAt,
    })),
    total,
    page,
    pages,
  };
}

/**
 * The gold labels of a label set's split at its current rubric version, each with its source and how many distinct
 * reviewers labeled the item at that version: what lib/judges/human-backing.ts reads.
 */
export async function readGoldBacking(queueId: string, split: SplitName, client: Db | Tx = db()): Promise<GoldBackingRow[] | null> {
  const queue = await client.labelQueue.findUnique({ where: { id: queueId }, select: { rubricVersion: true } });
  if (!queue) return null;
  const [items, gold, labels] = await Promise.all([
    client.queueItem.findMany({ where: { queueId, split }, select: { transcriptId: true } }),
    client.goldLabel.findMany({ where: { queueId, rubricVersion: queue.rubricVersion }, select: { transcriptId: true, source: true } }),
    client.label.findMany({ where: { queueId, rubricVersion: queue.rubricVersion }, select: { transcriptId: true, reviewerId: true } }),
  ]);
  const inSplit = new Set(items.map((i) => i.transcriptId));
  const reviewers = new Map<string, Set<string>>();
  for (const l of labels) reviewers.set(l.transcriptId, (reviewers.get(l.transcriptId) ?? new Set()).add(l.reviewerId));
  return gold
    .filter((g) => inSplit.has(g.transcriptId))
    .map((g) => ({ transcriptId: g.transcriptId, source: g.source, reviewers: reviewers.get(g.transcriptId)?.size ?? 0 }));
}
