import "server-only";
import pg from "pg";

/**
 * Runs `work` holding a PostgreSQL session-level advisory lock on its own connection, so processes
 * on any machine take turns. Ending the session releases the lock even if the unlock is never sent
 * (a crash mid-work frees it too).
 */
export async function withAdvisoryLock<T>(url: string, key: bigint, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "gavel-lock" });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [key.toString()]);
    return await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [key.toString()]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
