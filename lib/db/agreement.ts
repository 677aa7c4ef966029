import "server-only";
import type { ItemKind } from "../items/kinds";
import type { QueueShape } from "../labeling/agreement";
import { withoutHidden, type Viewer } from "./blind";
import { db, type Db, type Tx } from "./client";

/**
 * Reads for the agreement page and the adjudication view: a queue's labels at its current rubric
 * version (labels and gold made under an earlier rubric stay stored, but current views leave them
 * out, since they answered a different question).
 */
export interface QueueSummary {
  id: string;
  name: string;
  kind: ItemKind;
  rubric: string;
  rubricVersion: number;
  reviewersPerItem: number;
  scaleMin: number | null;
  scaleMax: number | null;
  primaryDimension: string;
  /** The further dimensions as stored (lib/schemas/dimensions.ts readExtraDimensions reads them). */
  dimensions: unknown;
}

const queueFields = {
  id: true,
  name: true,
  kind: true,
  rubric: true,
  rubricVersion: true,
  reviewersPerItem: true,
  scaleMin: true,
  scaleMax: true,
  primaryDimension: true,
  dimensions: true,
} as const;

export async function findQueue(queueId: string, client: Db | Tx = db()): Promise<QueueSummary | null> {
  const queue = await client.labelQueue.findUnique({ where: { id: queueId }, select: queueFields });
  return queue ? { ...queue, kind: queue.kind as ItemKind } : null;
}

export function shapeOf(queue: Pick<QueueSummary, "kind" | "scaleMin" | "scaleMax">): QueueShape {
  return {
    kind: queue.kind,
    scale: queue.scaleMin !== null && queue.scaleMax !== null ? { min: queue.scaleMin, max: queue.scaleMax } : null,
  };
}

/** Every label of the queue at its current rubric version, oldest first, with who gave it. */
export async function loadCurrentLabels(queue: Pick<QueueSummary, "id" | "rubricVersion">, client: Db | Tx = db()) {
  return client.label.findMany({
    where: { queueId: queue.id, rubricVersion: queue.rubricVersion },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { transcriptId: true, reviewerId: true, value: true, dimensions: true, reviewer: { select: { email: true, name: true } } },
  });
}

/**
 * The labels a viewer may see on the agreement page: every current label except those on items the
 * viewer may still label (blind review), so per-reviewer counts by value never give away how others
 * labeled an item the viewer has yet to label.
 */
export async function loadVisibleLabels(queue: Pick<QueueSummary, "id" | "rubricVersion">, viewer: Viewer) {
  return withoutHidden(viewer, await loadCurrentLabels(queue));
}

/** What the agreement page shows around the statistics: counts at the current and earlier rubric versions. */
export async function agreementContext(queue: Pick<QueueSummary, "id" | "rubricVersion">) {
  const [items, olderLabels, gold] = await Promise.all([
    db().queueItem.count({ where: { queueId: queue.id } }),
    db().label.count({ where: { queueId: queue.id, rubricVersion: { lt: queue.rubricVersion } } }),
    db().goldLabel.groupBy({ by: ["source"], where: { queueId: queue.id, rubricVersion: queue.rubricVersion }, _count: { _all: true } }),
  ]);
  const goldBySource = Object.fromEntries(gold.map((g) => [g.source, g._count._all])) as Partial<
    Record<"consensus" | "adjudication" | "import", number>
  >;
  return { items, olderLabels, goldBySource };
}
