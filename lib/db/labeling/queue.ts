import "server-only";
import { UserError } from "../../errors";
import { readExtraDimensions, type ExtraDimension } from "../../schemas/dimensions";
import type { QueueKind } from "../../schemas/labeling";
import type { BulkTx } from "../bulk";
import { sql, type Reader } from "./sql";

export interface QueueRow {
  id: string;
  kind: QueueKind;
  reviewersPerItem: number;
  rubricVersion: number;
  scaleMin: number | null;
  scaleMax: number | null;
  primaryDimension: string;
  /** The further dimensions beside the primary. */
  dimensions: ExtraDimension[];
  /** The stored dimensions as JSON text (null for none): what PostgreSQL's submit compares (hot-path.ts). */
  dimensionsJson: string | null;
}

export interface QueueAccess {
  queue: QueueRow;
  /** The queue has assigned reviewers and this one is not among them. */
  blocked: boolean;
}

const QUEUE_SQL = `SELECT q."id", q."kind", q."reviewers_per_item", q."rubric_version", q."scale_min", q."scale_max", q."primary_dimension", q."dimensions",
  (SELECT COUNT(*) FROM "queue_assignments" a WHERE a."queue_id" = q."id") AS "assigned",
  (SELECT COUNT(*) FROM "queue_assignments" a WHERE a."queue_id" = q."id" AND a."user_id" = ?) AS "mine"
  FROM "label_queues" q WHERE q."id" = ?`;

/** The queue and whether this reviewer may label it, in one statement. */
export async function loadQueue(on: Reader, queueId: string, reviewerId: string): Promise<QueueAccess> {
  const [row] = await on.query(sql(on, QUEUE_SQL), [reviewerId, queueId]);
  if (!row) throw new UserError("No such label queue.", 404);
  return {
    queue: {
      id: String(row.id),
      kind: row.kind as QueueKind,
      reviewersPerItem: Number(row.reviewers_per_item),
      rubricVersion: Number(row.rubric_version),
      scaleMin: row.scale_min === null ? null : Number(row.scale_min),
      scaleMax: row.scale_max === null ? null : Number(row.scale_max),
      primaryDimension: String(row.primary_dimension),
      dimensions: readExtraDimensions(row.dimensions),
      dimensionsJson:
        row.dimensions === null || row.dimensions === undefined
          ? null
          : typeof row.dimensions === "string"
            ? row.dimensions
            : JSON.stringify(row.dimensions),
    },
    blocked: Number(row.assigned) > 0 && Number(row.mine) === 0,
  };
}

/**
 * The queues this process validated labels against lately, for PostgreSQL's submit: the function
 * compares what the validation used (kind, scale, dimensions, rubric version, reviewers per item)
 * with the stored queue and answers "stale" when any changed, so a cached row can cost a second
 * round trip, never a wrong label. Assignment is checked by the function itself.
 */
const recentQueues = new Map<string, QueueRow>();
const RECENT_QUEUES = 256;

export async function recentQueue(on: Reader, queueId: string, reviewerId: string, fresh = false): Promise<QueueAccess> {
  const known = fresh ? undefined : recentQueues.get(queueId);
  if (known) return { queue: known, blocked: false };
  const access = await loadQueue(on, queueId, reviewerId);
  recentQueues.delete(queueId);
  if (recentQueues.size >= RECENT_QUEUES) recentQueues.delete(recentQueues.keys().next().value!);
  recentQueues.set(queueId, access.queue);
  return access;
}

/** Locks the item's row for the rest of the transaction; false when it is not in the queue. */
export async function lockItem(tx: BulkTx, queueId: string, queueItemId: string): Promise<boolean> {
  const changed = await tx.execute(sql(tx, `UPDATE "queue_items" SET "label_count" = "label_count" WHERE "id" = ? AND "queue_id" = ?`), [
    queueItemId,
    queueId,
  ]);
  return changed > 0;
}
