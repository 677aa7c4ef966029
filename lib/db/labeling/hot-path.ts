import "server-only";
import { randomUUID } from "node:crypto";
import type { ItemView } from "../../labeling/item-view";
import { itemViewOf } from "./item-row";
import type { QueueRow } from "./queue";
import { at, text, type Reader } from "./sql";

/**
 * "Submit a label, load the next item" on PostgreSQL: the statements of submit.ts and next.ts run
 * inside the server as functions (prisma/postgres/migrations/20261202030000_labeling_hot_path and
 * 20261206200000_labeling_one_statement), one round trip each and no BEGIN / COMMIT, where sent one
 * by one they cost about fifteen round trips per label: a label is two statements, the submit and
 * the next item with its view. SQLite keeps the TypeScript path: in-process, a statement costs
 * microseconds.
 */

export type SubmitOutcome = "ok" | "missing" | "labeled" | "full" | "held";

/** What the submit function may answer besides an item's own outcome: the queue changed, or is gone, or not theirs. */
export type QueueOutcome = "stale" | "no-queue" | "not-assigned";

/** What a label leaves to do (lib/db/labeling/submit.ts), read by the function after it wrote. */
export interface AfterLabel {
  /** The item's gold label at the queue's rubric version now. */
  gold: string | null;
  openChange: boolean;
  /** Some item of the queue still needs labels (none: the label set is complete). */
  itemsShort: boolean;
}

export interface SubmitArgs {
  queueId: string;
  reviewerId: string;
  queueItemId: string;
  value: string;
  /** JSON text of the further dimensions' values, or null. */
  dimensions: string | null;
  score: number | null;
  reason: string | null;
  timeSpentMs: number | null;
  /** The queue as the caller checked the value against: the function answers "stale" when it changed since. */
  queue: QueueRow;
  labelId: string;
  now: Date;
}

export async function submitOnPostgres(
  on: Reader,
  a: SubmitArgs,
): Promise<{ outcome: SubmitOutcome | QueueOutcome; transcriptId: string | null; gold: string | null; after: AfterLabel }> {
  const [row] = await on.query(
    `SELECT outcome, item_transcript_id, gold_value, item_gold, open_change, items_short
     FROM gavel_submit_label($1, $2, $3, $4, $5::jsonb, $6::float8, $7, $8::int, $9::int, $10::int, $11::timestamp(3), $12, $13,
       $14, $15::int, $16::int, $17::jsonb)`,
    [
      a.queueId,
      a.reviewerId,
      a.queueItemId,
      a.value,
      a.dimensions,
      a.score,
      a.reason,
      a.timeSpentMs,
      a.queue.rubricVersion,
      a.queue.reviewersPerItem,
      at(on, a.now),
      a.labelId,
      randomUUID(),
      a.queue.kind,
      a.queue.scaleMin,
      a.queue.scaleMax,
      a.queue.dimensionsJson,
    ],
  );
  return {
    outcome: row!.outcome as SubmitOutcome | QueueOutcome,
    transcriptId: text(row!.item_transcript_id),
    gold: text(row!.gold_value),
    after: { gold: text(row!.item_gold), openChange: row!.open_change === true, itemsShort: row!.items_short !== false },
  };
}

/**
 * The item the reviewer holds, else the first open one, claimed until `expires`. "fallback" when
 * that needs the slow path: no such queue (its error comes from there), or no open item found
 * without waiting for another reviewer's lock (then it may be "done" or "waiting").
 */
export async function nextOnPostgres(
  on: Reader,
  queueId: string,
  reviewerId: string,
  now: Date,
  expires: Date,
): Promise<{ queueItemId: string; transcriptId: string; view: ItemView } | "not-assigned" | "fallback"> {
  const [row] = await on.query(
    `SELECT outcome, item_id, item_transcript_id, external_id, kind, task_prompt, rubric, criterion, final_output, content, size_bytes
     FROM gavel_next_item($1, $2, $3::timestamp(3), $4::timestamp(3), $5)`,
    [queueId, reviewerId, at(on, now), at(on, expires), randomUUID()],
  );
  if (row!.outcome === "item") {
    const queueItemId = String(row!.item_id);
    const transcriptId = String(row!.item_transcript_id);
    // What item.ts's itemView reads, answered with the claim (one statement fewer per label).
    const view = itemViewOf(queueItemId, { ...row, transcript_id: transcriptId });
    return { queueItemId, transcriptId, view };
  }
  return row!.outcome === "not-assigned" ? "not-assigned" : "fallback";
}
