import "server-only";
import { readdirSync } from "node:fs";
import { databaseProvider, sqliteFilePath } from "../database-url";
import { deployMigrations, PRISMA_FILES } from "./prisma-cli";
import { deploySqliteMigrations } from "./sqlite-migrate";

/** Migration folders of the provider that the database has not finished applying. */
export async function pendingMigrations(url: string): Promise<string[]> {
  const provider = databaseProvider(url);
  const wanted = readdirSync(PRISMA_FILES[provider].migrations, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  let applied: Set<string>;
  // Imported here, not at the top: it brings pg, which an SQLite command never needs.
  const { queryRows } = await import("./temp-database");
  try {
    const rows = await queryRows(
      url,
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    applied = new Set(rows.map((r) => String(r.migration_name)));
  } catch {
    return wanted; // no migrations table yet (a new database)
  }
  return wanted.filter((name) => !applied.has(name));
}

/**
 * Brings the database up to date before the CLI or the server writes to it, so `npx @gavel-evals/gavel run`
 * works from a clean clone. SQLite is migrated in this process (lib/db/sqlite-migrate.ts); for
 * PostgreSQL the Prisma CLI is started, and only when something is pending: it takes seconds.
 */
export async function ensureMigrated(url: string): Promise<void> {
  if (databaseProvider(url) === "sqlite") {
    await deploySqliteMigrations(sqliteFilePath(url), PRISMA_FILES.sqlite.migrations);
    return;
  }
  if ((await pendingMigrations(url)).length > 0) await deployMigrations(url);
}
