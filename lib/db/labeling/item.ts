import "server-only";
import { toItemView, type ItemView } from "../../labeling/item-view";
import type { NextResult } from "./next";
import { direct, sql, text } from "./sql";

/** The next item's view: read with its claim on PostgreSQL's hot path, else one statement here. */
export async function nextItemView(next: NextResult): Promise<ItemView | null> {
  if (next.status !== "item") return null;
  return next.item.view ?? itemView(next.item.queueItemId);
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
