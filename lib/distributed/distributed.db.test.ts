import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { databaseProvider } from "@/lib/database-url";
import { db } from "@/lib/db/client";
import { markStaleRuns } from "@/lib/db/run-resume";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";
import { queueDistributedRun, startWorkerProcess as startWorker, until } from "@/lib/testing/workers";

// Distributed runs need PostgreSQL: on CI's SQLite pass these tests are skipped, on its PostgreSQL pass they run.
const onPostgres = databaseProvider(inject("baseDatabaseUrl")) === "postgres";
const tmp = () => mkdtempSync(path.join(os.tmpdir(), "gavel-dist-"));
const SLOW_REGRESSED = "module:lib/testing/slow-refund-agents.ts#slowRegressedAgent";

describe("gavel run --distributed on SQLite", () => {
  it("is refused before anything is written, naming PostgreSQL (exit 2)", async () => {
    const dataDir = tmp();
    const result = await gavel(["run", "datasets/refund", "--agent", SLOW_REGRESSED, "--distributed"], {
      DATABASE_URL: `file:${path.join(dataDir, "gavel.db")}`,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--distributed needs PostgreSQL: set DATABASE_URL to a postgresql:// database");
    expect(existsSync(path.join(dataDir, "gavel.db"))).toBe(false);
  });
});

describe.skipIf(!onPostgres)("distributed runs on PostgreSQL with pg-boss", () => {
  const database = withTestDatabase();

  it(
    "three workers, one killed with SIGKILL mid-run: every (task, trial) stored exactly once, the same gate verdict as a local run",
    { timeout: 240_000 },
    async () => {
      const env = { DATABASE_URL: database.url() };
      // The local run: the verdict to match (the regressed agent fails some tasks, so the gate has something to say).
      const local = await gavel(
        [
          "run",
          "datasets/refund",
          "--agent",
          SLOW_REGRESSED,
          "--trials",
          "5",
          "--concurrency",
          "8",
          "--baseline",
          "none",
          "--out",
          tmp(),
          "--json",
        ],
        env,
      );
      expect(local.code).toBe(1);
      const localJson = JSON.parse(local.stdout);

      const queued = await queueDistributedRun(env, "datasets/refund", SLOW_REGRESSED, [
        "--trials",
        "5",
        "--job-expiry",
        "4",
        "--job-retries",
        "2",
      ]);
      expect(queued.stderr).toContain("175 trials queued for the workers (2 retries, jobs expire after 4 s)");
      expect(queued.code).toBe(0);
      const runId = queued.stdout.trim();
      expect(runId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
      // No process owns a distributed run: ten minutes without a heartbeat does not make it "interrupted".
      expect(await markStaleRuns(Date.now() + 10 * 60_000)).not.toContain(runId);

      const workerEnv = { ...env, GAVEL_TEST_AGENT_DELAY_MS: "500" };
      const workers = [0, 1, 2].map(() => startWorker(workerEnv, ["--concurrency", "3"]));
      const victim = `${os.hostname()}:${workers[0]!.child.pid}`;
      try {
        // Kill the first worker once it is at work and the run is far from done: it has trials in flight.
        await until(
          "the first worker to store 3 trials",
          async () => (await db().trial.count({ where: { runId, workerId: victim } })) >= 3,
          120_000,
        );
        process.kill(-workers[0]!.child.pid!, "SIGKILL");
        expect(await workers[0]!.exited).toBeNull();
        const atKill = await db().trial.count({ where: { runId } });
        expect(atKill).toBeLessThan(175);

        const out = tmp();
        const waited = await gavel(["wait", runId, "--out", out, "--json"], env);
        expect(waited.stderr).toBe("");
        expect(waited.code).toBe(local.code);
        const json = JSON.parse(waited.stdout);
        expect(json.summary.gate.passed).toBe(false);
        expect(json.summary.gate).toEqual(localJson.summary.gate);
        expect(json.tasks.map((t: { id: string; status: string }) => `${t.id}:${t.status}`)).toEqual(
          localJson.tasks.map((t: { id: string; status: string }) => `${t.id}:${t.status}`),
        );
        for (const key of ["scored", "passed", "skipped", "errors", "passRate"]) expect(json.summary[key]).toEqual(localJson.summary[key]);

        // Exactly once: 35 tasks × 5 trials, each (task, trial index) once, none an error.
        const trials = await db().trial.findMany({
          where: { runId },
          select: { taskId: true, trialIndex: true, verdict: true, attempts: true, workerId: true },
        });
        expect(trials).toHaveLength(175);
        expect(new Set(trials.map((t) => `${t.taskId}:${t.trialIndex}`)).size).toBe(175);
        expect(trials.filter((t) => t.verdict === "error")).toEqual([]);
        // The killed worker's trials in flight expired and were run again by another worker.
        expect(trials.some((t) => t.attempts >= 2 && t.workerId !== victim)).toBe(true);
        expect(new Set(trials.map((t) => t.workerId)).size).toBe(3);
        const run = await db().run.findUniqueOrThrow({ where: { id: runId } });
        expect(run).toMatchObject({
          status: "completed",
          gatePassed: false,
          scoredCount: localJson.summary.scored,
          passedCount: localJson.summary.passed,
        });
        expect(JSON.parse(readFileSync(path.join(out, `${runId}.json`), "utf8")).summary.gate.passed).toBe(false);
      } finally {
        for (const w of workers.slice(1)) w.child.kill("SIGTERM");
        const codes = await Promise.all(workers.slice(1).map((w) => w.exited));
        expect(codes).toEqual([0, 0]);
      }
    },
  );

  it(
    "a worker refuses jobs of a suite that differs on its machine; after the retry limit each trial is an error with the reason",
    { timeout: 180_000 },
    async () => {
      const env = { DATABASE_URL: database.url() };
      const dir = path.join(tmp(), "smoke");
      cpSync("datasets/smoke", dir, { recursive: true });
      const file = path.join(dir, "tasks.json");
      const original = readFileSync(file, "utf8");
      const queued = await queueDistributedRun(env, dir, "module:datasets/smoke/agent.ts#stubAgent", ["--job-retries", "1"]);
      expect(queued.code).toBe(0);
      const runId = queued.stdout.trim();
      // The worker's copy of the suite is not the version the run was started with.
      writeFileSync(file, original.replace('"expected": "100"', '"expected": "110"'));
      const worker = startWorker(env, ["--concurrency", "2"]);
      try {
        await until("every trial stored", async () => (await db().trial.count({ where: { runId } })) === 4, 120_000);
      } finally {
        worker.child.kill("SIGTERM");
        expect(await worker.exited).toBe(0);
      }
      expect(worker.stderr()).toMatch(
        /failed on attempt 2 of 2: suite .*smoke here is version [0-9a-f]{12}, the run needs [0-9a-f]{12}: update this worker's copy of the suite/,
      );
      const trials = await db().trial.findMany({ where: { runId } });
      for (const trial of trials) {
        expect(trial.verdict).toBe("error");
        expect(trial.error).toMatch(
          /^no worker finished this trial in 2 attempts: suite .*smoke here is version [0-9a-f]{12}, the run needs [0-9a-f]{12}/,
        );
      }
      // The refusal is on the run for people to see, and `gavel wait` (with the suite restored) finishes it: 4 errors, gate failed.
      writeFileSync(file, original);
      const waited = await gavel(["wait", runId, "--out", tmp()], env);
      expect(waited.stderr).toMatch(/warning: worker .+: suite .*smoke here is version/);
      expect(waited.code).toBe(1);
      expect(waited.stdout).toContain("gate FAILED");
      expect(await db().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
        status: "completed",
        gatePassed: false,
        errorCount: 4,
      });
    },
  );
});
