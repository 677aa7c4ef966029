import "server-only";
import type { SplitName } from "../judges/calibration";
import type { GoldBackingRow } from "../judges/human-backing";
import { databaseProvider, databaseUrl } from "../database-url";
import { placeholders } from "./bulk";
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
  // One row per gold item, its reviewers counted in SQL: a HANNA version's page asks this of six label sets, and the
  // split's items, the gold and every label (4,800 rows a set) mapped through the query builder took 80-120 ms a view.
  const [p1, p2, p3] = placeholders(databaseProvider(databaseUrl()), 3).split(", ");
  const rows = await client.$queryRawUnsafe<{ transcript_id: string; source: string; reviewers: number | bigint }[]>(
    `SELECT g."transcript_id", CAST(g."source" AS TEXT) AS "source", COUNT(DISTINCT l."reviewer_id") AS "reviewers"
     FROM "gold_labels" g
     JOIN "queue_items" i ON i."queue_id" = g."queue_id" AND i."transcript_id" = g."transcript_id"
     LEFT JOIN "labels" l ON l."queue_id" = g."queue_id" AND l."transcript_id" = g."transcript_id" AND l."rubric_version" = g."rubric_version"
     WHERE g."queue_id" = ${p1} AND g."rubric_version" = ${p2} AND CAST(i."split" AS TEXT) = ${p3}
     GROUP BY g."transcript_id", g."source"`,
    queueId,
    queue.rubricVersion,
    split,
  );
  return rows.map((r) => ({ transcriptId: r.transcript_id, source: r.source, reviewers: Number(r.reviewers) }));
}
