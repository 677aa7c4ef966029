import "server-only";
import type { ItemBrowserQuery } from "../../schemas/item-browser";
import type { Reader } from "./sql";
import { poolSize, strandedWhere, type QueueShape } from "./stranded";

/**
 * The item browser's filters (not the search, not the cursor) as SQL on queue_items qi, and where a
 * page of them is cheapest to start.
 *
 * Every filter is one predicate on qi (statuses in the precedence of lib/labeling/item-status.ts), so
 * a filter finds exactly the items that show that status. Most filters pick out few items of a big
 * queue — the ones with a skip, a gold label, a label, a flag — and walking a million items in queue
 * order to test each costs seconds when the matches are rare (PostgreSQL's plans did exactly that).
 * So a filter with a small table behind it also names a source: a superset of its matches read from
 * that table's index, which browse.ts sorts into queue order (and still tests with every predicate,
 * so the rows are the same as the walk's).
 */

export interface Where {
  sql: string[];
  params: unknown[];
}

export interface Source {
  /** One statement selecting distinct values of `column` ("id" or "transcript_id" of queue_items) as "id". */
  sql: string;
  params: unknown[];
  column: "id" | "transcript_id";
}

export interface BrowseFilter extends Where {
  /** Sources of the filters given (any one holds every match); browse.ts starts from the smallest. */
  sources: Source[];
}

/** The item's transcript has a gold label at the queue's current rubric version (two `?`: queue id, rubric version). */
const GOLD = `EXISTS (SELECT 1 FROM "gold_labels" g WHERE g."queue_id" = ? AND g."rubric_version" = ? AND g."transcript_id" = qi."transcript_id")`;
const SKIPPED = `EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id")`;

export async function browseFilter(
  on: Reader,
  queue: QueueShape,
  query: ItemBrowserQuery,
  reviewerId: string | null,
): Promise<BrowseFilter> {
  const where: Where = { sql: [`qi."queue_id" = ?`], params: [queue.id] };
  const add = (clause: string, ...params: unknown[]) => {
    where.sql.push(clause);
    where.params.push(...params);
  };
  const sources: Source[] = [];
  const gold = [queue.id, queue.rubricVersion];
  const rpi = queue.reviewersPerItem;
  const skips: Source = {
    sql: `SELECT DISTINCT s."queue_item_id" AS "id" FROM "label_skips" s JOIN "queue_items" sq ON sq."id" = s."queue_item_id"
      WHERE sq."queue_id" = ? AND sq."label_count" < ?`,
    params: [queue.id, rpi],
    column: "id",
  };
  if (query.status) {
    const needsPool = query.status === "stranded" || query.status === "skipped" || query.status === "needs-labels";
    const pool = needsPool ? await poolSize(on, queue.id) : 0;
    const stranded = strandedWhere(queue, pool);
    switch (query.status) {
      case "gold":
        add(GOLD, ...gold);
        sources.push({
          sql: `SELECT g."transcript_id" AS "id" FROM "gold_labels" g WHERE g."queue_id" = ? AND g."rubric_version" = ?`,
          params: gold,
          column: "transcript_id",
        });
        break;
      case "labeled":
        add(`qi."label_count" >= ? AND NOT ${GOLD}`, rpi, ...gold);
        sources.push({
          sql: `SELECT lq."id" FROM "queue_items" lq WHERE lq."queue_id" = ? AND lq."label_count" >= ?`,
          params: [queue.id, rpi],
          column: "id",
        });
        break;
      case "stranded":
        add(`(${stranded.where}) AND NOT ${GOLD}`, ...stranded.params, ...gold);
        // With a pool at least reviewersPerItem strong only a skip strands an item (stranded.ts); a smaller pool strands every open item.
        if (pool >= rpi) sources.push(skips);
        break;
      case "skipped":
        add(`qi."label_count" < ? AND ${SKIPPED} AND NOT (${stranded.where}) AND NOT ${GOLD}`, rpi, ...stranded.params, ...gold);
        sources.push(skips);
        break;
      case "needs-labels":
        // No skip, so not stranded when the pool is big enough (above); most of an unfinished queue: walked, never sourced.
        if (pool >= rpi) add(`qi."label_count" < ? AND NOT ${SKIPPED} AND NOT ${GOLD}`, rpi, ...gold);
        else add(`qi."label_count" < ? AND NOT ${SKIPPED} AND NOT (${stranded.where}) AND NOT ${GOLD}`, rpi, ...stranded.params, ...gold);
        break;
    }
  }
  if (query.split) add(`CAST(qi."split" AS TEXT) = ?`, query.split);
  if (query.flagged) {
    const open = `SELECT DISTINCT f."queue_item_id" AS "id" FROM "item_flags" f WHERE f."resolved_at" IS NULL`;
    add(`qi."id" IN (${open})`);
    sources.push({ sql: open, params: [], column: "id" });
  }
  if (query.label !== undefined || reviewerId !== null) {
    // Both given: that reviewer's label has that value.
    const parts = [`l."queue_id" = ?`, `l."rubric_version" = ?`];
    const params: unknown[] = [queue.id, queue.rubricVersion];
    if (query.label !== undefined) {
      parts.push(`l."value" = ?`);
      params.push(query.label);
    }
    if (reviewerId !== null) {
      parts.push(`l."reviewer_id" = ?`);
      params.push(reviewerId);
    }
    const labeled = `SELECT DISTINCT l."transcript_id" AS "id" FROM "labels" l WHERE ${parts.join(" AND ")}`;
    add(`qi."transcript_id" IN (${labeled})`, ...params);
    sources.push({ sql: labeled, params, column: "transcript_id" });
  }
  if (query.disagreement) {
    // Two labels at the current rubric with different values (lib/labeling/item-status.ts disagrees): at least two labels first.
    const split = `SELECT l."transcript_id" AS "id" FROM "labels" l WHERE l."queue_id" = ? AND l."rubric_version" = ?
      GROUP BY l."transcript_id" HAVING COUNT(DISTINCT l."value") > 1`;
    add(`qi."label_count" >= 2 AND qi."transcript_id" IN (${split})`, queue.id, queue.rubricVersion);
    sources.push({ sql: split, params: [queue.id, queue.rubricVersion], column: "transcript_id" });
  }
  return { ...where, sources };
}
