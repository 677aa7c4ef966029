import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { databaseProvider, databaseUrl } from "../database-url";
import { db, type Tx } from "./client";

/**
 * How a long write (a data set import: lib/db/import-datasets.ts) commits. It is cut into units, each
 * consistent on its own — a slice of transcripts, a label set with its items, gold and labels, a judge
 * version with its verdicts — and written as find-then-insert-what-is-missing, so a unit can be run again.
 *
 * - `atomic` (every import a person asks for: `gavel import hanna|llmbar`): all units in ONE transaction,
 *   nothing half-written.
 * - `bounded` (the first start's demo seeding, behind a served app): each unit in a transaction of its own.
 *   SQLite has one writer at a time, and a sign-in's session row or a reviewer's label waits for the
 *   write lock at most the busy timeout (10 s, lib/db/sqlite.ts) before the request fails. HANNA written
 *   in one transaction held that lock 5.5 s on a quiet 2-core machine, 6–14 s at load 4–5 and 59 s with
 *   three busy processes beside it; in units the longest hold was under 1 s at load 4–5 and 1.7–3 s
 *   with the busy processes (docs/database.md). A start stopped between units leaves what was
 *   committed; the next start's import adds only what is missing (scripts/start.ts resumes at the step
 *   the demo status recorded).
 */
export type Commits = "atomic" | "bounded";

/** Runs one unit of a long write. */
export type WriteUnit = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** Long writes get far more than Prisma's 5 s default (HANNA's atomic import takes tens of seconds under load). */
export const LONG_TRANSACTION = { timeout: 600_000, maxWait: 30_000 };

/**
 * The write lock left free between two bounded units on SQLite. A writer waiting for it sleeps in SQLite's
 * default busy handler between tries, at most 100 ms apart (`sqliteDefaultBusyCallback`: delays 1, 2, 5,
 * …, 50, 100 ms, better-sqlite3 being built with HAVE_USLEEP): back-to-back transactions could let it miss
 * every gap until its timeout, and a gap longer than its longest sleep lets it in. Time the seeding spends
 * between units anyway (computing calibrations) counts towards the gap.
 */
export const SQLITE_GAP_MS = 120;

/** Every unit inside the one transaction `tx` (atomic). */
export function inTransaction(tx: Tx): WriteUnit {
  return (work) => work(tx);
}

/** Each unit in its own transaction, the SQLite write lock left free SQLITE_GAP_MS between them (bounded). */
export function boundedUnits(gapMs = SQLITE_GAP_MS): WriteUnit {
  const gap = databaseProvider(databaseUrl()) === "sqlite" ? gapMs : 0;
  let lastCommit = 0;
  return async (work) => {
    const wait = lastCommit + gap - Date.now();
    if (wait > 0) await sleep(wait);
    try {
      return await db().$transaction(work, LONG_TRANSACTION);
    } finally {
      lastCommit = Date.now();
    }
  };
}
