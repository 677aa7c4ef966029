import "server-only";
import { randomUUID } from "node:crypto";
import { bulkExecute, chunks, insertStatement, timestampParam } from "./bulk";
import { databaseProvider, databaseUrl } from "../database-url";

/**
 * "This reviewer was sent a grade of this transcript": recorded whenever a page or route shows a
 * reviewer the judge's verdict, a grader's verdict or other reviewers' labels on an item they may
 * label in some queue but that is not hidden from them (full, or labeled by them: lib/db/blind.ts),
 * and when they reveal the judge after labeling. Should a slot reopen for them (another reviewer's
 * undo, a new rubric version) and they label the item, that label is stored as having seen the judge
 * (`judge_seen`, see SIGHTED), so calibration and adjudication know it was not blind.
 */
export async function recordSightings(reviewerId: string, transcriptIds: Iterable<string>, now = new Date()): Promise<void> {
  const ids = [...new Set(transcriptIds)];
  if (ids.length === 0) return;
  const provider = databaseProvider(databaseUrl());
  for (const part of chunks(ids, 500)) {
    const [text, params] = insertStatement(
      provider,
      "verdict_sightings",
      [{ name: "id" }, { name: "transcript_id" }, { name: "reviewer_id" }, { name: "created_at", cast: "::timestamp(3)" }],
      part.map((transcriptId) => [randomUUID(), transcriptId, reviewerId, timestampParam(provider, now)]),
    );
    await bulkExecute(`${text} ON CONFLICT ("transcript_id", "reviewer_id") DO NOTHING`, params);
  }
}

/** SQL: "the reviewer (`?`) was sent a grade of the transcript `?`", for a label's judge_seen. */
export const SIGHTED = `EXISTS (SELECT 1 FROM "verdict_sightings" s WHERE s."reviewer_id" = ? AND s."transcript_id" = ?)`;
