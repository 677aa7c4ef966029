import "server-only";
import { itemStatus, snippet, type ItemStatus } from "../../labeling/item-status";
import type { ItemBrowserQuery } from "../../schemas/item-browser";
import { direct, sql, text, type Reader } from "./sql";
import { poolSize, strandedWhere, type QueueShape } from "./stranded";

/**
 * The item browser (/label/[queueId]/items): a queue's items in queue order, filtered and searched,
 * PAGE at a time. Adjudicators and admins only — rows carry every reviewer's label.
 *
 * Keyset pagination on (order_key, id), never OFFSET: page 1,000 costs what page 1 costs. Each filter
 * is one predicate on queue_items (statuses in the precedence of lib/labeling/item-status.ts), written
 * as an IN over the small side where it is selective (flags, labels, gold), so the planner can start
 * there instead of walking a million items in order.
 *
 * Text search is bounded: matching the prompt and output of a million transcripts with LIKE is a full
 * scan (no index serves '%word%'), seconds on either database. So a search reads the next SCAN_WINDOW
 * items in queue order and returns the matches among them; when a window ends before a page fills, the
 * page says how far it searched and links to the next window. An exact transcript id or external id
 * is looked up through indexes across the whole queue first.
 */
export const PAGE = 50;
export const SCAN_WINDOW = 20_000;

export interface BrowseQueue extends QueueShape {
  kind: string;
}

export interface BrowseLabel {
  reviewerEmail: string;
  reviewerName: string | null;
  value: string;
}

export interface BrowseRow {
  queueItemId: string;
  transcriptId: string;
  externalId: string | null;
  prompt: string;
  output: string;
  split: "dev" | "test";
  status: ItemStatus;
  /** Source of the gold label at the current rubric version. */
  gold: { value: string; source: string } | null;
  labelCount: number;
  labels: BrowseLabel[];
  skips: number;
  openFlags: number;
  comments: number;
}

export interface BrowsePage {
  rows: BrowseRow[];
  /** Exact transcript-id / external-id matches for the search, shown above the page (first page only). */
  exact: BrowseRow[];
  /** Cursors for the neighbouring pages; null at either end. */
  next: string | null;
  previous: string | null;
  /** Set when a text search stopped at the end of its window before filling the page. */
  searched: number | null;
  /** The reviewer filter names nobody. */
  unknownReviewer: boolean;
}

export function cursorOf(row: { orderKey: string; queueItemId: string }): string {
  return `${row.orderKey}.${row.queueItemId}`;
}

function parseCursor(cursor: string): [string, string] {
  const dot = cursor.indexOf(".");
  return [cursor.slice(0, dot), cursor.slice(dot + 1)];
}

interface Where {
  sql: string[];
  params: unknown[];
}

const GOLD = `qi."id" IN (SELECT gi."id" FROM "gold_labels" g JOIN "queue_items" gi ON gi."queue_id" = g."queue_id" AND gi."transcript_id" = g."transcript_id"
  WHERE g."queue_id" = ? AND g."rubric_version" = ?)`;
const SKIPPED = `EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id")`;

/** The filters (not the search, not the cursor) as predicates on qi. */
async function filterWhere(on: Reader, queue: BrowseQueue, query: ItemBrowserQuery, reviewerId: string | null): Promise<Where> {
  const where: Where = { sql: [`qi."queue_id" = ?`], params: [queue.id] };
  const add = (clause: string, ...params: unknown[]) => {
    where.sql.push(clause);
    where.params.push(...params);
  };
  const gold = [queue.id, queue.rubricVersion];
  const rpi = queue.reviewersPerItem;
  if (query.status) {
    const needsPool = query.status === "stranded" || query.status === "skipped" || query.status === "needs-labels";
    const pool = needsPool ? await poolSize(on, queue.id) : 0;
    const stranded = strandedWhere(queue, pool);
    switch (query.status) {
      case "gold":
        add(GOLD, ...gold);
        break;
      case "labeled":
        add(`qi."label_count" >= ? AND NOT ${GOLD}`, rpi, ...gold);
        break;
      case "stranded":
        add(`(${stranded.where}) AND NOT ${GOLD}`, ...stranded.params, ...gold);
        break;
      case "skipped":
        add(`qi."label_count" < ? AND ${SKIPPED} AND NOT (${stranded.where}) AND NOT ${GOLD}`, rpi, ...stranded.params, ...gold);
        break;
      case "needs-labels":
        // With a pool at least reviewersPerItem strong only a skip strands an item (stranded.ts): no skip, not stranded.
        if (pool >= rpi) add(`qi."label_count" < ? AND NOT ${SKIPPED} AND NOT ${GOLD}`, rpi, ...gold);
        else add(`qi."label_count" < ? AND NOT ${SKIPPED} AND NOT (${stranded.where}) AND NOT ${GOLD}`, rpi, ...stranded.params, ...gold);
        break;
    }
  }
  if (query.split) add(`CAST(qi."split" AS TEXT) = ?`, query.split);
  if (query.flagged) add(`qi."id" IN (SELECT f."queue_item_id" FROM "item_flags" f WHERE f."resolved_at" IS NULL)`);
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
    add(`qi."transcript_id" IN (SELECT l."transcript_id" FROM "labels" l WHERE ${parts.join(" AND ")})`, ...params);
  }
  if (query.disagreement) {
    // Two labels at the current rubric with different values (lib/labeling/item-status.ts disagrees): at least two labels first.
    add(
      `qi."label_count" >= 2 AND qi."transcript_id" IN (SELECT a."transcript_id" FROM "labels" a JOIN "labels" b
         ON b."transcript_id" = a."transcript_id" AND b."queue_id" = a."queue_id" AND b."rubric_version" = a."rubric_version" AND b."value" <> a."value"
         WHERE a."queue_id" = ? AND a."rubric_version" = ?)`,
      queue.id,
      queue.rubricVersion,
    );
  }
  return where;
}

const ROW = `qi."id", qi."transcript_id", qi."order_key", CAST(qi."split" AS TEXT) AS "split", qi."label_count", t."external_id",
  SUBSTR(t."task_prompt", 1, 400) AS "prompt", SUBSTR(t."final_output", 1, 400) AS "output"`;

type Raw = Record<string, unknown>;

/** "contains", case-insensitively, with LIKE's wildcards taken literally. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
const MATCHES = `(LOWER(t."task_prompt") LIKE ? ESCAPE '\\' OR LOWER(COALESCE(t."final_output", '')) LIKE ? ESCAPE '\\')`;

/** One page of the queue's items under `query`. */
export async function browseItems(queue: BrowseQueue, query: ItemBrowserQuery, options: { scanWindow?: number } = {}): Promise<BrowsePage> {
  const on = direct();
  const scanWindow = options.scanWindow ?? SCAN_WINDOW;
  let reviewerId: string | null = null;
  if (query.reviewer) {
    const [user] = await on.query(sql(on, `SELECT "id" FROM "users" WHERE LOWER("email") = ?`), [query.reviewer.toLowerCase()]);
    if (!user) return { rows: [], exact: [], next: null, previous: null, searched: null, unknownReviewer: true };
    reviewerId = String(user.id);
  }
  const filters = await filterWhere(on, queue, query, reviewerId);
  const backwards = query.before !== undefined;
  const cursor = query.after ?? query.before;
  const keyset: Where = { sql: [], params: [] };
  if (cursor) {
    keyset.sql.push(`(qi."order_key", qi."id") ${backwards ? "<" : ">"} (?, ?)`);
    keyset.params.push(...parseCursor(cursor));
  }
  const order = backwards ? `qi."order_key" DESC, qi."id" DESC` : `qi."order_key", qi."id"`;
  let raw: Raw[];
  let windowEnd: Raw | undefined;
  if (query.q) {
    // The window: the next SCAN_WINDOW items in queue order after the cursor, then the filters and the text among them.
    const window = await on.query(
      sql(
        on,
        `SELECT w."id", w."order_key" FROM (SELECT qi."id", qi."order_key" FROM "queue_items" qi
           WHERE ${[`qi."queue_id" = ?`, ...keyset.sql].join(" AND ")} ORDER BY ${order} LIMIT ${Math.floor(scanWindow)}) w
         ORDER BY ${backwards ? `w."order_key", w."id"` : `w."order_key" DESC, w."id" DESC`} LIMIT 1`,
      ),
      [queue.id, ...keyset.params],
    );
    windowEnd = window[0];
    const bound: Where = { sql: [], params: [] };
    if (windowEnd) {
      bound.sql.push(`(qi."order_key", qi."id") ${backwards ? ">=" : "<="} (?, ?)`);
      bound.params.push(windowEnd.order_key, windowEnd.id);
    }
    const pattern = likePattern(query.q);
    raw = await on.query(
      sql(
        on,
        `SELECT ${ROW} FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id"
         WHERE ${[...filters.sql, ...keyset.sql, ...bound.sql, MATCHES].join(" AND ")} ORDER BY ${order} LIMIT ${PAGE + 1}`,
      ),
      [...filters.params, ...keyset.params, ...bound.params, pattern, pattern],
    );
  } else {
    raw = await on.query(
      sql(
        on,
        `SELECT ${ROW} FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id"
         WHERE ${[...filters.sql, ...keyset.sql].join(" AND ")} ORDER BY ${order} LIMIT ${PAGE + 1}`,
      ),
      [...filters.params, ...keyset.params],
    );
  }
  const more = raw.length > PAGE;
  let page = raw.slice(0, PAGE);
  if (backwards) page = page.reverse();
  // A search whose window ended before the page filled goes on from the window's end.
  const windowCut = query.q !== undefined && !more && windowEnd !== undefined && (await beyond(on, queue.id, windowEnd, backwards));
  const searched = windowCut ? scanWindow : null;
  const key = (r: Raw) => cursorOf({ orderKey: String(r.order_key), queueItemId: String(r.id) });
  const edge = windowCut ? key(windowEnd!) : null;
  const first = page[0];
  const last = page[page.length - 1];
  // Forward: "next" after the last row (or the window's end); "previous" before the first row, when we came from somewhere.
  // Backward: the mirror image.
  const ahead = more ? key(backwards ? first! : last!) : edge;
  const behind = cursor ? ((backwards ? last : first) ? key((backwards ? last : first)!) : cursor) : null;
  const next = backwards ? behind : ahead;
  const previous = backwards ? ahead : behind;
  const exact = query.q && !cursor ? await exactMatches(on, queue, query.q, filters) : [];
  const exactIds = new Set(exact.map((r) => String(r.id)));
  const rows = await describe(on, queue, [...exact, ...page.filter((r) => !exactIds.has(String(r.id)))]);
  return {
    rows: rows.slice(exact.length),
    exact: rows.slice(0, exact.length),
    next,
    previous,
    searched,
    unknownReviewer: false,
  };
}

/** Whether the queue has items past the window's end (else the search reached the end and says nothing). */
async function beyond(on: Reader, queueId: string, end: Raw, backwards: boolean): Promise<boolean> {
  const rows = await on.query(
    sql(
      on,
      `SELECT 1 AS "x" FROM "queue_items" qi WHERE qi."queue_id" = ? AND (qi."order_key", qi."id") ${backwards ? "<" : ">"} (?, ?) LIMIT 1`,
    ),
    [queueId, end.order_key, end.id],
  );
  return rows.length > 0;
}

/** Items whose transcript id or external id is exactly the search (indexed: the primary key and transcripts(external_id)). */
async function exactMatches(on: Reader, queue: BrowseQueue, q: string, filters: Where): Promise<Raw[]> {
  return on.query(
    sql(
      on,
      `SELECT ${ROW} FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id"
       WHERE ${filters.sql.join(" AND ")} AND qi."transcript_id" IN (SELECT x."id" FROM "transcripts" x WHERE x."id" = ? OR x."external_id" = ?)
       ORDER BY qi."order_key", qi."id" LIMIT ${PAGE}`,
    ),
    [...filters.params, q, q],
  );
}

/** Labels, gold, skips, flags, comments and standing of a page's items: one query each, in parallel. */
async function describe(on: Reader, queue: BrowseQueue, raw: Raw[]): Promise<BrowseRow[]> {
  if (raw.length === 0) return [];
  const itemIds = [...new Set(raw.map((r) => String(r.id)))];
  const transcriptIds = [...new Set(raw.map((r) => String(r.transcript_id)))];
  const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");
  const items = marks(itemIds.length);
  const pool = await poolSize(on, queue.id);
  const stranded = strandedWhere(queue, pool);
  const [labels, gold, counts, strandedRows] = await Promise.all([
    on.query(
      sql(
        on,
        `SELECT l."transcript_id", l."value", u."email", u."name" FROM "labels" l JOIN "users" u ON u."id" = l."reviewer_id"
         WHERE l."queue_id" = ? AND l."rubric_version" = ? AND l."transcript_id" IN (${marks(transcriptIds.length)})
         ORDER BY l."created_at", l."id"`,
      ),
      [queue.id, queue.rubricVersion, ...transcriptIds],
    ),
    on.query(
      sql(
        on,
        `SELECT g."transcript_id", g."value", CAST(g."source" AS TEXT) AS "source" FROM "gold_labels" g
         WHERE g."queue_id" = ? AND g."rubric_version" = ? AND g."transcript_id" IN (${marks(transcriptIds.length)})`,
      ),
      [queue.id, queue.rubricVersion, ...transcriptIds],
    ),
    on.query(
      sql(
        on,
        `SELECT qi."id",
           (SELECT COUNT(*) FROM "label_skips" s WHERE s."queue_item_id" = qi."id") AS "skips",
           (SELECT COUNT(*) FROM "item_flags" f WHERE f."queue_item_id" = qi."id" AND f."resolved_at" IS NULL) AS "flags",
           (SELECT COUNT(*) FROM "item_comments" c WHERE c."queue_item_id" = qi."id") AS "comments"
         FROM "queue_items" qi WHERE qi."id" IN (${items})`,
      ),
      itemIds,
    ),
    on.query(sql(on, `SELECT qi."id" FROM "queue_items" qi WHERE ${stranded.where} AND qi."id" IN (${items})`), [
      ...stranded.params,
      ...itemIds,
    ]),
  ]);
  const labelsOf = new Map<string, BrowseLabel[]>();
  for (const l of labels) {
    const id = String(l.transcript_id);
    labelsOf.set(id, [...(labelsOf.get(id) ?? []), { reviewerEmail: String(l.email), reviewerName: text(l.name), value: String(l.value) }]);
  }
  const goldOf = new Map(gold.map((g) => [String(g.transcript_id), { value: String(g.value), source: String(g.source) }]));
  const countsOf = new Map(counts.map((c) => [String(c.id), c]));
  const strandedIds = new Set(strandedRows.map((r) => String(r.id)));
  return raw.map((r) => {
    const id = String(r.id);
    const transcriptId = String(r.transcript_id);
    const c = countsOf.get(id);
    const labelCount = Number(r.label_count);
    const skips = Number(c?.skips ?? 0);
    const g = goldOf.get(transcriptId) ?? null;
    return {
      queueItemId: id,
      transcriptId,
      externalId: text(r.external_id),
      prompt: snippet(text(r.prompt)),
      output: snippet(text(r.output)),
      split: String(r.split) === "test" ? "test" : "dev",
      status: itemStatus({
        gold: g?.source ?? null,
        labelCount,
        reviewersPerItem: queue.reviewersPerItem,
        stranded: strandedIds.has(id),
        skips,
      }),
      gold: g,
      labelCount,
      labels: labelsOf.get(transcriptId) ?? [],
      skips,
      openFlags: Number(c?.flags ?? 0),
      comments: Number(c?.comments ?? 0),
    };
  });
}

/** Everyone who labeled in the queue at its current rubric version, for the reviewer filter's choices. */
export async function queueReviewers(queue: Pick<BrowseQueue, "id" | "rubricVersion">): Promise<string[]> {
  const on = direct();
  const rows = await on.query(
    sql(
      on,
      `SELECT u."email" FROM "users" u WHERE u."id" IN (SELECT l."reviewer_id" FROM "labels" l WHERE l."queue_id" = ? AND l."rubric_version" = ?)
       ORDER BY u."email"`,
    ),
    [queue.id, queue.rubricVersion],
  );
  return rows.map((r) => String(r.email));
}
