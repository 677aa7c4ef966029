import "server-only";
import { randomUUID } from "node:crypto";
import { UserError } from "../../errors";
import { checkDimensionValues } from "../../schemas/dimensions";
import { labelValueError, type SkipItemInput, type SubmitLabelInput } from "../../schemas/labeling";
import { bulkTransaction } from "../bulk";
import { noticeQueueCompleted } from "../webhooks";
import { settleAfterLabel } from "../pending-gold";
import { SIGHTED } from "../sightings";
import { submitOnPostgres, type AfterLabel, type QueueOutcome, type SubmitOutcome } from "./hot-path";
import { loadQueue, lockItem, recentQueue, type QueueAccess, type QueueRow } from "./queue";
import { at, direct, LABELED, pg, sql, text, timeOrderedId, truthy, ts } from "./sql";

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
  const { after, ...submitted } = await recordLabel(reviewerId, input, now);
  // A relabel after an undo may meet gold held for a second person's confirmation (lib/db/pending-gold.ts):
  // a consensus whose item already had another gold, or has a change open, is settled as an edit is
  // (settleAfterLabel reads again in its own transaction). Every other label stops here.
  if (submitted.gold !== null && (after.openChange || (after.gold !== null && after.gold !== submitted.gold)))
    await settleAfterLabel(
      { queueId: input.queueId, transcriptId: submitted.transcriptId, value: submitted.gold, actorId: reviewerId },
      now,
    );
  // The label set's last needed label: queue.completed (the event is idempotent).
  if (!after.itemsShort) await noticeQueueCompleted(input.queueId);
  return submitted;
}

async function recordLabel(reviewerId: string, input: SubmitLabelInput, now: Date): Promise<Submitted & { after: AfterLabel }> {
  const on = direct();
  if (pg(on)) {
    // One round trip (hot-path.ts): the value is checked against the queue as this process last read
    // it, and the function refuses ("stale") when the queue changed since; then it is read again.
    for (let attempt = 0; ; attempt++) {
      const fresh = attempt > 0;
      let checked: ReturnType<typeof checkSubmission>;
      try {
        checked = checkSubmission(await recentQueue(on, input.queueId, reviewerId, fresh), input);
      } catch (error) {
        // A value refused by a remembered queue is refused only by the queue as it is now.
        if (!fresh && error instanceof UserError) continue;
        throw error;
      }
      const { queue, dimensions } = checked;
      const labelId = timeOrderedId(now);
      const result = await submitOnPostgres(on, {
        queueId: queue.id,
        reviewerId,
        queueItemId: input.queueItemId,
        value: input.value,
        dimensions,
        score: input.score ?? null,
        reason: input.reason ?? null,
        timeSpentMs: input.timeSpentMs ?? null,
        queue,
        labelId,
        now,
      });
      if (result.outcome === "ok") return { labelId, transcriptId: result.transcriptId!, gold: result.gold, after: result.after };
      // A refusal from a remembered queue is said only once the queue is read again (it may have changed
      // or be gone); a queue changed again between that read and the submit is read again, three times at most.
      const again = fresh ? result.outcome === "stale" && attempt < 3 : !ITEM_REFUSALS.has(result.outcome);
      if (!again) throw refusal(result.outcome);
    }
  }
  return bulkTransaction(async (tx) => {
    const { queue, dimensions } = checkSubmission(await loadQueue(tx, input.queueId, reviewerId), input);
    // Counting the label and locking the item are one statement; a refusal below rolls both back.
    const counted = await tx.execute(
      sql(tx, `UPDATE "queue_items" SET "label_count" = "label_count" + 1 WHERE "id" = ? AND "queue_id" = ?`),
      [input.queueItemId, queue.id],
    );
    if (counted === 0) throw refusal("missing");
    const [item] = await tx.query(
      sql(
        tx,
        `SELECT qi."transcript_id", qi."label_count",
           (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" = ? AND c."expires_at" > ?) AS "mine",
           (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" <> ? AND c."expires_at" > ?) AS "others",
           (SELECT COUNT(*) FROM (${LABELED}) x) AS "labeled",
           (SELECT g."value" FROM "gold_labels" g WHERE g."queue_id" = qi."queue_id" AND g."transcript_id" = qi."transcript_id" AND g."rubric_version" = ?) AS "gold",
           EXISTS (SELECT 1 FROM "pending_gold_changes" p WHERE p."queue_id" = qi."queue_id" AND p."transcript_id" = qi."transcript_id" AND p."rubric_version" = ? AND p."resolved_at" IS NULL) AS "open_change",
           EXISTS (SELECT 1 FROM "queue_items" o WHERE o."queue_id" = qi."queue_id" AND o."label_count" < ?) AS "items_short"
         FROM "queue_items" qi WHERE qi."id" = ?`,
      ),
      [
        reviewerId,
        at(tx, now),
        reviewerId,
        at(tx, now),
        reviewerId,
        queue.rubricVersion,
        queue.rubricVersion,
        queue.reviewersPerItem,
        input.queueItemId,
      ],
    );
    const transcriptId = String(item!.transcript_id);
    const before = Number(item!.label_count) - 1;
    if (Number(item!.labeled) > 0) throw refusal("labeled");
    if (before >= queue.reviewersPerItem) throw refusal("full");
    if (Number(item!.mine) === 0 && before + Number(item!.others) >= queue.reviewersPerItem) throw refusal("held");
    const labelId = timeOrderedId(now);
    await tx.execute(
      sql(
        tx,
        `INSERT INTO "labels" ("id", "transcript_id", "queue_id", "reviewer_id", "value", "dimensions", "score", "reason", "time_spent_ms", "judge_seen", "rubric_version", "created_at", "updated_at")
         VALUES (?, ?, ?, ?, ?, ?${pg(tx) ? "::jsonb" : ""}, ?, ?, ?, ${SIGHTED}, ?, ?${ts(tx)}, ?${ts(tx)})
         ON CONFLICT ("transcript_id", "reviewer_id") DO UPDATE SET "id" = excluded."id", "queue_id" = excluded."queue_id", "value" = excluded."value", "dimensions" = excluded."dimensions",
           "score" = excluded."score", "reason" = excluded."reason", "time_spent_ms" = excluded."time_spent_ms", "judge_seen" = excluded."judge_seen",
           "judge_revealed_at" = NULL, "rubric_version" = excluded."rubric_version", "created_at" = excluded."created_at", "updated_at" = excluded."updated_at"`,
      ),
      [
        labelId,
        transcriptId,
        queue.id,
        reviewerId,
        input.value,
        dimensions,
        input.score ?? null,
        input.reason ?? null,
        input.timeSpentMs ?? null,
        reviewerId,
        transcriptId,
        queue.rubricVersion,
        at(tx, now),
        at(tx, now),
      ],
    );
    await tx.execute(sql(tx, `DELETE FROM "queue_claims" WHERE "queue_item_id" = ? AND "reviewer_id" = ?`), [
      input.queueItemId,
      reviewerId,
    ]);
    let gold: string | null = null;
    if (before + 1 >= queue.reviewersPerItem) {
      // With one reviewer per item this label is the only one: no need to read the others back.
      const values =
        queue.reviewersPerItem === 1
          ? [input.value]
          : (
              await tx.query(
                sql(tx, `SELECT "value" FROM "labels" WHERE "transcript_id" = ? AND "queue_id" = ? AND "rubric_version" = ?`),
                [transcriptId, queue.id, queue.rubricVersion],
              )
            ).map((v) => String(v.value));
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
    // What the label leaves to do (on PostgreSQL the submit function answers it), read with the item
    // above, before the writes below, none of which changes it but the gold: that one is written only
    // where there was none.
    const after = { gold: text(item!.gold) ?? gold, openChange: truthy(item!.open_change), itemsShort: truthy(item!.items_short) };
    return { labelId, transcriptId, gold, after };
  });
}

const NOT_ASSIGNED = "You are not assigned to this queue.";

/** Refusals that are the item's own, whichever version of the queue the value was checked against. */
const ITEM_REFUSALS: ReadonlySet<string> = new Set(["labeled", "full", "held"]);

/** The queue's own checks of a submission (value, dimensions, assignment), before anything is written. */
function checkSubmission({ queue, blocked }: QueueAccess, input: SubmitLabelInput): { queue: QueueRow; dimensions: string | null } {
  const valueError = labelValueError(queue.kind, input.value, { min: queue.scaleMin, max: queue.scaleMax });
  if (valueError) throw new UserError(valueError, 422, "value");
  const checked = checkDimensionValues(queue.dimensions, input.dimensions);
  if (!checked.ok) throw new UserError(checked.error, 422, "dimensions");
  if (blocked) throw new UserError(NOT_ASSIGNED, 409);
  return { queue, dimensions: Object.keys(checked.values).length ? JSON.stringify(checked.values) : null };
}

/** Why an item refused a label (the same on both databases). */
function refusal(outcome: Exclude<SubmitOutcome | QueueOutcome, "ok">): UserError {
  switch (outcome) {
    case "no-queue":
      return new UserError("No such label queue.", 404);
    case "not-assigned":
      return new UserError(NOT_ASSIGNED, 409);
    case "stale":
      return new UserError("The queue changed while the label was saved; try again.", 409);
    case "missing":
      return new UserError("No such item in this queue.", 404);
    case "labeled":
      return new UserError("You already labeled this item.", 409);
    case "full":
      return new UserError("This item already has all the labels it needs.", 409);
    case "held":
      return new UserError("Other reviewers hold this item's open slots; take the next item instead.", 409);
  }
}

/** The reviewer passes on an item: it is never offered to them again, and its slot is freed. */
export async function skipItem(reviewerId: string, input: SkipItemInput, now = new Date()): Promise<void> {
  await bulkTransaction(async (tx) => {
    if (!(await lockItem(tx, input.queueId, input.queueItemId))) throw new UserError("No such item in this queue.", 404);
    await tx.execute(
      sql(
        tx,
        `INSERT INTO "label_skips" ("id", "queue_item_id", "reviewer_id", "created_at") VALUES (?, ?, ?, ?${ts(tx)}) ON CONFLICT ("queue_item_id", "reviewer_id") DO NOTHING`,
      ),
      [randomUUID(), input.queueItemId, reviewerId, at(tx, now)],
    );
    await tx.execute(sql(tx, `DELETE FROM "queue_claims" WHERE "queue_item_id" = ? AND "reviewer_id" = ?`), [
      input.queueItemId,
      reviewerId,
    ]);
  });
}
