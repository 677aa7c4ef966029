import "server-only";
import { itemStatus, snippet, type ItemStatus } from "../../labeling/item-status";
import type { ItemBrowserQuery } from "../../schemas/item-browser";
import { browseFilter, whereOf, type BrowseFilter, type Clause, type Source, type Where } from "./browse-filter";
import { direct, pg, sql, text, type Reader } from "./sql";
import { poolSize, strandedWhere, type QueueShape } from "./stranded";

/**
 * The item browser (/label/[queueId]/items): a queue's items in queue order, filtered and searched,
 * PAGE at a time. Adjudicators and admins only — rows carry every reviewer's label.
 *
 * Keyset pagination on (order_key, id), never OFFSET: page 1,000 costs what page 1 costs. Each filter
 * is one predicate on queue_items (browse-filter.ts); a page of a filter with few matches starts from
 * the small table behind it (skips, gold labels, labels, flags) and sorts those into queue order,
 * instead of walking a million items in order and testing each.
 *
 * Text search ("contains", case-insensitively, in the prompt or the output) goes through the
 * databases' own text indexes: a trigram FTS5 table on SQLite, trigram GIN indexes on PostgreSQL
 * (migration 20261206120000_transcript_text_search). A search first tests the next PROBE_WINDOW items
 * in queue order — a common word fills its page among them. Otherwise the index gives the matching
 * transcripts (every candidate tested with the same LIKE, so what is found is exactly what a scan
 * finds), and when they are fewer than SOURCE_CAP they are sorted into queue order like a filter's
 * source: the whole queue is searched. A search the index cannot serve (under three characters, or on
 * PostgreSQL without three letters or digits in a row) or with more matches than the cap, reads the
 * next SCAN_WINDOW items in queue order and returns the matches among them; when that window ends
 * before a page fills, the page says how far it searched and links to the next window. An exact
 * transcript id or external id is looked up through indexes across the whole queue first.
 */
export const PAGE = 50;
export const SCAN_WINDOW = 20_000;
export const PROBE_WINDOW = 1_000;

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

/**
 * A filter's source (browse-filter.ts) smaller than this is sorted into queue order; a bigger one is
 * left for the walk in queue order, which finds a page after about PAGE × items / matches items. Each
 * item the source gives costs two index lookups and each item walked one, so the two meet when the
 * matches are about √(PAGE × items) (7,000 of a million items) times a small factor; measured on a
 * million items (README "Item browser"), a 10,000-item source beat the walk and a 15,000-item one lost.
 */
export const SOURCE_CAP = 12_000;

/** The smallest of the filter's sources under the cap (one statement counts them all), or null: walk the queue. */
async function smallestSource(on: Reader, sources: Source[], cap: number): Promise<Source | null> {
  const limit = Math.floor(cap);
  if (sources.length === 0 || limit <= 0) return null;
  const counts = sources.map((s, i) => `(SELECT COUNT(*) FROM (SELECT 1 FROM (${s.sql}) c LIMIT ${limit}) c) AS "n${i}"`);
  const [row] = await on.query(
    sql(on, `SELECT ${counts.join(", ")}`),
    sources.flatMap((s) => s.params),
  );
  let best: Source | null = null;
  let fewest = limit;
  for (const [i, source] of sources.entries()) {
    const n = Number(row?.[`n${i}`] ?? limit);
    if (n < fewest) [best, fewest] = [source, n];
  }
  return best;
}

const ROW = `qi."id", qi."transcript_id", qi."order_key", CAST(qi."split" AS TEXT) AS "split", qi."label_count", t."external_id",
  SUBSTR(t."task_prompt", 1, 400) AS "prompt", SUBSTR(t."final_output", 1, 400) AS "output"`;

type Raw = Record<string, unknown>;

/** "contains", case-insensitively, with LIKE's wildcards taken literally. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
const MATCHES = `(LOWER(t."task_prompt") LIKE ? ESCAPE '\\' OR LOWER(COALESCE(t."final_output", '')) LIKE ? ESCAPE '\\')`;

/**
 * The search as a filter clause on qi and as a source (browse-filter.ts) from the text index: the
 * transcripts whose prompt or output contains `q`, exactly (the index's candidates are tested with
 * MATCHES). Null when the index cannot serve `q`. The text reaches the index only as a bound
 * parameter: on SQLite one FTS5 string (a double quote doubled), never query syntax.
 */
export function textSearch(on: Reader, q: string): { clause: Clause; source: Source | null } {
  const pattern = likePattern(q);
  const clause: Clause = {
    sql: `EXISTS (SELECT 1 FROM "transcripts" t WHERE t."id" = qi."transcript_id" AND ${MATCHES})`,
    params: [pattern, pattern],
  };
  let source: Source | null = null;
  if (pg(on)) {
    // pg_trgm takes trigrams from runs of letters and digits; without one the index would be read whole.
    if (/[\p{L}\p{N}]{3}/u.test(q))
      source = {
        sql: `SELECT t."id" FROM "transcripts" t WHERE ${MATCHES}`,
        params: [pattern, pattern],
        column: "transcript_id",
        implies: [clause],
      };
  } else if ([...q].length >= 3) {
    // The trigram tokenizer indexes every character (spaces and punctuation too), case-folded.
    source = {
      sql: `SELECT t."id" FROM "transcript_text" x JOIN "transcripts" t ON t."rowid" = x."rowid" WHERE "transcript_text" MATCH ? AND ${MATCHES}`,
      params: [`"${q.replace(/"/g, '""')}"`, pattern, pattern],
      column: "transcript_id",
      implies: [clause],
    };
  }
  return { clause, source };
}

/** One page of the queue's items under `query`. */
export async function browseItems(
  queue: BrowseQueue,
  query: ItemBrowserQuery,
  options: {
    scanWindow?: number;
    sourceCap?: number;
    probeWindow?: number;
    /** false: search by the windowed scan alone, as before the text indexes (tests compare the two). */
    textIndex?: boolean;
  } = {},
): Promise<BrowsePage> {
  const on = direct();
  const scanWindow = options.scanWindow ?? SCAN_WINDOW;
  let reviewerId: string | null = null;
  if (query.reviewer) {
    const [user] = await on.query(sql(on, `SELECT "id" FROM "users" WHERE LOWER("email") = ?`), [query.reviewer.toLowerCase()]);
    if (!user) return { rows: [], exact: [], next: null, previous: null, searched: null, unknownReviewer: true };
    reviewerId = String(user.id);
  }
  const filter = await browseFilter(on, queue, query, reviewerId);
  const filters = whereOf(filter.clauses);
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
    const search = textSearch(on, query.q);
    const pattern = likePattern(query.q);
    /** The matches among the next `size` items in queue order after the cursor, and the last of those items. */
    const walk = async (size: number) => {
      const window = await on.query(
        sql(
          on,
          `SELECT w."id", w."order_key" FROM (SELECT qi."id", qi."order_key" FROM "queue_items" qi
             WHERE ${[`qi."queue_id" = ?`, ...keyset.sql].join(" AND ")} ORDER BY ${order} LIMIT ${Math.floor(size)}) w
           ORDER BY ${backwards ? `w."order_key", w."id"` : `w."order_key" DESC, w."id" DESC`} LIMIT 1`,
        ),
        [queue.id, ...keyset.params],
      );
      const end = window[0];
      const bound: Where = { sql: [], params: [] };
      if (end) {
        bound.sql.push(`(qi."order_key", qi."id") ${backwards ? ">=" : "<="} (?, ?)`);
        bound.params.push(end.order_key, end.id);
      }
      const rows = await on.query(
        sql(
          on,
          `SELECT ${ROW} FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id"
           WHERE ${[...filters.sql, ...keyset.sql, ...bound.sql, MATCHES].join(" AND ")} ORDER BY ${order} LIMIT ${PAGE + 1}`,
        ),
        [...filters.params, ...keyset.params, ...bound.params, pattern, pattern],
      );
      return { rows, end };
    };
    const indexed = options.textIndex === false ? null : search.source;
    const cap = options.sourceCap ?? SOURCE_CAP;
    const probe = indexed ? await walk(Math.min(options.probeWindow ?? PROBE_WINDOW, scanWindow)) : null;
    const unfilled = indexed !== null && probe !== null && probe.rows.length <= PAGE;
    const found = unfilled ? await matchingTranscripts(on, indexed, cap) : null;
    // Too many matches for the index's list: a filter's own small source may still serve (the search tested on each of its items).
    const source = unfilled ? await smallestSource(on, found ? [...filter.sources, found] : filter.sources, cap) : null;
    if (probe && probe.rows.length > PAGE) raw = probe.rows;
    else if (source) raw = await fromSource(on, { ...filter, clauses: [...filter.clauses, search.clause] }, source, keyset, backwards);
    else ({ rows: raw, end: windowEnd } = await walk(scanWindow));
  } else {
    const source = await smallestSource(on, filter.sources, options.sourceCap ?? SOURCE_CAP);
    raw = source
      ? await fromSource(on, filter, source, keyset, backwards)
      : await on.query(
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
  const rows = await describe(on, queue, [...exact, ...page.filter((r) => !exactIds.has(String(r.id)))], filter.pool);
  return {
    rows: rows.slice(exact.length),
    exact: rows.slice(0, exact.length),
    next,
    previous,
    searched,
    unknownReviewer: false,
  };
}

/**
 * The transcripts the text index finds, read once (the index is the expensive part: counting them and
 * then reading them again for the page doubled it), as a source that names them; null when there are
 * more than `cap`, and the walk in queue order is left to find them.
 */
async function matchingTranscripts(on: Reader, indexed: Source, cap: number): Promise<Source | null> {
  const limit = Math.floor(cap);
  const rows = await on.query(sql(on, `SELECT c."id" FROM (${indexed.sql}) c LIMIT ${limit + 1}`), indexed.params);
  if (rows.length > limit) return null;
  const ids = rows.map((r) => String(r.id));
  return {
    sql: `SELECT t."id" FROM "transcripts" t WHERE ${ids.length ? `t."id" IN (${ids.map(() => "?").join(", ")})` : "1 = 0"}`,
    params: ids,
    column: "transcript_id",
    implies: indexed.implies,
  };
}

/**
 * A page started from a source: each of its ids is looked up on its own (the item matching the other
 * clauses and the cursor, then its order key) and the hits sorted into queue order. Correlated lookups,
 * not a join, because PostgreSQL joins more than a few thousand ids to queue_items by reading all of
 * it (a second and more on a million items), where the lookups take milliseconds.
 */
async function fromSource(on: Reader, filter: BrowseFilter, source: Source, keyset: Where, backwards: boolean): Promise<Raw[]> {
  const rest = whereOf(filter.clauses.filter((c) => !source.implies.includes(c)));
  const order = (of: string) => (backwards ? `${of}"order_key" DESC, ${of}"id" DESC` : `${of}"order_key", ${of}"id"`);
  return on.query(
    sql(
      on,
      `WITH src AS MATERIALIZED (${source.sql}),
       hit AS MATERIALIZED (SELECT (SELECT qi."id" FROM "queue_items" qi WHERE qi."${source.column}" = src."id"
         AND ${[...rest.sql, ...keyset.sql].join(" AND ")}) AS "id" FROM src),
       pick AS (SELECT hit."id", (SELECT k."order_key" FROM "queue_items" k WHERE k."id" = hit."id") AS "order_key" FROM hit
         WHERE hit."id" IS NOT NULL ORDER BY ${order("")} LIMIT ${PAGE + 1})
       SELECT ${ROW} FROM pick JOIN "queue_items" qi ON qi."id" = pick."id" JOIN "transcripts" t ON t."id" = qi."transcript_id"
       ORDER BY ${order("qi.")}`,
    ),
    [...source.params, ...rest.params, ...keyset.params],
  );
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

/**
 * Labels, gold, skips, flags, comments and standing of a page's items: one query each, in parallel.
 * `pool` is the queue's reviewer pool size when the filter has read it already (else read here).
 */
async function describe(on: Reader, queue: BrowseQueue, raw: Raw[], pool: number | null): Promise<BrowseRow[]> {
  if (raw.length === 0) return [];
  const itemIds = [...new Set(raw.map((r) => String(r.id)))];
  const transcriptIds = [...new Set(raw.map((r) => String(r.transcript_id)))];
  const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");
  const items = marks(itemIds.length);
  const stranded = strandedWhere(queue, pool ?? (await poolSize(on, queue.id)));
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
