import { databaseProvider } from "../../lib/database-url";
import { disconnectDb } from "../../lib/db/client";
import { ensureMigrated } from "../../lib/db/ensure-migrated";
import { createTempDatabase } from "../../lib/db/temp-database";

export type DatabaseName = "SQLite" | "PostgreSQL";

/**
 * The seeded benchmarks' loop over databases. For each of `databases` ("sqlite", anything else is
 * PostgreSQL): a fresh database (a new SQLite file, or a new database on the server `pgUrl` names),
 * made the process's DATABASE_URL and migrated; `seed` fills it (timed), `measure` reads it; then the
 * client disconnects and the database is dropped, or with `keep` left in place and its URL printed,
 * to look at query plans afterwards. With `reuse` (a URL `keep` printed), that one database instead,
 * migrated (so a new index is measured too) and never dropped: `seed` then only reads what it holds.
 */
export async function onFreshDatabases<Seeded, Result>(options: {
  databases: readonly string[];
  /** The databases' name prefix (gavel_bench_…). */
  prefix: string;
  pgUrl: string;
  keep: boolean;
  reuse?: string;
  seed: () => Promise<Seeded>;
  measure: (name: DatabaseName, seeded: Seeded, seedSeconds: number) => Promise<Result[]>;
}): Promise<Result[]> {
  const results: Result[] = [];
  const { reuse } = options;
  for (const which of reuse ? [databaseProvider(reuse) === "postgres" ? "postgres" : "sqlite"] : options.databases) {
    // For SQLite only the base URL's scheme counts: createTempDatabase makes a new file in the temp folder.
    const database = reuse
      ? { url: reuse, drop: async () => {} }
      : await createTempDatabase(which === "sqlite" ? "file:bench.db" : options.pgUrl, { prefix: options.prefix });
    console.log(reuse ? `${which}: reusing ${reuse}` : `${which}: seeding a fresh database`);
    try {
      process.env.DATABASE_URL = database.url;
      await ensureMigrated(database.url);
      const seedStarted = performance.now();
      const seeded = await options.seed();
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      results.push(...(await options.measure(which === "sqlite" ? "SQLite" : "PostgreSQL", seeded, seedSeconds)));
    } finally {
      await disconnectDb();
      if (options.keep || reuse) console.log(`kept ${database.url}`);
      else await database.drop();
    }
  }
  return results;
}
