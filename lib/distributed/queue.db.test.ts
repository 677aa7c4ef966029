import { describe, expect, inject, it } from "vitest";
import { databaseProvider } from "@/lib/database-url";
import { createTempDatabase } from "@/lib/db/temp-database";
import { openQueue } from "./queue";

// The job queue lives on PostgreSQL only: skipped on CI's SQLite pass.
const base = inject("baseDatabaseUrl");
const onPostgres = databaseProvider(base) === "postgres";

describe.skipIf(!onPostgres)("setting up the job queue", () => {
  it("four processes' setups at once on a fresh database never deadlock (six fresh databases)", { timeout: 120_000 }, async () => {
    // Before setup was serialized, every one of these rounds deadlocked in pg-boss's schema creation.
    for (let round = 0; round < 6; round++) {
      const database = await createTempDatabase(base, { prefix: "gavel_queue_race" });
      try {
        const results = await Promise.allSettled(
          Array.from({ length: 4 }, () => openQueue(database.url, {}, { attempts: 1, firstDelayMs: 0 })),
        );
        await Promise.all(results.map((r) => (r.status === "fulfilled" ? r.value.stop({ graceful: false, wait: true }) : null)));
        expect(
          results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason)),
          `round ${round}`,
        ).toEqual([]);
      } finally {
        await database.drop();
      }
    }
  });

  it("gives up after its tries with the reason, retrying with backoff in between", async () => {
    const retries: number[] = [];
    const unreachable = "postgresql://postgres@127.0.0.1:1/nowhere";
    await expect(
      openQueue(unreachable, {}, { attempts: 3, firstDelayMs: 5, onRetry: (_attempt, _error, delayMs) => retries.push(delayMs) }),
    ).rejects.toThrow(/^could not set up the job queue \(3 tries\): /);
    expect(retries).toEqual([5, 10]);
  });
});
