import "server-only";
import { randomUUID } from "node:crypto";
import { UserError } from "../../errors";
import { db } from "../client";
import { settleItemGold } from "../pending-gold";
import { retryOnConflict } from "../retry";
import { CLAIM_MS, type NextItem } from "./next";
import { newestOwnLabel } from "./reveal";

/**
 * Takes back the reviewer's most recent label in the queue: the label goes, the item's count drops,
 * a consensus gold label that no longer holds goes too (an adjudicated one stays: a person decided
 * it; one a gating judge stands on is held for a second person's confirmation, lib/db/pending-gold.ts),
 * and the reviewer holds the item again so the page can show it. A label whose judge verdict the
 * reviewer has seen cannot be undone: relabeling it would no longer be blind.
 */
export async function undoLastLabel(queueId: string, reviewerId: string, now = new Date()): Promise<NextItem> {
  return retryOnConflict(() =>
    db().$transaction(async (tx) => {
      const label = await tx.label.findFirst({
        ...newestOwnLabel(queueId, reviewerId),
        select: {
          id: true,
          transcriptId: true,
          judgeSeen: true,
          rubricVersion: true,
          queue: { select: { rubricVersion: true, reviewersPerItem: true } },
        },
      });
      if (!label) throw new UserError("Nothing to undo: you have no labels in this queue.", 409);
      if (label.judgeSeen) throw new UserError("Your last label cannot be undone: you have seen the judge's verdict on that item.", 409);
      const item = await tx.queueItem.findUnique({
        where: { queueId_transcriptId: { queueId, transcriptId: label.transcriptId } },
        select: { id: true },
      });
      if (!item) throw new UserError("That item is no longer in this queue.", 409);
      // Locks the item's row first (as submitLabel does): a label arriving at the same time sees this undo.
      await tx.queueItem.updateMany({ where: { id: item.id }, data: { labelCount: { increment: 0 } } });
      await tx.label.delete({ where: { id: label.id } });
      await tx.queueItem.updateMany({ where: { id: item.id, labelCount: { gt: 0 } }, data: { labelCount: { decrement: 1 } } });
      const key = { queueId, transcriptId: label.transcriptId, rubricVersion: label.rubricVersion };
      if (label.queue && label.rubricVersion === label.queue.rubricVersion) {
        await settleItemGold(tx, { ...key, reviewersPerItem: label.queue.reviewersPerItem, actorId: reviewerId, cause: "undo", now });
      } else {
        // Gold of an earlier rubric version is no judge's evidence any more: it follows the labels as before.
        await tx.goldLabel.deleteMany({ where: { ...key, source: "consensus" } });
      }
      const expiresAt = new Date(now.getTime() + CLAIM_MS);
      await tx.queueClaim.upsert({
        where: { queueItemId_reviewerId: { queueItemId: item.id, reviewerId } },
        create: { id: randomUUID(), queueItemId: item.id, reviewerId, expiresAt, createdAt: now },
        update: { expiresAt },
      });
      return { queueItemId: item.id, transcriptId: label.transcriptId };
    }),
  );
}
