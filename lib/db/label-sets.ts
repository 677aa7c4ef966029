import "server-only";
import { labelSetHash, type SplitName } from "../judges/calibration";
import type { ItemKind } from "../items/kinds";
import { databaseProvider, databaseUrl } from "../database-url";
import { isHiddenFrom, type Viewer } from "./blind";
import { placeholders } from "./bulk";
import { db, type Db, type Tx } from "./client";

/**
 * Read access to the labeling tables for judges: a label set is a LabelQueue; its gold labels at the
 * queue's current rubric version, split into dev and test by QueueItem.split, are what a judge is
 * measured against. (The labeling workflow itself lives elsewhere; this only reads.)
 */
export interface GoldRow {
  transcriptId: string;
  value: string;
  score: number | null;
  transcript: {
    id: string;
    externalId: string | null;
    taskPrompt: string;
    rubric: string | null;
    criterion: string | null;
    finalOutput: string | null;
    content: unknown;
  };
}

export async function listLabelSets() {
  const client = db();
  const [queues, counts] = await Promise.all([
    client.labelQueue.findMany({
      where: { archivedAt: null },
      orderBy: { name: "asc" },
      select: { id: true, name: true, kind: true, rubricVersion: true },
    }),
    goldCounts(client),
  ]);
  return queues.map((queue) => ({
    ...queue,
    kind: queue.kind as ItemKind,
    devGold: counts.get(`${queue.id}/dev`) ?? 0,
    testGold: counts.get(`${queue.id}/test`) ?? 0,
  }));
}

/**
 * Gold items (at the queue's current rubric version) per split of every label set not archived, counted by the
 * database in one statement: reading the rows to count them took most of a judge version page's time.
 */
async function goldCounts(client: Db | Tx): Promise<Map<string, number>> {
  const rows = await client.$queryRawUnsafe<{ queue_id: string; split: string; n: number | bigint }[]>(
    `SELECT i."queue_id", CAST(i."split" AS TEXT) AS "split", COUNT(*) AS "n" FROM "queue_items" i
     JOIN "label_queues" q ON q."id" = i."queue_id"
     JOIN "gold_labels" g ON g."queue_id" = i."queue_id" AND g."transcript_id" = i."transcript_id" AND g."rubric_version" = q."rubric_version"
     WHERE q."archived_at" IS NULL GROUP BY i."queue_id", i."split"`,
  );
  return new Map(rows.map((r) => [`${r.queue_id}/${r.split}`, Number(r.n)]));
}

export async function findLabelSet(idOrName: string, client: Db | Tx = db()) {
  return client.labelQueue.findFirst({ where: { OR: [{ id: idOrName }, { name: idOrName }] } });
}

/** The gold labels of one split at the queue's current rubric version, with their transcripts. */
export async function loadGoldSplit(queueId: string, split: SplitName, client: Db | Tx = db()) {
  const queue = await client.labelQueue.findUnique({ where: { id: queueId } });
  if (!queue) return null;
  const items = await client.queueItem.findMany({ where: { queueId, split }, select: { transcriptId: true } });
  const inSplit = new Set(items.map((i) => i.transcriptId));
  const gold = await client.goldLabel.findMany({
    where: { queueId, rubricVersion: queue.rubricVersion },
    orderBy: { transcriptId: "asc" },
    select: {
      transcriptId: true,
      value: true,
      score: true,
      transcript: {
        select: { id: true, externalId: true, taskPrompt: true, rubric: true, criterion: true, finalOutput: true, content: true },
      },
    },
  });
  return {
    queue: { ...queue, kind: queue.kind as ItemKind },
    gold: gold.filter((g) => inSplit.has(g.transcriptId)) as GoldRow[],
    /** Every item of the split, gold or not (the human ceiling's population). */
    splitIds: [...inSplit],
  };
}

/** The hash the gate compares a calibration's labelSetHash with: the split's gold set as it is now. */
export async function currentLabelSetHash(queueId: string, split: SplitName, client: Db | Tx = db()): Promise<string | null> {
  return (await labelSetsNow([queueId], split, client)).get(queueId)?.hash ?? null;
}

/**
 * Several label sets as they are now: name and the hash of the split's gold set (null when it has none),
 * in two statements whatever their number. A queue that does not exist is left out.
 */
export async function labelSetsNow(
  queueIds: readonly string[],
  split: SplitName,
  client: Db | Tx = db(),
): Promise<Map<string, { id: string; name: string; hash: string | null }>> {
  const ids = [...new Set(queueIds)];
  if (ids.length === 0) return new Map();
  const provider = databaseProvider(databaseUrl());
  // Only ids and values, as plain rows: every page that shows a judge's state asks for this (a HANNA version's
  // page for six sets of ~500 items), and mapping them through the query builder cost several times the read.
  const [queues, gold] = await Promise.all([
    client.labelQueue.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    client.$queryRawUnsafe<{ queue_id: string; transcript_id: string; value: string }[]>(
      `SELECT g."queue_id", g."transcript_id", g."value" FROM "gold_labels" g
       JOIN "label_queues" q ON q."id" = g."queue_id" AND q."rubric_version" = g."rubric_version"
       JOIN "queue_items" i ON i."queue_id" = g."queue_id" AND i."transcript_id" = g."transcript_id"
       WHERE g."queue_id" IN (${placeholders(provider, ids.length)}) AND CAST(i."split" AS TEXT) = ${placeholders(provider, 1, ids.length)}`,
      ...ids,
      split,
    ),
  ]);
  const current = new Map<string, { transcriptId: string; value: string }[]>(queues.map((q) => [q.id, []]));
  for (const g of gold) current.get(g.queue_id)?.push({ transcriptId: g.transcript_id, value: g.value });
  return new Map(
    queues.map((q) => {
      const rows = current.get(q.id)!;
      return [q.id, { id: q.id, name: q.name, hash: rows.length === 0 ? null : labelSetHash(rows) }];
    }),
  );
}

/** Every reviewer's label on these items (null: on every item) at the rubric version, oldest first (for the human–human ceiling). */
export async function loadHumanLabels(queueId: string, rubricVersion: number, transcriptIds: string[] | null, client: Db | Tx = db()) {
  const labels = await client.label.findMany({
    where: { queueId, rubricVersion },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { transcriptId: true, reviewerId: true, value: true },
  });
  if (transcriptIds === null) return labels;
  const ids = new Set(transcriptIds);
  return labels.filter((l) => ids.has(l.transcriptId));
}

/**
 * A transcript for the judge pages, with what blind review needs to know: whether it has a settled
 * gold label anywhere, and whether this user labeled it. Until one of those holds, the pages do not
 * show judge verdicts for it.
 */
/**
 * A transcript for the judged-item page. Its gold labels and verdicts are withheld while the viewer
 * may still label it (blind review, lib/db/blind.ts).
 */
export async function transcriptForJudgePage(transcriptId: string, viewer: Viewer) {
  const transcript = await db().transcript.findUnique({ where: { id: transcriptId } });
  if (!transcript) return null;
  if (await isHiddenFrom(viewer, transcriptId)) return { transcript, gold: [], verdictsVisible: false };
  const gold = await db().goldLabel.findMany({
    where: { transcriptId },
    select: { value: true, queue: { select: { name: true, rubricVersion: true } }, rubricVersion: true },
  });
  const current = gold.filter((g) => g.rubricVersion === g.queue.rubricVersion).map((g) => ({ queue: g.queue.name, value: g.value }));
  return { transcript, gold: current, verdictsVisible: true };
}

/** Which split each item of a queue is in (the human ceiling of a split reads them). */
export async function queueItemSplits(queueId: string, client: Db | Tx = db()) {
  return client.queueItem.findMany({ where: { queueId }, select: { transcriptId: true, split: true } });
}
