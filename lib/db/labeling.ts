import "server-only";
import { randomUUID } from "node:crypto";
import { UserError } from "../errors";
import { labelValueError, type QueueKind, type RevealJudgeInput, type SkipItemInput, type SubmitLabelInput } from "../schemas/labeling";
import { databaseProvider, databaseUrl } from "../database-url";
import { bulkQuery, bulkTransaction, timestampParam, type BulkTx } from "./bulk";
import { toItemView, type ItemView } from "../labeling/item-view";
import { db } from "./client";

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
}

export type NextResult =
  | { status: "item"; item: NextItem }
  /** Nothing left for this reviewer: every item is labeled or skipped by them, or full. */
  | { status: "done" }
  /** Items still need labels but other reviewers hold their open slots right now. */
  | { status: "waiting"; held: number }
  | { status: "not-assigned" };

interface QueueRow {
  id: string;
  kind: QueueKind;
  reviewersPerItem: number;
  rubricVersion: number;
  scaleMin: number | null;
  scaleMax: number | null;
}

type On = Pick<BulkTx, "provider">;
type Reader = Pick<BulkTx, "provider" | "query">;
/** Single statements outside a transaction: no BEGIN / COMMIT round trips for plain reads. */
const direct = (): Reader => ({ provider: databaseProvider(databaseUrl()), query: bulkQuery });

/**
 * "This reviewer has labeled the item behind queue item qi" (one `?`: the reviewer). A label counts
 * unless it was made in this queue under an earlier rubric version: after "New rubric version" every
 * item is served again, and the new label replaces the reviewer's old one (submitLabel).
 */
const LABELED = `SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = ?
  AND NOT (l."queue_id" = qi."queue_id" AND l."rubric_version" < (SELECT q."rubric_version" FROM "label_queues" q WHERE q."id" = qi."queue_id"))`;

/**
 * A label's id sorts by when it was made, so "the reviewer's newest label" (undo) has an answer even
 * when two labels share a millisecond: the time, then a counter, then randomness.
 */
let sequence = 0;
function timeOrderedId(now: Date): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${now.getTime().toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

const pg = (tx: On) => tx.provider === "postgres";
/** Writes SQL with `?` placeholders; PostgreSQL gets $1, $2, … */
function sql(tx: On, text: string): string {
  if (!pg(tx)) return text;
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}
const ts = (tx: On) => (pg(tx) ? "::timestamp(3)" : "");
const at = (tx: On, date: Date) => timestampParam(tx.provider, date);
/** Booleans come back as true (PostgreSQL) or "1" (SQLite through the adapter). */
const truthy = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";

interface QueueAccess {
  queue: QueueRow;
  /** The queue has assigned reviewers and this one is not among them. */
  blocked: boolean;
}

const QUEUE_SQL = `SELECT q."id", q."kind", q."reviewers_per_item", q."rubric_version", q."scale_min", q."scale_max",
  (SELECT COUNT(*) FROM "queue_assignments" a WHERE a."queue_id" = q."id") AS "assigned",
  (SELECT COUNT(*) FROM "queue_assignments" a WHERE a."queue_id" = q."id" AND a."user_id" = ?) AS "mine"
  FROM "label_queues" q WHERE q."id" = ?`;

/** The queue and whether this reviewer may label it, in one statement. */
async function loadQueue(on: Reader, queueId: string, reviewerId: string): Promise<QueueAccess> {
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
    },
    blocked: Number(row.assigned) > 0 && Number(row.mine) === 0,
  };
}

/** Locks the item's row for the rest of the transaction; false when it is not in the queue. */
async function lockItem(tx: BulkTx, queueId: string, queueItemId: string): Promise<boolean> {
  const changed = await tx.execute(sql(tx, `UPDATE "queue_items" SET "label_count" = "label_count" WHERE "id" = ? AND "queue_id" = ?`), [queueItemId, queueId]);
  return changed > 0;
}

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
    [randomUUID(), reviewerId, at(tx, new Date(now.getTime() + CLAIM_MS)), at(tx, now), queueItemId, reviewerId, reviewerId, reviewerId, at(tx, now), capacity],
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
export async function nextItem(queueId: string, reviewerId: string, options: { preferItemId?: string; now?: Date } = {}): Promise<NextResult> {
  const now = options.now ?? new Date();
  const on = direct();
  const access = await loadQueue(on, queueId, reviewerId);
  if (access.blocked) return { status: "not-assigned" };
  const queue = access.queue;
  // Driven from the claims (a small table: claims end with a label or a skip), never from the
  // queue's items: a million-item queue must not be scanned to find what one reviewer holds.
  const claims = await on.query(sql(on, `SELECT "queue_item_id" FROM "queue_claims" WHERE "reviewer_id" = ? AND "expires_at" > ?`), [reviewerId, at(on, now)]);
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
async function claimFirstCandidate(tx: BulkTx, queue: QueueRow, reviewerId: string, now: Date, skipLocked: boolean): Promise<NextItem | "taken" | "none"> {
  await relaxedCommit(tx);
  const lock = pg(tx) ? (skipLocked ? " FOR UPDATE OF qi SKIP LOCKED" : " FOR UPDATE OF qi") : "";
  const rows: { id: string; transcriptId: string; orderKey: string }[] = [];
  for (let count = 0; count < queue.reviewersPerItem; count++) {
    const [row] = await tx.query(
      sql(
        tx,
        `SELECT qi."id", qi."transcript_id", qi."order_key" FROM "queue_items" qi
         WHERE qi."queue_id" = ? AND qi."label_count" = ?
           AND NOT EXISTS (${LABELED})
           AND NOT EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id" AND s."reviewer_id" = ?)
           AND (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."expires_at" > ?) + ? < ?
         ORDER BY qi."order_key" LIMIT 1${lock}`,
      ),
      [queue.id, count, reviewerId, reviewerId, at(tx, now), count, queue.reviewersPerItem],
    );
    if (row) rows.push({ id: String(row.id), transcriptId: String(row.transcript_id), orderKey: String(row.order_key) });
  }
  if (rows.length === 0) return "none";
  rows.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
  const first = rows[0]!;
  // SQLite: this transaction is the only writer from here on. PostgreSQL: the row is locked, and
  // the claim's own conditions are checked again by a new statement that sees every commit.
  if (!pg(tx)) await lockItem(tx, queue.id, first.id);
  return (await claim(tx, first.id, reviewerId, queue.reviewersPerItem, now)) ? { queueItemId: first.id, transcriptId: first.transcriptId } : "taken";
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

export interface Submitted {
  labelId: string;
  transcriptId: string;
  /** The gold label this label completed, when every reviewer agreed. */
  gold: string | null;
}

/**
 * Records one label and frees the reviewer's claim. When the item reaches reviewersPerItem labels and
 * they all agree, the value becomes its consensus gold label at the queue's rubric version (with one
 * reviewer per item, that one label). Disagreements get no gold here: adjudication decides them.
 */
export async function submitLabel(reviewerId: string, input: SubmitLabelInput, now = new Date()): Promise<Submitted> {
  return bulkTransaction(async (tx) => {
    const { queue, blocked } = await loadQueue(tx, input.queueId, reviewerId);
    const valueError = labelValueError(queue.kind, input.value, { min: queue.scaleMin, max: queue.scaleMax });
    if (valueError) throw new UserError(valueError, 422, "value");
    if (blocked) throw new UserError("You are not assigned to this queue.", 409);
    // Counting the label and locking the item are one statement; a refusal below rolls both back.
    const counted = await tx.execute(sql(tx, `UPDATE "queue_items" SET "label_count" = "label_count" + 1 WHERE "id" = ? AND "queue_id" = ?`), [input.queueItemId, queue.id]);
    if (counted === 0) throw new UserError("No such item in this queue.", 404);
    const [item] = await tx.query(
      sql(
        tx,
        `SELECT qi."transcript_id", qi."label_count",
           (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" = ? AND c."expires_at" > ?) AS "mine",
           (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" <> ? AND c."expires_at" > ?) AS "others",
           (SELECT COUNT(*) FROM (${LABELED}) x) AS "labeled"
         FROM "queue_items" qi WHERE qi."id" = ?`,
      ),
      [reviewerId, at(tx, now), reviewerId, at(tx, now), reviewerId, input.queueItemId],
    );
    const transcriptId = String(item!.transcript_id);
    const before = Number(item!.label_count) - 1;
    if (Number(item!.labeled) > 0) throw new UserError("You already labeled this item.", 409);
    if (before >= queue.reviewersPerItem) throw new UserError("This item already has all the labels it needs.", 409);
    if (Number(item!.mine) === 0 && before + Number(item!.others) >= queue.reviewersPerItem) {
      throw new UserError("Other reviewers hold this item's open slots; take the next item instead.", 409);
    }
    const labelId = timeOrderedId(now);
    await tx.execute(
      sql(
        tx,
        `INSERT INTO "labels" ("id", "transcript_id", "queue_id", "reviewer_id", "value", "score", "reason", "time_spent_ms", "judge_seen", "rubric_version", "created_at", "updated_at")
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${pg(tx) ? "false" : "0"}, ?, ?${ts(tx)}, ?${ts(tx)})
         ON CONFLICT ("transcript_id", "reviewer_id") DO UPDATE SET "id" = excluded."id", "queue_id" = excluded."queue_id", "value" = excluded."value",
           "score" = excluded."score", "reason" = excluded."reason", "time_spent_ms" = excluded."time_spent_ms", "judge_seen" = excluded."judge_seen",
           "judge_revealed_at" = NULL, "rubric_version" = excluded."rubric_version", "created_at" = excluded."created_at", "updated_at" = excluded."updated_at"`,
      ),
      [labelId, transcriptId, queue.id, reviewerId, input.value, input.score ?? null, input.reason ?? null, input.timeSpentMs ?? null, queue.rubricVersion, at(tx, now), at(tx, now)],
    );
    await tx.execute(sql(tx, `DELETE FROM "queue_claims" WHERE "queue_item_id" = ? AND "reviewer_id" = ?`), [input.queueItemId, reviewerId]);
    let gold: string | null = null;
    if (before + 1 >= queue.reviewersPerItem) {
      // With one reviewer per item this label is the only one: no need to read the others back.
      const values =
        queue.reviewersPerItem === 1
          ? [input.value]
          : (await tx.query(sql(tx, `SELECT "value" FROM "labels" WHERE "transcript_id" = ? AND "queue_id" = ? AND "rubric_version" = ?`), [transcriptId, queue.id, queue.rubricVersion])).map((v) => String(v.value));
      if (values.length >= queue.reviewersPerItem && new Set(values).size === 1) {
        gold = input.value;
        await tx.execute(
          sql(
            tx,
            `INSERT INTO "gold_labels" ("id", "queue_id", "transcript_id", "rubric_version", "value", "source", "created_at")
             VALUES (?, ?, ?, ?, ?, ?${pg(tx) ? '::"GoldSource"' : ""}, ?${ts(tx)})
             ON CONFLICT ("queue_id", "transcript_id", "rubric_version") DO NOTHING`,
          ),
          [randomUUID(), queue.id, transcriptId, queue.rubricVersion, gold, "consensus", at(tx, now)],
        );
      }
    }
    return { labelId, transcriptId, gold };
  });
}

/** The reviewer passes on an item: it is never offered to them again, and its slot is freed. */
export async function skipItem(reviewerId: string, input: SkipItemInput, now = new Date()): Promise<void> {
  await bulkTransaction(async (tx) => {
    if (!(await lockItem(tx, input.queueId, input.queueItemId))) throw new UserError("No such item in this queue.", 404);
    await tx.execute(
      sql(tx, `INSERT INTO "label_skips" ("id", "queue_item_id", "reviewer_id", "created_at") VALUES (?, ?, ?, ?${ts(tx)}) ON CONFLICT ("queue_item_id", "reviewer_id") DO NOTHING`),
      [randomUUID(), input.queueItemId, reviewerId, at(tx, now)],
    );
    await tx.execute(sql(tx, `DELETE FROM "queue_claims" WHERE "queue_item_id" = ? AND "reviewer_id" = ?`), [input.queueItemId, reviewerId]);
  });
}

/**
 * Takes back the reviewer's most recent label in the queue: the label goes, the item's count drops,
 * a consensus gold label that no longer holds goes too (an adjudicated one stays: a person decided
 * it), and the reviewer holds the item again so the page can show it. A label whose judge verdict
 * the reviewer has seen cannot be undone: relabeling it would no longer be blind.
 */
export async function undoLastLabel(queueId: string, reviewerId: string, now = new Date()): Promise<NextItem> {
  return bulkTransaction(async (tx) => {
    const [label] = await tx.query(
      sql(
        tx,
        `SELECT "id", "transcript_id", "judge_seen", "rubric_version" FROM "labels" WHERE "queue_id" = ? AND "reviewer_id" = ?
         ORDER BY "created_at" DESC, "id" DESC LIMIT 1`,
      ),
      [queueId, reviewerId],
    );
    if (!label) throw new UserError("Nothing to undo: you have no labels in this queue.", 409);
    if (truthy(label.judge_seen)) {
      throw new UserError("Your last label cannot be undone: you have seen the judge's verdict on that item.", 409);
    }
    const transcriptId = String(label.transcript_id);
    const [item] = await tx.query(sql(tx, `SELECT "id" FROM "queue_items" WHERE "queue_id" = ? AND "transcript_id" = ?`), [queueId, transcriptId]);
    if (!item) throw new UserError("That item is no longer in this queue.", 409);
    const queueItemId = String(item.id);
    await lockItem(tx, queueId, queueItemId);
    await tx.execute(sql(tx, `DELETE FROM "labels" WHERE "id" = ?`), [label.id]);
    await tx.execute(sql(tx, `UPDATE "queue_items" SET "label_count" = "label_count" - 1 WHERE "id" = ? AND "label_count" > 0`), [queueItemId]);
    await tx.execute(
      sql(tx, `DELETE FROM "gold_labels" WHERE "queue_id" = ? AND "transcript_id" = ? AND "rubric_version" = ? AND "source" = ?${pg(tx) ? '::"GoldSource"' : ""}`),
      [queueId, transcriptId, Number(label.rubric_version), "consensus"],
    );
    await tx.execute(
      sql(
        tx,
        `INSERT INTO "queue_claims" ("id", "queue_item_id", "reviewer_id", "expires_at", "created_at") VALUES (?, ?, ?, ?${ts(tx)}, ?${ts(tx)})
         ON CONFLICT ("queue_item_id", "reviewer_id") DO UPDATE SET "expires_at" = excluded."expires_at"`,
      ),
      [randomUUID(), queueItemId, reviewerId, at(tx, new Date(now.getTime() + CLAIM_MS)), at(tx, now)],
    );
    return { queueItemId, transcriptId };
  });
}

export interface RevealedVerdict {
  judge: string;
  version: number;
  model: string;
  order: string;
  repeat: number;
  status: "ok" | "skipped" | "error";
  value: string | null;
  score: number | null;
  reason: string | null;
}

/**
 * The judge's verdicts on an item, for a reviewer who labeled it in this queue; records on their
 * label that the judge was shown (judgeSeen, and when it was first revealed).
 */
export async function revealJudge(reviewerId: string, input: RevealJudgeInput, now = new Date()): Promise<RevealedVerdict[]> {
  const client = db();
  const label = await client.label.findUnique({ where: { transcriptId_reviewerId: { transcriptId: input.transcriptId, reviewerId } }, select: { id: true, queueId: true, judgeRevealedAt: true } });
  if (!label || label.queueId !== input.queueId) throw new UserError("Label this item first: the judge's verdict is shown only after your own label.", 409);
  await client.label.update({ where: { id: label.id }, data: { judgeSeen: true, judgeRevealedAt: label.judgeRevealedAt ?? now } });
  const verdicts = await client.judgeVerdict.findMany({
    where: { transcriptId: input.transcriptId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { order: true, repeat: true, status: true, value: true, score: true, reason: true, judgeVersion: { select: { version: true, model: true, judge: { select: { name: true } } } } },
  });
  return verdicts.map((v) => ({
    judge: v.judgeVersion.judge.name,
    version: v.judgeVersion.version,
    model: v.judgeVersion.model,
    order: v.order,
    repeat: v.repeat,
    status: v.status,
    value: v.value,
    score: v.score,
    reason: v.reason,
  }));
}

/** The reviewer's own most recent label in the queue (theirs to see), for "reveal the judge" and undo. */
export async function lastOwnLabel(queueId: string, reviewerId: string) {
  return db().label.findFirst({
    where: { queueId, reviewerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, transcriptId: true, value: true, judgeSeen: true, transcript: { select: { externalId: true } } },
  });
}

export interface QueueProgress {
  total: number;
  /** Items with every label they need. */
  done: number;
  labels: number;
  reviewers: { reviewerId: string; email: string; name: string | null; labeled: number; skipped: number; judgeSeen: number }[];
}

export async function queueProgress(queueId: string, reviewersPerItem: number): Promise<QueueProgress> {
  const client = db();
  const [total, done, perReviewer, skips, seen] = await Promise.all([
    client.queueItem.count({ where: { queueId } }),
    client.queueItem.count({ where: { queueId, labelCount: { gte: reviewersPerItem } } }),
    client.label.groupBy({ by: ["reviewerId"], where: { queueId }, _count: { _all: true } }),
    client.labelSkip.groupBy({ by: ["reviewerId"], where: { queueItem: { queueId } }, _count: { _all: true } }),
    client.label.groupBy({ by: ["reviewerId"], where: { queueId, judgeSeen: true }, _count: { _all: true } }),
  ]);
  const ids = [...new Set([...perReviewer.map((r) => r.reviewerId), ...skips.map((s) => s.reviewerId)])];
  const users = await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, name: true } });
  const count = (rows: { reviewerId: string; _count: { _all: number } }[], id: string) => rows.find((r) => r.reviewerId === id)?._count._all ?? 0;
  const reviewers = users
    .map((u) => ({ reviewerId: u.id, email: u.email, name: u.name, labeled: count(perReviewer, u.id), skipped: count(skips, u.id), judgeSeen: count(seen, u.id) }))
    .sort((a, b) => b.labeled - a.labeled || a.email.localeCompare(b.email));
  return { total, done, labels: perReviewer.reduce((sum, r) => sum + r._count._all, 0), reviewers };
}

/** How many labels this reviewer has given in the queue. */
export async function myLabelCount(queueId: string, reviewerId: string): Promise<number> {
  return db().label.count({ where: { queueId, reviewerId } });
}

/**
 * The item as the labeling page shows it: whitelisted transcript fields only (see
 * lib/labeling/item-view.ts). Raw SQL on the bulk connection: it is half of "load the next item".
 */
export async function itemView(queueItemId: string): Promise<ItemView | null> {
  const on = direct();
  const [row] = await on.query(
    sql(
      on,
      `SELECT t."id", t."external_id", t."kind", t."task_prompt", t."rubric", t."criterion", t."final_output", t."content", t."size_bytes"
       FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id" WHERE qi."id" = ?`,
    ),
    [queueItemId],
  );
  if (!row) return null;
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return toItemView(queueItemId, {
    id: String(row.id),
    externalId: text(row.external_id),
    kind: row.kind as ItemView["kind"],
    taskPrompt: String(row.task_prompt),
    rubric: text(row.rubric),
    criterion: text(row.criterion),
    finalOutput: text(row.final_output),
    content: typeof row.content === "string" ? (JSON.parse(row.content) as unknown) : row.content,
    sizeBytes: Number(row.size_bytes),
  });
}
