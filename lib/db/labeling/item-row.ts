import "server-only";
import { toItemView, type ItemView } from "../../labeling/item-view";
import { text } from "./sql";

/**
 * The transcript's columns the labeling page shows (t is the transcript), for every statement that
 * reads an item's view: itemView's own, and the claims' (next.ts, and PostgreSQL's gavel_next_item
 * answers the same names).
 */
export const ITEM_VIEW_COLUMNS = `t."id" AS "transcript_id", t."external_id", t."kind", t."task_prompt", t."rubric", t."criterion", t."final_output", t."content", t."size_bytes"`;

/** A row with ITEM_VIEW_COLUMNS, as the page shows it. */
export function itemViewOf(queueItemId: string, row: Record<string, unknown>): ItemView {
  return toItemView(queueItemId, {
    id: String(row.transcript_id),
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
