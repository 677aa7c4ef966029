import type { ItemKind } from "../items/kinds";
import { db } from "../db/client";
import type { AgreementSeedItem } from "./agreement-fixtures";
import { seedQueuedTranscript, seedReviewer } from "./seed-queue-item";

export { twoReviewerTable, type AgreementSeedItem } from "./agreement-fixtures";

/**
 * Seeds a queue the way the labeling workflow leaves it after several reviewers labeled it: items,
 * each reviewer's labels at the queue's rubric version, and a consensus gold label on every item
 * whose reviewers (at least reviewersPerItem of them) all agree. For database and end-to-end tests
 * of agreement, adjudication and export. Test data only: never called by the app.
 */
export interface AgreementSeed {
  name: string;
  kind?: ItemKind;
  reviewersPerItem?: number;
  rubric?: string;
  scale?: { min: number; max: number };
  items: AgreementSeedItem[];
}

export async function seedAgreementQueue(input: AgreementSeed) {
  const kind = input.kind ?? "binary";
  const reviewersPerItem = input.reviewersPerItem ?? 2;
  return db().$transaction(async (tx) => {
    const queue = await tx.labelQueue.create({
      data: {
        name: input.name,
        kind,
        rubric: input.rubric ?? "Pass when the answer is correct and complete.",
        scaleMin: input.scale?.min ?? null,
        scaleMax: input.scale?.max ?? null,
        reviewersPerItem,
      },
    });
    const transcriptIds: Record<string, string> = {};
    const reviewers = new Map<string, string>();
    for (const [index, item] of input.items.entries()) {
      const transcriptId = await seedQueuedTranscript(
        tx,
        { id: queue.id, seed: input.name, kind },
        { ...item, split: item.split ?? "dev", finalOutput: item.output ?? `Answer for ${item.key}` },
        { index, labelCount: item.labels.length },
      );
      transcriptIds[item.key] = transcriptId;
      for (const [n, label] of item.labels.entries()) {
        await tx.label.create({
          data: {
            transcriptId,
            queueId: queue.id,
            reviewerId: await seedReviewer(tx, reviewers, label.reviewer),
            value: label.value,
            score: label.score ?? null,
            reason: label.reason ?? null,
            timeSpentMs: label.timeSpentMs ?? 1000 + n,
            judgeSeen: label.judgeSeen ?? false,
            rubricVersion: 1,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, index, n)),
          },
        });
      }
      const values = new Set(item.labels.map((l) => l.value));
      if (item.labels.length >= reviewersPerItem && values.size === 1) {
        await tx.goldLabel.create({
          data: { queueId: queue.id, transcriptId, rubricVersion: 1, value: [...values][0]!, source: "consensus" },
        });
      }
    }
    return { queueId: queue.id, transcriptIds, reviewerIds: Object.fromEntries(reviewers) };
  });
}

/** How many gold labels an item has, by rubric version (the "exactly one" check). */
export async function goldLabelsOf(queueId: string, transcriptId: string) {
  return db().goldLabel.findMany({
    where: { queueId, transcriptId },
    select: { rubricVersion: true, value: true, source: true, decidedById: true, note: true },
  });
}
