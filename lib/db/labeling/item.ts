import "server-only";
import type { ItemView } from "../../labeling/item-view";
import { ITEM_VIEW_COLUMNS, itemViewOf } from "./item-row";
import type { NextResult } from "./next";
import { direct, sql } from "./sql";

/** The next item's view: read with its claim where the claim's statements read it (next.ts, hot-path.ts), else one statement here. */
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
    sql(on, `SELECT ${ITEM_VIEW_COLUMNS} FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id" WHERE qi."id" = ?`),
    [queueItemId],
  );
  return row ? itemViewOf(queueItemId, row) : null;
}
