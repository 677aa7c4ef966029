import "server-only";
import { randomUUID } from "node:crypto";
import { at, type Reader } from "./sql";

/**
 * "Submit a label, load the next item" on PostgreSQL: the statements of submit.ts and next.ts run
 * inside the server as functions (prisma/postgres/migrations/20261202030000_labeling_hot_path), one
 * round trip each and no BEGIN / COMMIT, where sent one by one they cost about fifteen round trips
 * per label. SQLite keeps the TypeScript path: in-process, a statement costs microseconds.
 */

export type SubmitOutcome = "ok" | "missing" | "labeled" | "full" | "held";

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
  rubricVersion: number;
  reviewersPerItem: number;
  labelId: string;
  now: Date;
}

export async function submitOnPostgres(
  on: Reader,
  a: SubmitArgs,
): Promise<{ outcome: SubmitOutcome; transcriptId: string | null; gold: string | null }> {
  const [row] = await on.query(
    `SELECT outcome, item_transcript_id, gold_value
     FROM gavel_submit_label($1, $2, $3, $4, $5::jsonb, $6::float8, $7, $8::int, $9::int, $10::int, $11::timestamp(3), $12, $13)`,
    [
      a.queueId,
      a.reviewerId,
      a.queueItemId,
      a.value,
      a.dimensions,
      a.score,
      a.reason,
      a.timeSpentMs,
      a.rubricVersion,
      a.reviewersPerItem,
      at(on, a.now),
      a.labelId,
      randomUUID(),
    ],
  );
  return {
    outcome: row!.outcome as SubmitOutcome,
    transcriptId: row!.item_transcript_id === null ? null : String(row!.item_transcript_id),
    gold: row!.gold_value === null ? null : String(row!.gold_value),
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
): Promise<{ queueItemId: string; transcriptId: string } | "not-assigned" | "fallback"> {
  const [row] = await on.query(
    `SELECT outcome, item_id, item_transcript_id FROM gavel_next_item($1, $2, $3::timestamp(3), $4::timestamp(3), $5)`,
    [queueId, reviewerId, at(on, now), at(on, expires), randomUUID()],
  );
  if (row!.outcome === "item") return { queueItemId: String(row!.item_id), transcriptId: String(row!.item_transcript_id) };
  return row!.outcome === "not-assigned" ? "not-assigned" : "fallback";
}
