import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { markStaleRuns } from "@/lib/db/run-resume";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();

const TASKS = 40;
const K = 3;

/** A suite of 40 tasks and an agent that takes 40 ms and logs every trial it runs, with the phase it ran in. */
function slowSuite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-resume-"));
  writeFileSync(
    path.join(dir, "agent.mjs"),
    `import { appendFileSync } from "node:fs";
export async function slowAgent(input) {
  await new Promise((resolve) => setTimeout(resolve, 40));
  appendFileSync(process.env.GAVEL_TEST_LOG, process.env.GAVEL_TEST_PHASE + " " + input.taskId + " " + input.trialIndex + "\\n");
  return "ok";
}
`,
  );
  const tasks = Array.from(
    { length: TASKS },
    (_, i) => `  - { id: t${String(i).padStart(2, "0")}, prompt: say ok, grader: exact, expected: ok }`,
  ).join("\n");
  writeFileSync(
    path.join(dir, "suite.yaml"),
    `name: resume-${path
      .basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}\ntasks:\n${tasks}\n`,
  );
  return { dir, log: path.join(dir, "trials.log"), agent: `module:${path.join(dir, "agent.mjs")}#slowAgent` };
}

/**
 * The suite's first `gavel run` (K trials, two at a time, its trials logged as phase "first"), as its own
 * process group, so the whole of it (the bin wrapper and the CLI under it) can be signalled mid-run.
 */
function startFirstRun(suite: ReturnType<typeof slowSuite>): {
  child: ChildProcess;
  done: Promise<{ code: number | null; stderr: string }>;
} {
  const args = ["run", suite.dir, "--agent", suite.agent, "--trials", String(K), "--concurrency", "2", "--out", suite.dir, "--quiet"];
  const child = spawn(process.execPath, [path.resolve("bin/gavel.mjs"), ...args], {
    env: { ...process.env, DATABASE_URL: database.url(), GAVEL_TEST_LOG: suite.log, GAVEL_TEST_PHASE: "first" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  child.stdout!.resume();
  return { child, done: new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr }))) };
}

async function waitForStoredTrials(suiteDir: string, atLeast: number): Promise<string> {
  const name = /^name: (.+)$/m.exec(readFileSync(path.join(suiteDir, "suite.yaml"), "utf8"))![1]!;
  for (let i = 0; i < 600; i++) {
    const run = await db().run.findFirst({
      where: { status: "running", suiteVersion: { suite: { name } } },
      select: { id: true, _count: { select: { trials: true } } },
    });
    if (run && run._count.trials >= atLeast) return run.id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no running run stored ${atLeast} trials in time`);
}

const logged = (file: string, phase: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.startsWith(`${phase} `))
    .map((line) => line.slice(phase.length + 1));

describe("interrupted runs", () => {
  it("a killed run is found interrupted; --resume runs only the missing trials and stores each (task, trial) exactly once", async () => {
    const suite = slowSuite();
    const first = startFirstRun(suite);
    const runId = await waitForStoredTrials(suite.dir, 20);
    process.kill(-first.child.pid!, "SIGKILL");
    await first.done;

    const before = await db().trial.findMany({ where: { runId }, select: { id: true, taskId: true, trialIndex: true, startedAt: true } });
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(before.length).toBeLessThan(TASKS * K);
    expect((await db().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("running");
    // Its runner's process is gone: the next start (or the web app) sees it and says so.
    expect(await markStaleRuns()).toEqual([runId]);
    expect((await db().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("interrupted");

    const resumed = await gavel(["run", suite.dir, "--resume", runId, "--out", suite.dir, "--quiet"], {
      DATABASE_URL: database.url(),
      GAVEL_TEST_LOG: suite.log,
      GAVEL_TEST_PHASE: "resume",
    });
    expect(resumed.stderr).toContain(
      `Resuming run ${runId}: ${before.length} of ${TASKS * K} trials already stored; running the other ${TASKS * K - before.length}.`,
    );
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`Pass rate 100.0% (${TASKS * K}/${TASKS * K} scored trials)`);

    // Only the missing trials ran again, and none of the stored ones.
    const rerun = logged(suite.log, "resume");
    expect(rerun).toHaveLength(TASKS * K - before.length);
    const storedKeys = new Set(
      (await db().task.findMany({ where: { id: { in: before.map((t) => t.taskId) } }, select: { id: true, key: true } })).map((t) => t.id),
    );
    expect(storedKeys.size).toBeGreaterThan(0);
    const taskKey = new Map((await db().task.findMany({ select: { id: true, key: true } })).map((t) => [t.id, t.key]));
    const storedPairs = new Set(before.map((t) => `${taskKey.get(t.taskId)} ${t.trialIndex}`));
    expect(rerun.filter((pair) => storedPairs.has(pair))).toEqual([]);

    // Every (task, trial) exactly once; the ones stored before the kill untouched.
    const after = await db().trial.findMany({ where: { runId }, select: { id: true, taskId: true, trialIndex: true, startedAt: true } });
    expect(after).toHaveLength(TASKS * K);
    expect(new Set(after.map((t) => `${t.taskId} ${t.trialIndex}`)).size).toBe(TASKS * K);
    const byId = new Map(after.map((t) => [t.id, t]));
    for (const t of before) expect(byId.get(t.id)?.startedAt?.getTime()).toBe(t.startedAt?.getTime());
    const run = await db().run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "completed", gatePassed: true, scoredCount: TASKS * K, passedCount: TASKS * K });

    // Completed runs are not resumed again.
    const again = await gavel(["run", suite.dir, "--resume", runId, "--out", suite.dir], { DATABASE_URL: database.url() });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("already completed");
  }, 120_000);

  it("Ctrl-C keeps the finished trials, marks the run interrupted and exits 130; a changed suite cannot resume it", async () => {
    const suite = slowSuite();
    const first = startFirstRun(suite);
    const runId = await waitForStoredTrials(suite.dir, 10);
    process.kill(-first.child.pid!, "SIGINT");
    const { code, stderr } = await first.done;
    expect(code).toBe(130);
    expect(stderr).toContain(
      `Interrupted: run ${runId} keeps its finished trials. Continue it with: gavel run ${suite.dir} --resume ${runId}`,
    );
    const run = await db().run.findUniqueOrThrow({ where: { id: runId }, include: { _count: { select: { trials: true } } } });
    expect(run.status).toBe("interrupted");
    // Every trial finished before the signal was flushed; only those still in flight (at most the
    // concurrency, 2) may finish after it, unsaved, and run again on resume.
    const finished = logged(suite.log, "first").length;
    expect(run._count.trials).toBeGreaterThan(0);
    expect(run._count.trials).toBeLessThanOrEqual(finished);
    expect(run._count.trials).toBeGreaterThanOrEqual(finished - 2);

    writeFileSync(
      path.join(suite.dir, "suite.yaml"),
      readFileSync(path.join(suite.dir, "suite.yaml"), "utf8").replace("t00, prompt: say ok", "t00, prompt: say OK"),
    );
    const changed = await gavel(["run", suite.dir, "--resume", runId, "--out", suite.dir], { DATABASE_URL: database.url() });
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain(`--resume ${runId}: the suite changed since the run started`);
  }, 120_000);
});
