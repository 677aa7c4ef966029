import "server-only";
import { UserError } from "../../errors";
import { SCOPES } from "../../roles";
import type { ReopenStrandedInput } from "../../schemas/my-labels";
import { recordAudit } from "../audit";
import { bulkTransaction } from "../bulk";
import { db } from "../client";
import { direct, sql, type Reader } from "./sql";

/**
 * Stranded items: items still short of labels that the people left cannot finish. Who may label a
 * queue is its pool — its assigned reviewers, or everyone who may label when it has none (enabled
 * accounts with labels:write). A pool member who skipped the item, or already labeled its transcript
 * (here at the current rubric, or in another queue: one label per reviewer per transcript), cannot
 * give it a label; when fewer are left than the labels it still needs, it is stranded — a 2-reviewer
 * queue with two assigned reviewers, one of whom skipped, is the common case.
 *
 * With a pool at least as large as reviewersPerItem only a skip can strand an item, so only items with
 * a skip are examined (few, against a million-item queue); a pool that is too small strands every open
 * item and says so.
 */
const LABELERS = (SCOPES["labels:write"] as readonly string[]).map((r) => `'${r}'`).join(", ");

/** The queue's pool (two `?`: the queue id twice). */
const POOL = `SELECT u."id" FROM "users" u WHERE CAST(u."role" AS TEXT) IN (${LABELERS}) AND u."disabled_at" IS NULL
  AND (NOT EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = ?)
       OR EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = ? AND a."user_id" = u."id"))`;

export interface QueueShape {
  id: string;
  reviewersPerItem: number;
  rubricVersion: number;
}

/** "qi is stranded" and its parameters, for a pool of this size (the item browser filters by it too). */
export function strandedWhere(queue: QueueShape, pool: number): { where: string; params: unknown[] } {
  const onlySkipped = pool >= queue.reviewersPerItem;
  return {
    where: `qi."queue_id" = ? AND qi."label_count" < ?
      ${onlySkipped ? `AND EXISTS (SELECT 1 FROM "label_skips" s0 WHERE s0."queue_item_id" = qi."id")` : ""}
      AND ? - (SELECT COUNT(*) FROM "users" p WHERE p."id" IN (${POOL})
                 AND (EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id" AND s."reviewer_id" = p."id")
                      OR EXISTS (SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = p."id"
                                   AND NOT (COALESCE(l."queue_id", '') = qi."queue_id" AND l."rubric_version" < ?))))
          < ? - qi."label_count"`,
    params: [queue.id, queue.reviewersPerItem, pool, queue.id, queue.id, queue.rubricVersion, queue.reviewersPerItem],
  };
}

export async function poolSize(on: Reader, queueId: string): Promise<number> {
  const [row] = await on.query(sql(on, `SELECT COUNT(*) AS "n" FROM (${POOL}) pool`), [queueId, queueId]);
  return Number(row?.n ?? 0);
}

export interface StrandedItem {
  queueItemId: string;
  itemKey: string;
  labels: number;
  /** Who skipped it (emails): the adjudicator sees everything about an item. */
  skippedBy: string[];
}

export interface QueueStanding {
  /** People who may label the queue. */
  pool: number;
  /** Items with every label they need. */
  done: number;
  /** Items still short of labels that the pool can finish. */
  left: number;
  /** Items short of labels with at least one skip. */
  skipped: number;
  stranded: number;
  /** The first stranded items in queue order (at most 20), for the warning. */
  strandedItems: StrandedItem[];
  /** Per reviewer: items left for them (open, neither labeled nor skipped), and stranded items they skipped. */
  reviewers: Map<string, { left: number; stranded: number }>;
}

/** Done / left / skipped / stranded for a queue and for each of its reviewers, in a handful of statements. */
export async function queueStanding(queue: QueueShape): Promise<QueueStanding> {
  const on = direct();
  const pool = await poolSize(on, queue.id);
  const stranded = strandedWhere(queue, pool);
  const rpi = queue.reviewersPerItem;
  const [counts, strandedRows, leftRows, strandedBy] = await Promise.all([
    on.query(
      sql(
        on,
        `SELECT
           (SELECT COUNT(*) FROM "queue_items" qi WHERE qi."queue_id" = ? AND qi."label_count" >= ?) AS "done",
           (SELECT COUNT(*) FROM "queue_items" qi WHERE qi."queue_id" = ? AND qi."label_count" < ?) AS "open",
           (SELECT COUNT(*) FROM "queue_items" qi WHERE qi."queue_id" = ? AND qi."label_count" < ?
              AND EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id")) AS "skipped",
           (SELECT COUNT(*) FROM "queue_items" qi WHERE ${stranded.where}) AS "stranded"`,
      ),
      [queue.id, rpi, queue.id, rpi, queue.id, rpi, ...stranded.params],
    ),
    on.query(
      sql(
        on,
        `SELECT qi."id", qi."label_count", t."external_id", t."id" AS "transcript_id" FROM "queue_items" qi
         JOIN "transcripts" t ON t."id" = qi."transcript_id"
         WHERE ${stranded.where} ORDER BY qi."order_key" LIMIT 20`,
      ),
      stranded.params,
    ),
    // Per pool member: open items they labeled (current rubric) or skipped; "left" is open minus both.
    on.query(
      sql(
        on,
        `SELECT p."id" AS "reviewer_id",
           (SELECT COUNT(*) FROM "labels" l JOIN "queue_items" qi ON qi."queue_id" = l."queue_id" AND qi."transcript_id" = l."transcript_id"
              WHERE l."queue_id" = ? AND l."reviewer_id" = p."id" AND l."rubric_version" = ? AND qi."label_count" < ?) AS "labeled_open",
           (SELECT COUNT(*) FROM "label_skips" s JOIN "queue_items" qi ON qi."id" = s."queue_item_id"
              WHERE s."reviewer_id" = p."id" AND qi."queue_id" = ? AND qi."label_count" < ?) AS "skipped_open"
         FROM "users" p WHERE p."id" IN (${POOL})`,
      ),
      [queue.id, queue.rubricVersion, rpi, queue.id, rpi, queue.id, queue.id],
    ),
    on.query(
      sql(
        on,
        `SELECT s."reviewer_id", COUNT(*) AS "n" FROM "label_skips" s JOIN "queue_items" qi ON qi."id" = s."queue_item_id"
         WHERE ${stranded.where} GROUP BY s."reviewer_id"`,
      ),
      stranded.params,
    ),
  ]);
  const n = (v: unknown) => Number(v ?? 0);
  const row = counts[0] ?? {};
  const open = n(row.open);
  const ids = strandedRows.map((r) => String(r.id));
  const skips = ids.length
    ? await db().labelSkip.findMany({
        where: { queueItemId: { in: ids } },
        orderBy: { createdAt: "asc" },
        select: { queueItemId: true, reviewer: { select: { email: true } } },
      })
    : [];
  const reviewers = new Map<string, { left: number; stranded: number }>();
  for (const r of leftRows)
    reviewers.set(String(r.reviewer_id), { left: Math.max(0, open - n(r.labeled_open) - n(r.skipped_open)), stranded: 0 });
  for (const r of strandedBy) {
    const id = String(r.reviewer_id);
    reviewers.set(id, { left: reviewers.get(id)?.left ?? 0, stranded: n(r.n) });
  }
  return {
    pool,
    done: n(row.done),
    left: open - n(row.stranded),
    skipped: n(row.skipped),
    stranded: n(row.stranded),
    strandedItems: strandedRows.map((r) => ({
      queueItemId: String(r.id),
      itemKey: r.external_id === null || r.external_id === undefined ? String(r.transcript_id) : String(r.external_id),
      labels: n(r.label_count),
      skippedBy: skips.filter((s) => s.queueItemId === String(r.id)).map((s) => s.reviewer.email),
    })),
    reviewers,
  };
}

export interface Reopened {
  /** Items whose skips were cleared. */
  items: number;
  /** Of those, still stranded: the pool is smaller than reviewersPerItem, so clearing skips cannot finish them. */
  stillStranded: number;
}

/**
 * One-click reassignment: clears the skips on the queue's stranded items (all, or one), so they are
 * offered again to everyone in the pool, the reviewers who skipped them included. Recorded in the
 * audit log with the skips it cleared.
 */
export async function reopenStranded(actorId: string, input: ReopenStrandedInput): Promise<Reopened> {
  const queue = await db().labelQueue.findUnique({
    where: { id: input.queueId },
    select: { id: true, name: true, reviewersPerItem: true, rubricVersion: true },
  });
  if (!queue) throw new UserError("No such label queue.", 404);
  const result = await bulkTransaction(async (tx) => {
    const pool = await poolSize(tx, queue.id);
    const stranded = strandedWhere(queue, pool);
    const rows = await tx.query(
      sql(tx, `SELECT qi."id" FROM "queue_items" qi WHERE ${stranded.where}${input.queueItemId ? ` AND qi."id" = ?` : ""}`),
      [...stranded.params, ...(input.queueItemId ? [input.queueItemId] : [])],
    );
    const ids = rows.map((r) => String(r.id));
    if (input.queueItemId && ids.length === 0) throw new UserError("That item is not stranded (any more).", 409);
    let cleared = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      cleared += await tx.execute(
        sql(tx, `DELETE FROM "label_skips" WHERE "queue_item_id" IN (${chunk.map(() => "?").join(", ")})`),
        chunk,
      );
    }
    const after = strandedWhere(queue, pool);
    const [still] = ids.length
      ? await tx.query(
          sql(tx, `SELECT COUNT(*) AS "n" FROM "queue_items" qi WHERE ${after.where} AND qi."id" IN (${ids.map(() => "?").join(", ")})`),
          [...after.params, ...ids],
        )
      : [{ n: 0 }];
    return { items: ids.length, cleared, stillStranded: Number(still?.n ?? 0) };
  });
  if (result.items > 0) {
    await recordAudit(db(), {
      actorId,
      action: "queue.stranded_reopened",
      targetId: queue.id,
      details: {
        queue: queue.name,
        items: result.items,
        skipsCleared: result.cleared,
        ...(input.queueItemId ? { queueItemId: input.queueItemId } : {}),
      },
    });
  }
  return { items: result.items, stillStranded: result.stillStranded };
}
