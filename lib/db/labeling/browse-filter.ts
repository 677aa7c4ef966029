import "server-only";
import type { ItemBrowserQuery } from "../../schemas/item-browser";
import type { Reader } from "./sql";
import { poolSize, strandedWhere, type QueueShape } from "./stranded";

/**
 * The item browser's filters (not the search, not the cursor) as SQL on queue_items qi, and where a
 * page of them is cheapest to start.
 *
 * Every filter is a predicate on qi (statuses in the precedence of lib/labeling/item-status.ts), so a
 * filter finds exactly the items that show that status. Most filters pick out few items of a big
 * queue — the ones with a skip, a gold label, a label, a flag — and walking a million items in queue
 * order to test each took PostgreSQL seconds when the matches are rare. So a filter with a small table
 * behind it also names a source: the ids of a superset of its matches, read from that table, which
 * browse.ts sorts into queue order after testing each against the other clauses (the clauses a source
 * `implies` hold for every id it gives, so they are not tested twice).
 */
export interface Where {
  sql: string[];
  params: unknown[];
}

export interface Clause {
  sql: string;
  params: unknown[];
}

export interface Source {
  /** One statement selecting distinct values of `column` (queue_items' "id" or "transcript_id") as "id". */
  sql: string;
  params: unknown[];
  column: "id" | "transcript_id";
  /** Clauses true of every item the source gives. */
  implies: Clause[];
}

export interface BrowseFilter {
  clauses: Clause[];
  /** Sources of the filters given (any one holds every match); browse.ts starts from the smallest. */
  sources: Source[];
  /** The queue's reviewer pool size, when a status filter read it (the page's rows need it too). */
  pool: number | null;
}

/** The clauses as one conjunction's parts. */
export function whereOf(clauses: Clause[]): Where {
  return { sql: clauses.map((c) => c.sql), params: clauses.flatMap((c) => c.params) };
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
  const clauses: Clause[] = [{ sql: `qi."queue_id" = ?`, params: [queue.id] }];
  const add = (sql: string, ...params: unknown[]): Clause => {
    const clause = { sql, params };
    clauses.push(clause);
    return clause;
  };
  const sources: Source[] = [];
  let pool: number | null = null;
  const gold = [queue.id, queue.rubricVersion];
  const rpi = queue.reviewersPerItem;
  /** This queue's open items with a skip (the skipped and, with a big enough pool, the stranded are among them). */
  const skips = (...implies: Clause[]): Source => ({
    sql: `SELECT DISTINCT s."queue_item_id" AS "id" FROM "label_skips" s JOIN "queue_items" sq ON sq."id" = s."queue_item_id"
      WHERE sq."queue_id" = ? AND sq."label_count" < ?`,
    params: [queue.id, rpi],
    column: "id",
    implies,
  });
  if (query.status) {
    const needsPool = query.status === "stranded" || query.status === "skipped" || query.status === "needs-labels";
    const size = needsPool ? await poolSize(on, queue.id) : 0;
    if (needsPool) pool = size;
    const stranded = strandedWhere(queue, size);
    switch (query.status) {
      case "gold": {
        const isGold = add(GOLD, ...gold);
        sources.push({
          sql: `SELECT g."transcript_id" AS "id" FROM "gold_labels" g WHERE g."queue_id" = ? AND g."rubric_version" = ?`,
          params: gold,
          column: "transcript_id",
          implies: [isGold],
        });
        break;
      }
      case "labeled":
        // No source: items with every label they need are most of a queue that is under way, and the walk in
        // queue order fills a page soon (the source, queue_items by label_count, measured slower at a million).
        add(`qi."label_count" >= ? AND NOT ${GOLD}`, rpi, ...gold);
        break;
      case "stranded":
        add(`(${stranded.where}) AND NOT ${GOLD}`, ...stranded.params, ...gold);
        // With a pool at least reviewersPerItem strong only a skip strands an item (stranded.ts); a smaller pool strands every open item.
        if (size >= rpi) sources.push(skips());
        break;
      case "skipped": {
        const open = add(`qi."label_count" < ? AND ${SKIPPED}`, rpi);
        add(`NOT (${stranded.where}) AND NOT ${GOLD}`, ...stranded.params, ...gold);
        sources.push(skips(open));
        break;
      }
      case "needs-labels":
        // No skip, so not stranded when the pool is big enough (above); most of an unfinished queue: walked, never sourced.
        if (size >= rpi) add(`qi."label_count" < ? AND NOT ${SKIPPED} AND NOT ${GOLD}`, rpi, ...gold);
        else add(`qi."label_count" < ? AND NOT ${SKIPPED} AND NOT (${stranded.where}) AND NOT ${GOLD}`, rpi, ...stranded.params, ...gold);
        break;
    }
  }
  if (query.split) add(`CAST(qi."split" AS TEXT) = ?`, query.split);
  if (query.flagged) {
    const open = `SELECT DISTINCT f."queue_item_id" AS "id" FROM "item_flags" f WHERE f."resolved_at" IS NULL`;
    sources.push({ sql: open, params: [], column: "id", implies: [add(`qi."id" IN (${open})`)] });
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
    sources.push({ sql: labeled, params, column: "transcript_id", implies: [add(`qi."transcript_id" IN (${labeled})`, ...params)] });
  }
  if (query.disagreement) {
    // Two labels at the current rubric with different values (lib/labeling/item-status.ts disagrees): at least two labels first.
    // MIN <> MAX rather than COUNT(DISTINCT): the same test, and PostgreSQL hashes it instead of sorting every label.
    add(`qi."label_count" >= 2`);
    const split = `SELECT l."transcript_id" AS "id" FROM "labels" l WHERE l."queue_id" = ? AND l."rubric_version" = ?
      GROUP BY l."transcript_id" HAVING MIN(l."value") <> MAX(l."value")`;
    const params = [queue.id, queue.rubricVersion];
    sources.push({ sql: split, params, column: "transcript_id", implies: [add(`qi."transcript_id" IN (${split})`, ...params)] });
  }
  return { clauses, sources, pool };
}
