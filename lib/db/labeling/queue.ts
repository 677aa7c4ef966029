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
    },
    blocked: Number(row.assigned) > 0 && Number(row.mine) === 0,
  };
}

/** Locks the item's row for the rest of the transaction; false when it is not in the queue. */
export async function lockItem(tx: BulkTx, queueId: string, queueItemId: string): Promise<boolean> {
  const changed = await tx.execute(sql(tx, `UPDATE "queue_items" SET "label_count" = "label_count" WHERE "id" = ? AND "queue_id" = ?`), [
    queueItemId,
    queueId,
  ]);
  return changed > 0;
}
