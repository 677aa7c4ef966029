import { describe, expect, inject, it } from "vitest";
import { databaseProvider } from "@/lib/database-url";
import { getRunProgress } from "@/lib/db/distributed";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";
import { queueDistributedRun, until } from "@/lib/testing/workers";

// Distributed runs need PostgreSQL (pg-boss): skipped on the SQLite pass.
const onPostgres = databaseProvider(inject("baseDatabaseUrl")) === "postgres";

describe.skipIf(!onPostgres)("a distributed run whose jobs nobody takes", () => {
  const database = withTestDatabase();

  it("says so, with the reason, in its progress and in gavel wait", { timeout: 120_000 }, async () => {
    const env = { DATABASE_URL: database.url() };
    const queued = await queueDistributedRun(env, "datasets/refund", "module:lib/testing/slow-refund-agents.ts#slowRegressedAgent");
    expect(queued.code).toBe(0);
    const runId = queued.stdout.trim();
    const total = (await getRunProgress(runId))!.total;

    // Not stalled before its jobs have waited long enough; stalled after, naming the count and what to do.
    expect((await getRunProgress(runId, { stalledAfterSeconds: 3600 }))!.stalled).toBeNull();
    const stalled = await until(
      "the run to read as stalled",
      async () => (await getRunProgress(runId, { stalledAfterSeconds: 1 }))!.stalled,
      30_000,
    );
    expect(stalled).toMatch(new RegExp(`^${total} jobs waiting \\d+ s, no worker has claimed any: start \`gavel worker\``));
    expect((await getRunProgress(runId, { stalledAfterSeconds: 1 }))!.jobs).toMatchObject({
      waiting: total,
      active: 0,
      sinceLastClaimSeconds: null,
    });

    // gavel wait says it (even --quiet), then gives up at its timeout with exit 3; the run goes on.
    const waited = await gavel(["wait", runId, "--quiet", "--stalled-after", "1", "--timeout", "3"], env);
    expect(waited.code).toBe(3);
    expect(waited.stderr).toContain(`warning: run ${runId} is stalled: ${total} jobs waiting`);
    expect(waited.stderr).toContain("no worker has claimed any: start `gavel worker`");
    expect((await gavel(["wait", runId, "--stalled-after", "0"], env)).stderr).toContain("--stalled-after must be positive");
  });
});
