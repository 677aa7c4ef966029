import "server-only";
import { randomUUID } from "node:crypto";
import { databaseProvider, databaseUrl } from "../../database-url";
import { bulkQuery, timestampParam, type BulkTx } from "../bulk";

/**
 * The two-dialect raw SQL helpers the labeling hot path is written with. Every statement is
 * written once with `?` placeholders and quoted snake_case names (the tables' @map names);
 * sql-columns.db.test.ts checks every quoted name against both Prisma schemas.
 */
export type On = Pick<BulkTx, "provider">;
export type Reader = Pick<BulkTx, "provider" | "query">;
/** Single statements outside a transaction: no BEGIN / COMMIT round trips for plain reads. */
export const direct = (): Reader => ({ provider: databaseProvider(databaseUrl()), query: bulkQuery });

export const pg = (tx: On) => tx.provider === "postgres";
/** Writes SQL with `?` placeholders; PostgreSQL gets $1, $2, … */
export function sql(tx: On, text: string): string {
  if (!pg(tx)) return text;
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}
export const ts = (tx: On) => (pg(tx) ? "::timestamp(3)" : "");
export const at = (tx: On, date: Date) => timestampParam(tx.provider, date);
/** Booleans come back as true (PostgreSQL) or "1" (SQLite through the adapter). */
export const truthy = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";
export const bool = (tx: On, value: boolean) => (pg(tx) ? String(value) : value ? "1" : "0");
export const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * "This reviewer has labeled the item behind queue item qi" (one `?`: the reviewer). A label counts
 * unless it was made in this queue under an earlier rubric version: after "New rubric version" every
 * item is served again, and the new label replaces the reviewer's old one (submitLabel).
 */
export const LABELED = `SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = ?
  AND NOT (l."queue_id" = qi."queue_id" AND l."rubric_version" < (SELECT q."rubric_version" FROM "label_queues" q WHERE q."id" = qi."queue_id"))`;

/**
 * A label's id sorts by when it was made, so "the reviewer's newest label" (undo) has an answer even
 * when two labels share a millisecond: the time, then a counter, then randomness.
 */
let sequence = 0;
export function timeOrderedId(now: Date): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${now.getTime().toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${randomUUID().replaceAll("-", "").slice(0, 12)}`;
}
