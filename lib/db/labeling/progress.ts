import "server-only";
import { db } from "../client";
import { direct, sql } from "./sql";

/** Done, skipped and time for one reviewer in one queue (the "Reviewers" table and the item page). */
export interface ReviewerProgress {
  reviewerId: string;
  email: string;
  name: string | null;
  labeled: number;
  skipped: number;
  judgeSeen: number;
  /** Sum of the time the browser measured on each labeled item; labels with no time recorded are left out. */
  timeSpentMs: number;
  /** Labels with a time recorded (the mean's denominator). */
  timed: number;
}

export interface QueueProgress {
  total: number;
  /** Items with every label they need. */
  done: number;
  labels: number;
  reviewers: ReviewerProgress[];
}

export async function queueProgress(queueId: string, reviewersPerItem: number): Promise<QueueProgress> {
  const client = db();
  const [total, done, perReviewer, skips, seen] = await Promise.all([
    client.queueItem.count({ where: { queueId } }),
    client.queueItem.count({ where: { queueId, labelCount: { gte: reviewersPerItem } } }),
    client.label.groupBy({
      by: ["reviewerId"],
      where: { queueId },
      _count: { _all: true, timeSpentMs: true },
      _sum: { timeSpentMs: true },
    }),
    client.labelSkip.groupBy({ by: ["reviewerId"], where: { queueItem: { queueId } }, _count: { _all: true } }),
    client.label.groupBy({ by: ["reviewerId"], where: { queueId, judgeSeen: true }, _count: { _all: true } }),
  ]);
  const ids = [...new Set([...perReviewer.map((r) => r.reviewerId), ...skips.map((s) => s.reviewerId)])];
  const users = await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, name: true } });
  const count = (rows: { reviewerId: string; _count: { _all: number } }[], id: string) =>
    rows.find((r) => r.reviewerId === id)?._count._all ?? 0;
  const reviewers = users
    .map((u) => {
      const own = perReviewer.find((r) => r.reviewerId === u.id);
      return {
        reviewerId: u.id,
        email: u.email,
        name: u.name,
        labeled: count(perReviewer, u.id),
        skipped: count(skips, u.id),
        judgeSeen: count(seen, u.id),
        timeSpentMs: own?._sum.timeSpentMs ?? 0,
        timed: own?._count.timeSpentMs ?? 0,
      };
    })
    .sort((a, b) => b.labeled - a.labeled || a.email.localeCompare(b.email));
  return { total, done, labels: perReviewer.reduce((sum, r) => sum + r._count._all, 0), reviewers };
}

/** One reviewer's standing in a queue, for the item page. */
export interface MyProgress {
  /** Labels given in this queue (every rubric version). */
  labeled: number;
  /** Items still open to this reviewer: short of labels, and neither labeled nor skipped by them under the current rubric. */
  left: number;
  timeSpentMs: number;
  timed: number;
}

/**
 * In one statement. "Left" counts the items still short of labels and takes away those this
 * reviewer already labeled (current rubric) or skipped: items other reviewers hold right now are
 * still left, as they come back when the hold lapses.
 */
export async function myProgress(
  queue: { id: string; reviewersPerItem: number; rubricVersion: number },
  reviewerId: string,
): Promise<MyProgress> {
  const on = direct();
  const [row] = await on.query(
    sql(
      on,
      `SELECT
         (SELECT COUNT(*) FROM "queue_items" qi WHERE qi."queue_id" = ? AND qi."label_count" < ?) AS "open",
         (SELECT COUNT(*) FROM "labels" l JOIN "queue_items" qi ON qi."queue_id" = l."queue_id" AND qi."transcript_id" = l."transcript_id"
            WHERE l."queue_id" = ? AND l."reviewer_id" = ? AND l."rubric_version" = ? AND qi."label_count" < ?) AS "mine_open",
         (SELECT COUNT(*) FROM "label_skips" s JOIN "queue_items" qi ON qi."id" = s."queue_item_id"
            WHERE s."reviewer_id" = ? AND qi."queue_id" = ? AND qi."label_count" < ?) AS "skipped_open",
         (SELECT COUNT(*) FROM "labels" l WHERE l."queue_id" = ? AND l."reviewer_id" = ?) AS "labeled",
         (SELECT COUNT(l."time_spent_ms") FROM "labels" l WHERE l."queue_id" = ? AND l."reviewer_id" = ?) AS "timed",
         (SELECT COALESCE(SUM(l."time_spent_ms"), 0) FROM "labels" l WHERE l."queue_id" = ? AND l."reviewer_id" = ?) AS "time_spent"`,
    ),
    [
      queue.id,
      queue.reviewersPerItem,
      queue.id,
      reviewerId,
      queue.rubricVersion,
      queue.reviewersPerItem,
      reviewerId,
      queue.id,
      queue.reviewersPerItem,
      queue.id,
      reviewerId,
      queue.id,
      reviewerId,
      queue.id,
      reviewerId,
    ],
  );
  const n = (v: unknown) => Number(v ?? 0);
  return {
    labeled: n(row?.labeled),
    left: Math.max(0, n(row?.open) - n(row?.mine_open) - n(row?.skipped_open)),
    timeSpentMs: n(row?.time_spent),
    timed: n(row?.timed),
  };
}
