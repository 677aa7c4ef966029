import "server-only";
import { labelSetHash, type SplitName } from "../judges/calibration";
import type { ItemKind } from "../items/kinds";
import { isHiddenFrom, type Viewer } from "./blind";
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
  const queues = await db().labelQueue.findMany({
    where: { archivedAt: null },
    orderBy: { name: "asc" },
    select: { id: true, name: true, kind: true, rubricVersion: true },
  });
  return Promise.all(
    queues.map(async (queue) => {
      const counts = await goldCounts(db(), queue.id, queue.rubricVersion);
      return { ...queue, kind: queue.kind as ItemKind, ...counts };
    }),
  );
}

async function goldCounts(client: Db | Tx, queueId: string, rubricVersion: number) {
  const [items, gold] = await Promise.all([
    client.queueItem.findMany({ where: { queueId }, select: { transcriptId: true, split: true } }),
    client.goldLabel.findMany({ where: { queueId, rubricVersion }, select: { transcriptId: true } }),
  ]);
  const golden = new Set(gold.map((g) => g.transcriptId));
  const dev = items.filter((i) => i.split === "dev" && golden.has(i.transcriptId)).length;
  const test = items.filter((i) => i.split === "test" && golden.has(i.transcriptId)).length;
  return { devGold: dev, testGold: test };
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
  return { queue: { ...queue, kind: queue.kind as ItemKind }, gold: gold.filter((g) => inSplit.has(g.transcriptId)) as GoldRow[] };
}

/** The hash the gate compares a calibration's labelSetHash with: the split's gold set as it is now. */
export async function currentLabelSetHash(queueId: string, split: SplitName, client: Db | Tx = db()): Promise<string | null> {
  // Only ids and values: every page that shows a judge's state asks for this, and transcripts can be large.
  const queue = await client.labelQueue.findUnique({ where: { id: queueId }, select: { rubricVersion: true } });
  if (!queue) return null;
  const [items, gold] = await Promise.all([
    client.queueItem.findMany({ where: { queueId, split }, select: { transcriptId: true } }),
    client.goldLabel.findMany({ where: { queueId, rubricVersion: queue.rubricVersion }, select: { transcriptId: true, value: true } }),
  ]);
  const inSplit = new Set(items.map((i) => i.transcriptId));
  const current = gold.filter((g) => inSplit.has(g.transcriptId));
  return current.length === 0 ? null : labelSetHash(current);
}

/** Every reviewer's label on these items at the rubric version, oldest first (for the human–human ceiling). */
export async function loadHumanLabels(queueId: string, rubricVersion: number, transcriptIds: string[], client: Db | Tx = db()) {
  const ids = new Set(transcriptIds);
  const labels = await client.label.findMany({
    where: { queueId, rubricVersion },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { transcriptId: true, reviewerId: true, value: true },
  });
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
