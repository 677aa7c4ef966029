import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuite } from "@/datasets/load";
import { resolveAgent } from "@/lib/engine/agents";
import { localDeps } from "@/lib/cli/deps-local";
import { runSuite } from "@/lib/engine/run-suite";
import { withTestDatabase } from "@/lib/testing/test-database";
import { createQueueInput } from "@/lib/schemas/queues";
import type { Viewer } from "./blind";
import { db } from "./client";
import { getRunPage } from "./run-page";
import { createQueue } from "./queue-admin";
import { listRuns } from "./runs";
import { getSuiteHistory, saveSuiteVersion } from "./suites";
import { createTrialWriter, writeTrials, type TrialRow } from "./trial-writer";

withTestDatabase();

/** Admins see every verdict; the run-page tests below read as one. */
const ADMIN: Viewer = { id: "admin-viewer", role: "admin" };

/**
 * A reviewer and a binary queue made from the run's failing trials (and `passSample` of its passes): every item
 * of it is one the reviewer may still label, so blind review hides its verdicts from them.
 */
async function reviewerWithRunQueue(runId: string, name: string, sample: { passSample: string; sampleSeed: string }): Promise<Viewer> {
  const reviewer = await db().user.create({ data: { email: `${name}@runs.test`, role: "reviewer" } });
  await createQueue(createQueueInput.parse({ name, kind: "binary", rubric: "Pass when right.", source: "run", runId, ...sample }), null);
  return { id: reviewer.id, role: "reviewer" };
}

async function runRefund(agent: string, trials = 2) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "gavel-results-"));
  const deps = localDeps({
    agent: await resolveAgent(`module:datasets/refund/agents.ts#${agent}`),
    outDir,
    writer: { batchSize: 16, flushIntervalMs: 5 },
  });
  return { ...(await runSuite(await loadSuite("datasets/refund"), { trials, concurrency: 8 }, deps)), outDir };
}

describe("storing a run", () => {
  it("stores the suite version, the run, every trial and every grader verdict, and writes the record", async () => {
    const { record, recordPath } = await runRefund("regressedAgent");
    const run = await db().run.findUniqueOrThrow({ where: { id: record.runId }, include: { suiteVersion: true } });
    expect(run).toMatchObject({
      status: "completed",
      gatePassed: false,
      trialsPerTask: 2,
      scoredCount: 70,
      agentSpec: "module:datasets/refund/agents.ts#regressedAgent",
    });
    expect(run.suiteVersion.hash).toBe(record.suite.hash);
    expect(await db().trial.count({ where: { runId: record.runId } })).toBe(70);
    expect(await db().graderResult.count({ where: { trial: { runId: record.runId } } })).toBe(70 * 4);
    const tasks = await db().task.findMany({ where: { suiteVersionId: run.suiteVersionId } });
    expect(tasks).toHaveLength(35);
    expect(tasks.find((t) => t.key === "refund-full-bank")?.contractHash).toBe(
      record.tasks.find((t) => t.id === "refund-full-bank")!.contractHash,
    );

    const file = JSON.parse(readFileSync(recordPath!, "utf8"));
    expect(file).toMatchObject({ schemaVersion: 2, runId: record.runId, suite: { hash: record.suite.hash }, config: { trials: 2 } });
    expect(run.recordPath).toBe(path.relative(process.cwd(), recordPath!));

    const page = (await getRunPage(record.runId, { filter: "all", tag: null, grader: null, page: 1, task: "refund-full-bank" }, ADMIN))!;
    expect(page.tasks.map((t) => t.key).slice(0, 3)).toEqual(["refund-full-card", "refund-full-bank", "refund-full-card-2"]);
    const failed = page.open!.trials[0]!;
    expect(failed.verdict).toBe("fail");
    const steps = failed.trajectory as { tool: string; failing?: string }[];
    expect(steps.findIndex((s) => s.failing)).toBe(2);
    expect(failed.graderResults.map((g) => [g.kind, g.status])).toEqual([
      ["state", "fail"],
      ["tools", "pass"],
      ["side_effects", "fail"],
      ["rule", "pass"],
    ]);
  });

  it("serves one page of a run: filters by status, tag, grader and change against the baseline, 50 tasks a page", async () => {
    const { record: base } = await runRefund("referenceAgent", 1);
    const { record } = await runRefund("regressedAgent", 1);
    const q = { filter: "all" as const, tag: null, grader: null, page: 1, task: null };
    const all = (await getRunPage(record.runId, q, ADMIN))!;
    expect(all).toMatchObject({ totalTasks: 35, matchingTasks: 35, page: 1, pages: 1, open: null });
    expect(all.statusCounts).toMatchObject({ all: 35, failing: 10, passing: 25, flaky: 0, errored: 0, changed: 0 });
    // Only the page's tasks' trials are read, and none of their trajectories.
    expect([...all.trialsByTask.values()].flat()).toHaveLength(35);
    expect(Object.keys([...all.trialsByTask.values()][0]![0]!)).not.toContain("trajectory");
    const failing = (await getRunPage(record.runId, { ...q, filter: "failing" }, ADMIN))!;
    expect(failing.tasks.map((t) => t.key)).toContain("refund-full-bank");
    expect(failing.tasks).toHaveLength(10);
    const happy = (await getRunPage(record.runId, { ...q, tag: "category=happy" }, ADMIN))!;
    expect(happy.tasks.every((t) => t.tags.category === "happy")).toBe(true);
    expect(happy.matchingTasks).toBeGreaterThan(0);
    const sideEffects = (await getRunPage(record.runId, { ...q, grader: "side_effects" }, ADMIN))!;
    expect(sideEffects.tasks.map((t) => t.key).sort()).toEqual(failing.tasks.map((t) => t.key).sort());
    expect((await getRunPage(record.runId, { ...q, grader: "rule" }, ADMIN))!.tasks).toHaveLength(0);
    // With a baseline: the tasks whose status changed.
    await db().run.update({ where: { id: record.runId }, data: { baselineRunId: base.runId } });
    const changed = (await getRunPage(record.runId, { ...q, filter: "changed" }, ADMIN))!;
    expect(changed.tasks.map((t) => t.key).sort()).toEqual(failing.tasks.map((t) => t.key).sort());
    expect(changed.tasks.every((t) => t.changed)).toBe(true);
    // Pages of 50: a page past the end is the last page.
    expect((await getRunPage(record.runId, { ...q, page: 9 }, ADMIN))!.page).toBe(1);
  });

  it("hides a trial's verdicts from a reviewer who still has it to label, and shows them once labeled", async () => {
    const { record } = await runRefund("regressedAgent", 1);
    const viewer = await reviewerWithRunQueue(record.runId, "run-blind", { passSample: "0.1", sampleSeed: "3" });
    const q = { filter: "all" as const, tag: null, grader: null, page: 1, task: "refund-full-bank" };
    const admin = (await getRunPage(record.runId, q, ADMIN))!;
    expect(admin.stats["refund-full-bank"]?.status).toBe("fail");
    expect(admin.statusCounts.failing).toBe(10);

    const blind = (await getRunPage(record.runId, q, viewer))!;
    // The ten failing trials and three sampled passes are queue items this reviewer may still label:
    // no verdict of theirs shows, so the passes sampled in cannot be told from the failures either.
    expect(blind.blindTasks.size).toBe(13);
    expect(blind.stats["refund-full-bank"]).toBeUndefined();
    expect(blind.statusCounts).toMatchObject({ failing: 0, passing: 22, all: 35 });
    const trial = blind.open!.trials[0]!;
    expect(trial).toMatchObject({ verdict: null, score: null, error: null, graderResults: [] });
    expect((trial.trajectory as { failing?: string }[]).some((s) => s.failing)).toBe(false);
    expect(blind.trialsByTask.get(trial.taskId)![0]).toMatchObject({ verdict: null, graderResults: [] });
    expect((await getRunPage(record.runId, { ...q, filter: "failing" }, viewer))!.tasks).toHaveLength(0);
    expect((await getRunPage(record.runId, { ...q, grader: "side_effects" }, viewer))!.tasks).toHaveLength(0);

    // Once the reviewer has labeled that item, its verdicts show again.
    const transcript = await db().transcript.findUniqueOrThrow({ where: { trialId: trial.id } });
    const item = await db().queueItem.findFirstOrThrow({ where: { transcriptId: transcript.id } });
    await db().label.create({
      data: { queueId: item.queueId, transcriptId: transcript.id, reviewerId: viewer.id, value: "fail", rubricVersion: 1 },
    });
    const after = (await getRunPage(record.runId, q, viewer))!;
    expect(after.blindTasks.has("refund-full-bank")).toBe(false);
    expect(after.open!.trials[0]!.verdict).toBe("fail");
  });

  it("hides by content: a sibling trial with the same output and a later run's identical trial are hidden too", async () => {
    const { record } = await runRefund("regressedAgent", 2);
    const viewer = await reviewerWithRunQueue(record.runId, "run-blind-content", { passSample: "0", sampleSeed: "1" });
    // The regressed agent answers the same way every time: each failing task's two trials are one item.
    const q = { filter: "all" as const, tag: null, grader: null, page: 1, task: "refund-full-bank" };
    const page = (await getRunPage(record.runId, q, viewer))!;
    expect(page.open!.trials).toHaveLength(2);
    for (const trial of page.open!.trials) expect(trial).toMatchObject({ verdict: null, score: null, error: null, graderResults: [] });
    // Ten failing tasks, twenty failing trials, ten items: each item's transcript links to one trial at most
    // (here to the earlier test's run, whose identical trial was stored first).
    const queue = await db().labelQueue.findFirstOrThrow({
      where: { name: "run-blind-content" },
      select: { _count: { select: { items: true } } },
    });
    expect(queue._count.items).toBe(10);

    // A later run of the same agent: nothing of it is queued, yet its identical trials are graded content the reviewer has pending.
    const later = await runRefund("regressedAgent", 1);
    const laterPage = (await getRunPage(later.record.runId, q, viewer))!;
    expect(laterPage.open!.trials[0]).toMatchObject({ verdict: null, graderResults: [] });
    // Ten failing tasks pending in this queue (and, run after the test above, its sampled passes, pending for this reviewer too).
    expect(laterPage.blindTasks.size).toBeGreaterThanOrEqual(10);
    expect((await getRunPage(later.record.runId, q, ADMIN))!.open!.trials[0]!.verdict).toBe("fail");
  });

  it("reuses a suite version by its hash and shows its runs over time", async () => {
    await runRefund("referenceAgent", 1);
    await runRefund("referenceAgent", 1);
    expect(await db().suiteVersion.count({ where: { suite: { name: "refund" } } })).toBe(1);
    const history = (await getSuiteHistory("refund"))!;
    expect(history.runs.length).toBeGreaterThanOrEqual(2);
    expect(history.runs.at(-1)).toMatchObject({ passRate: 1, gatePassed: true });
    expect((await listRuns())[0]!.suiteVersion.suite.name).toBe("refund");
    expect(await getSuiteHistory("nope")).toBeNull();
  });

  it("saving the same suite version twice at once creates it once", async () => {
    const input = {
      name: "race",
      description: null,
      hash: "h1",
      definition: {},
      tasks: [{ key: "a", contractHash: "c", prompt: "p", category: null, difficulty: null, definition: {} }],
    };
    const [a, b] = await Promise.all([saveSuiteVersion(input), saveSuiteVersion(input)]);
    expect(a.suiteVersionId).toBe(b.suiteVersionId);
    expect(await db().task.count({ where: { suiteVersionId: a.suiteVersionId } })).toBe(1);
  });
});

describe("the trial writer", () => {
  async function freshRun() {
    const { suiteVersionId, taskIds } = await saveSuiteVersion({
      name: `writer-${Math.random().toString(36).slice(2)}`,
      description: null,
      hash: "h",
      definition: {},
      tasks: [{ key: "a", contractHash: "c", prompt: "p", category: null, difficulty: null, definition: {} }],
    });
    const run = await db().run.create({ data: { suiteVersionId, agentSpec: "x", trialsPerTask: 3, concurrency: 1, threshold: 1 } });
    return { runId: run.id, taskId: taskIds.get("a")! };
  }
  const row = (taskId: string, trialIndex: number, verdict: TrialRow["verdict"] = "pass"): TrialRow => ({
    taskId,
    trialIndex,
    verdict,
    score: 1,
    output: "o",
    trajectory: [],
    finalState: null,
    costUsd: null,
    latencyMs: 1,
    steps: 0,
    error: null,
    startedAt: new Date(),
    finishedAt: new Date(),
    graders: [
      {
        position: 0,
        kind: "exact",
        config: { expected: "o" },
        status: verdict,
        score: 1,
        reason: "r",
        shadow: false,
        judgeVersionId: null,
      },
    ],
  });

  it("writing a trial again replaces it: a retry never duplicates", async () => {
    const { runId, taskId } = await freshRun();
    await writeTrials(runId, [row(taskId, 0), row(taskId, 1)]);
    await writeTrials(runId, [row(taskId, 1, "fail")]);
    const trials = await db().trial.findMany({ where: { runId }, orderBy: { trialIndex: "asc" }, include: { graderResults: true } });
    expect(trials.map((t) => t.verdict)).toEqual(["pass", "fail"]);
    expect(trials[1]!.graderResults).toHaveLength(1);
    expect(trials[1]!.graderResults[0]!.status).toBe("fail");
  });

  it("SQLite's prepared one-row statements store exactly what the multi-row statements store", async () => {
    const a = await freshRun();
    const b = await freshRun();
    const rows = (taskId: string) =>
      Array.from({ length: 450 }, (_, i) => ({
        ...row(taskId, i, i % 3 ? "pass" : "fail"),
        score: i % 5 ? 0.5 : null,
        output: i % 7 ? `out ${i} ☃` : null,
        trajectory: i % 2 ? [{ index: 0, tool: "t", args: { n: i }, latencyMs: 1.25 }] : [],
        finalState: i % 4 ? { n: i } : null,
        costUsd: i % 6 ? i / 1000 : null,
        latencyMs: 20.123 + i,
        error: i % 9 ? null : "stopped",
        startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)),
        finishedAt: new Date(Date.UTC(2026, 0, 1, 0, 1, i % 60)),
        graders: [0, 1].map((position) => ({
          position,
          kind: position ? "regex" : "exact",
          config: { expected: "o", position },
          status: (i + position) % 2 ? ("pass" as const) : ("fail" as const),
          score: position ? null : 1,
          reason: `r${i}`,
          shadow: position === 1,
          judgeVersionId: null,
        })),
      }));
    // Written twice each: the second write replaces the first (450 rows: more than one 400-row chunk).
    for (let round = 0; round < 2; round++) {
      await writeTrials(a.runId, rows(a.taskId), { prepared: false });
      await writeTrials(b.runId, rows(b.taskId));
    }
    const stored = async (runId: string) =>
      (
        await db().trial.findMany({
          where: { runId },
          orderBy: { trialIndex: "asc" },
          include: { graderResults: { orderBy: { position: "asc" } } },
        })
      ).map(({ id: _id, runId: _run, taskId: _task, graderResults, ...trial }) => ({
        ...trial,
        graderResults: graderResults.map(({ id, trialId, ...g }) => ({ ...g, id: id.slice(trialId.length) })),
      }));
    const [left, right] = [await stored(a.runId), await stored(b.runId)];
    expect(left).toHaveLength(450);
    expect(right).toEqual(left);
  });

  it("buffers trials and writes them all by close()", async () => {
    const { runId, taskId } = await freshRun();
    const writer = createTrialWriter(runId, { batchSize: 2, flushIntervalMs: 10_000 });
    for (let i = 0; i < 5; i++) writer.add(row(taskId, i));
    await writer.close();
    expect(writer.written).toBe(5);
    expect(await db().trial.count({ where: { runId } })).toBe(5);
  });

  it("surfaces a write error at close()", async () => {
    const { runId } = await freshRun();
    const writer = createTrialWriter(runId, { batchSize: 1 });
    writer.add(row("no-such-task", 0));
    await expect(writer.close()).rejects.toThrow();
  });
});
