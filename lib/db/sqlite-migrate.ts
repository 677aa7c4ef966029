import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

/** Prisma's own bookkeeping table, created exactly as `prisma migrate deploy` creates it on SQLite. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

/** Prisma writes timestamps as ISO strings with an explicit offset. */
const stamp = () => new Date().toISOString().replace("Z", "+00:00");

/**
 * Applies the pending migrations of `dir` to an SQLite file in this process, recording each in
 * `_prisma_migrations` the way `prisma migrate deploy` does (same table, the sha256 of the file as
 * checksum), so either tool can take over from the other. Starting the Prisma CLI for this costs two
 * to three seconds, most of the first `gavel run` on a new database. Like Prisma on SQLite, each
 * script runs as written (its PRAGMAs need to be outside a transaction); a failed one is left
 * unfinished with its error in `logs`, and every later call refuses to go on, as Prisma does.
 * Returns the names applied.
 */
export async function deploySqliteMigrations(file: string, dir: string): Promise<string[]> {
  mkdirSync(path.dirname(file), { recursive: true });
  const adapter = await new PrismaBetterSQLite3({ url: file, timeout: 10_000 }).connect();
  try {
    // WAL with synchronous=NORMAL, as the app's connections use it (lib/db/bulk.ts): each statement
    // of a migration commits on its own (Prisma's SQLite scripts run outside a transaction), and in
    // the default rollback-journal mode every one of those commits waited for fsyncs — about a second
    // to create a new database here, now a tenth of that. The database stays consistent either way.
    await adapter.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    await adapter.executeScript(MIGRATIONS_TABLE);
    const rows = await adapter.queryRaw({
      sql: `SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`,
      args: [],
      argTypes: [],
    });
    const done = new Set<string>();
    for (const [name, finished, rolledBack] of rows.rows as [string, string | null, string | null][]) {
      if (finished !== null && rolledBack === null) done.add(name);
      else if (finished === null && rolledBack === null) {
        throw new Error(
          `Migration ${name} failed earlier on ${file} and was never resolved; fix the database, then run: npx prisma migrate resolve --rolled-back ${name}`,
        );
      }
    }
    const pending = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !done.has(e.name))
      .map((e) => e.name)
      .sort();
    for (const name of pending) {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const id = randomUUID();
      const checksum = createHash("sha256").update(sql).digest("hex");
      const args = (values: (string | number)[]) => ({
        args: values,
        argTypes: values.map((v) => (typeof v === "number" ? "Int32" : "Text") as never),
      });
      await adapter.executeRaw({
        sql: `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, 0)`,
        ...args([id, checksum, name, stamp()]),
      });
      try {
        await adapter.executeScript(sql);
      } catch (error) {
        // The adapter's error names a kind ("TableDoesNotExist"); SQLite's own words are in its cause.
        const cause = (error as { cause?: { originalMessage?: string } }).cause;
        const message = cause?.originalMessage ?? (error instanceof Error ? error.message : String(error));
        await adapter.executeRaw({ sql: `UPDATE "_prisma_migrations" SET logs = ? WHERE id = ?`, ...args([message, id]) });
        throw new Error(`Migration ${name} failed on ${file}: ${message}`);
      }
      await adapter.executeRaw({
        sql: `UPDATE "_prisma_migrations" SET finished_at = ?, applied_steps_count = 1 WHERE id = ?`,
        ...args([stamp(), id]),
      });
    }
    return pending;
  } finally {
    await adapter.dispose();
  }
}
