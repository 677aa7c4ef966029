import "server-only";
import { randomUUID } from "node:crypto";
import { bulkTransaction, type BulkTx } from "../bulk";
import type { ItemView } from "../../labeling/item-view";
import { nextOnPostgres } from "./hot-path";
import { ITEM_VIEW_COLUMNS, itemViewOf } from "./item-row";
import { loadQueue, lockItem, type QueueRow } from "./queue";
import { at, direct, LABELED, pg, sql, ts } from "./sql";

/**
 * The reviewer's side of a label queue: take the next item, label it, skip it, undo, reveal the judge.
 *
 * An item has reviewersPerItem slots. A slot is taken by a label (QueueItem.labelCount) or held by a
 * live QueueClaim while someone labels. Every change to an item's slots first locks its QueueItem row
 * (`UPDATE … SET label_count = label_count`: a row lock on PostgreSQL, the write lock on SQLite) and
 * only then counts, in a new statement: on PostgreSQL's READ COMMITTED each statement sees what
 * committed before it, so two reviewers can never both take the last open slot. No Serializable.
 *
 * The hot path ("submit a label, load the next item") runs as raw SQL on the bulk connection: it is
 * what twenty reviewers hammer at once, and the driver adapter costs a tenth of the Prisma client.
 */
export const CLAIM_MS = 10 * 60_000;

export interface NextItem {
  queueItemId: string;
  transcriptId: string;
  /** What the page shows of it, when the claim's statements read it too (not after an undo or a reload); else item.ts reads it. */
  view?: ItemView;
}

export type NextResult =
  | { status: "item"; item: NextItem }
  /** Nothing left for this reviewer: every item is labeled or skipped by them, or full. */
  | { status: "done" }
  /** Items still need labels but other reviewers hold their open slots right now. */
  | { status: "waiting"; held: number }
  | { status: "not-assigned" };

/**
 * Takes (or renews) this reviewer's claim on one item when it still has an open slot and they have
 * neither labeled nor skipped it. The caller holds the item's row lock.
 */
async function claim(tx: BulkTx, queueItemId: string, reviewerId: string, capacity: number, now: Date): Promise<boolean> {
  const inserted = await tx.execute(
    sql(
      tx,
      `INSERT INTO "queue_claims" ("id", "queue_item_id", "reviewer_id", "expires_at", "created_at")
       SELECT ?, qi."id", ?, ?${ts(tx)}, ?${ts(tx)} FROM "queue_items" qi
       WHERE qi."id" = ?
         AND NOT EXISTS (${LABELED})
         AND NOT EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id" AND s."reviewer_id" = ?)
         AND qi."label_count" + (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" <> ? AND c."expires_at" > ?) < ?
       ON CONFLICT ("queue_item_id", "reviewer_id") DO UPDATE SET "expires_at" = excluded."expires_at"`,
    ),
    [
      randomUUID(),
      reviewerId,
      at(tx, new Date(now.getTime() + CLAIM_MS)),
      at(tx, now),
      queueItemId,
      reviewerId,
      reviewerId,
      reviewerId,
      at(tx, now),
      capacity,
    ],
  );
  return inserted > 0;
}

/**
 * A claim is a 10-minute hold, not a record: a crash that loses the last claims only frees slots.
 * So on PostgreSQL a claim's commit does not wait for the WAL flush (labels still do).
 */
async function relaxedCommit(tx: BulkTx): Promise<void> {
  if (pg(tx)) await tx.execute("SET LOCAL synchronous_commit TO OFF");
}

async function tryClaim(queue: QueueRow, queueItemId: string, reviewerId: string, now: Date): Promise<NextItem | null> {
  return bulkTransaction(async (tx) => {
    await relaxedCommit(tx);
    if (!(await lockItem(tx, queue.id, queueItemId))) return null;
    if (!(await claim(tx, queueItemId, reviewerId, queue.reviewersPerItem, now))) return null;
    const [row] = await tx.query(sql(tx, `SELECT "transcript_id" FROM "queue_items" WHERE "id" = ?`), [queueItemId]);
    return { queueItemId, transcriptId: String(row!.transcript_id) };
  });
}

/**
 * The reviewer's next item, claimed for CLAIM_MS: the item they already hold (so a reload shows the
 * same item), else the first in the queue's stable order (QueueItem.orderKey) that they have neither
 * labeled nor skipped and that has an open slot. `preferItemId` asks for one item first (the item an
 * undo gave back).
 */
export async function nextItem(
  queueId: string,
  reviewerId: string,
  options: { preferItemId?: string; now?: Date } = {},
): Promise<NextResult> {
  const now = options.now ?? new Date();
  const on = direct();
  if (pg(on) && !options.preferItemId) {
    // One round trip (hot-path.ts); the path below only when that finds nothing without waiting.
    const fast = await nextOnPostgres(on, queueId, reviewerId, now, new Date(now.getTime() + CLAIM_MS));
    if (fast === "not-assigned") return { status: "not-assigned" };
    if (fast !== "fallback") return { status: "item", item: fast };
  }
  const access = await loadQueue(on, queueId, reviewerId);
  if (access.blocked) return { status: "not-assigned" };
  const queue = access.queue;
  // Driven from the claims (a small table: claims end with a label or a skip), never from the
  // queue's items: a million-item queue must not be scanned to find what one reviewer holds.
  const claims = await on.query(sql(on, `SELECT "queue_item_id" FROM "queue_claims" WHERE "reviewer_id" = ? AND "expires_at" > ?`), [
    reviewerId,
    at(on, now),
  ]);
  const held = claims.map((c) => String(c.queue_item_id));
  if (options.preferItemId) {
    const item = await tryClaim(queue, options.preferItemId, reviewerId, now);
    if (item) return { status: "item", item };
  }
  if (held.length > 0) {
    const [row] = await on.query(
      sql(
        on,
        `SELECT qi."id" FROM "queue_items" qi
         WHERE qi."id" IN (${held.map(() => "?").join(", ")}) AND qi."queue_id" = ?
           AND NOT EXISTS (${LABELED})
         ORDER BY qi."order_key" LIMIT 1`,
      ),
      [...held, queue.id, reviewerId],
    );
    const item = row ? await tryClaim(queue, String(row.id), reviewerId, now) : null;
    if (item) return { status: "item", item };
  }
  // Twenty reviewers all want the first open item. On PostgreSQL each takes the first candidate no
  // one else has locked (SKIP LOCKED) instead of queueing behind the same row; a last pass without
  // SKIP LOCKED makes sure "nothing left" is never an artefact of someone else's lock.
  for (let round = 0, skipLocked = true; round < 50; round++) {
    const outcome = await bulkTransaction((tx) => claimFirstCandidate(tx, queue, reviewerId, now, skipLocked));
    if (outcome === "none") {
      if (!skipLocked) break;
      skipLocked = false;
    } else if (outcome !== "taken") {
      return { status: "item", item: outcome };
    }
  }
  const waiting = await openItemsHeldByOthers(queue, reviewerId, now);
  return waiting > 0 ? { status: "waiting", held: waiting } : { status: "done" };
}

/**
 * In one transaction: the first candidate in orderKey order (one indexed range per label count over
 * [queueId, labelCount, orderKey], merged here — `label_count < n ORDER BY order_key` would sort
 * every open item), locked, then claimed if its slot is still open. "taken" when another reviewer
 * got there first (try again), "none" when there is no candidate.
 */
async function claimFirstCandidate(
  tx: BulkTx,
  queue: QueueRow,
  reviewerId: string,
  now: Date,
  skipLocked: boolean,
): Promise<NextItem | "taken" | "none"> {
  await relaxedCommit(tx);
  const lock = pg(tx) ? (skipLocked ? " FOR UPDATE OF qi SKIP LOCKED" : " FOR UPDATE OF qi") : "";
  const rows: { id: string; orderKey: string; row: Record<string, unknown> }[] = [];
  for (let count = 0; count < queue.reviewersPerItem; count++) {
    // With what the page shows of the item (itemView's columns), so loading it is no statement of its own.
    const [row] = await tx.query(
      sql(
        tx,
        `SELECT qi."id", qi."order_key", ${ITEM_VIEW_COLUMNS}
         FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id"
         WHERE qi."queue_id" = ? AND qi."label_count" = ?
           AND NOT EXISTS (${LABELED})
           AND NOT EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id" AND s."reviewer_id" = ?)
           AND (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."expires_at" > ?) + ? < ?
         ORDER BY qi."order_key" LIMIT 1${lock}`,
      ),
      [queue.id, count, reviewerId, reviewerId, at(tx, now), count, queue.reviewersPerItem],
    );
    if (row) rows.push({ id: String(row.id), orderKey: String(row.order_key), row });
  }
  if (rows.length === 0) return "none";
  rows.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
  const first = rows[0]!;
  // SQLite: this transaction began IMMEDIATE (lib/db/sqlite.ts), so it has been the only writer since
  // before the read above, and no row lock is needed. PostgreSQL: the row is locked, and the claim's
  // own conditions are checked again by a new statement that sees every commit.
  if (!(await claim(tx, first.id, reviewerId, queue.reviewersPerItem, now))) return "taken";
  const view = itemViewOf(first.id, first.row);
  return { queueItemId: first.id, transcriptId: view.transcriptId, view };
}

async function openItemsHeldByOthers(queue: QueueRow, reviewerId: string, now: Date): Promise<number> {
  return bulkTransaction(async (tx) => {
    const [row] = await tx.query(
      sql(
        tx,
        `SELECT COUNT(*) AS "n" FROM "queue_items" qi
         WHERE qi."queue_id" = ? AND qi."label_count" < ?
           AND NOT EXISTS (${LABELED})
           AND NOT EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id" AND s."reviewer_id" = ?)
           AND EXISTS (SELECT 1 FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" <> ? AND c."expires_at" > ?)`,
      ),
      [queue.id, queue.reviewersPerItem, reviewerId, reviewerId, reviewerId, at(tx, now)],
    );
    return Number(row?.n ?? 0);
  });
}
