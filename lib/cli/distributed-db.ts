import { databaseProvider, databaseUrl, redactUrl } from "@/lib/database-url";
import { UsageError } from "./exit";

/** Distributed runs keep their jobs in pg-boss, which lives in PostgreSQL: on SQLite there is nowhere to put them. */
export function requirePostgres(what: string): string {
  const url = databaseUrl();
  if (databaseProvider(url) !== "postgres") {
    throw new UsageError(
      `${what} needs PostgreSQL: set DATABASE_URL to a postgresql:// database shared by every worker (the job queue, pg-boss, lives in it); this one is SQLite (${redactUrl(url)}). See docs/distributed.md.`,
    );
  }
  return url;
}
