import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveProgress } from "@/app/(workbench)/runs/_components/live-progress";
import { loadSuite } from "@/datasets/load";
import { localDeps } from "@/lib/cli/deps-local";
import { newRunId } from "@/lib/engine/deps";
import { defaultSource } from "@/lib/engine/run-suite";
import { withTestDatabase } from "@/lib/testing/test-database";
import { getRunProgress, saveDistributedPlan, storeTrialOnce, taskIdsForRun } from "./distributed";
import type { TrialRow } from "./trial-writer";

withTestDatabase();

const t0 = new Date("2026-12-01T22:00:00.000Z");
const after = (s: number) => new Date(t0.getTime() + s * 1000);

/** A distributed run of the smoke suite (4 tasks × 1 trial) with nothing stored yet. */
async function inFlightRun(): Promise<{ runId: string; taskIds: string[] }> {
  const suite = await loadSuite("datasets/smoke");
  const agentSpec = "module:datasets/smoke/agent.ts#stubAgent";
  const runId = newRunId();
  const agent = { spec: agentSpec, run: () => Promise.reject(new Error("no agent here")) };
  await localDeps({ agent, outDir: mkdtempSync(path.join(os.tmpdir(), "gavel-progress-")), heartbeatMs: 2 ** 30 }).beginRun({
    runId,
    startedAt: t0.toISOString(),
    suite,
    agentSpec,
    judge: undefined,
    trials: 1,
    concurrency: 4,
    threshold: suite.threshold,
    source: defaultSource(agentSpec, {}),
    baseline: "none",
    resumed: false,
  });
  await saveDistributedPlan(runId, {
    suite: "datasets/smoke",
    suiteHash: suite.hash,
    baseline: "none",
    jobs: 4,
    retryLimit: 2,
    expireInSeconds: 60,
  });
  return { runId, taskIds: [...(await taskIdsForRun(runId)).values()] };
}

const row = (taskId: string, finishedAt: Date, verdict: TrialRow["verdict"] = "pass"): TrialRow => ({
  taskId,
  trialIndex: 0,
  verdict,
  score: verdict === "pass" ? 1 : null,
  output: "ok",
  trajectory: [],
  finalState: null,
  costUsd: null,
  latencyMs: 1000,
  steps: 0,
  error: verdict === "error" ? "the agent answered HTTP 500" : null,
  startedAt: new Date(finishedAt.getTime() - 1000),
  finishedAt,
  graders: [],
});

describe("a run in flight", () => {
  it("counts stored trials, errors and each worker with when it was last seen; the run page's card shows them", async () => {
    const { runId, taskIds } = await inFlightRun();
    const empty = (await getRunProgress(runId, { now: t0 }))!;
    expect(empty).toMatchObject({ status: "running", done: 0, total: 4, errors: 0, workers: [], activeWorkers: [] });

    await storeTrialOnce(runId, row(taskIds[0]!, after(0)), { id: "host-a:11", attempts: 1 });
    await storeTrialOnce(runId, row(taskIds[1]!, after(2)), { id: "host-a:11", attempts: 1 });
    await storeTrialOnce(runId, row(taskIds[2]!, after(60), "error"), { id: "host-b:22", attempts: 2 });
    const progress = (await getRunProgress(runId, { now: after(70) }))!;
    expect(progress).toMatchObject({
      status: "running",
      done: 3,
      total: 4,
      errors: 1,
      firstFinishedAt: after(0),
      lastFinishedAt: after(60),
    });
    expect(progress.workers).toEqual([
      { id: "host-b:22", lastSeen: after(60), trials: 1, active: true },
      { id: "host-a:11", lastSeen: after(2), trials: 2, active: false },
    ]);
    expect(progress.activeWorkers).toEqual(["host-b:22"]);

    const html = renderToStaticMarkup(createElement(LiveProgress, { progress, now: after(70), problems: ["worker host-c:3: no suite"] }));
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const shown = [
      "Done 3 / 4 (75.0%)",
      "Errors 1",
      // 2 trials after the first over 60 s; 1 left at that rate.
      "Throughput 0.03 trials/s",
      "ETA about 30 s",
      "host-b:22 10 s ago 1 active",
      "host-a:11 68 s ago 2 idle",
      "Warning: worker host-c:3: no suite",
    ];
    for (const part of shown) expect(text).toContain(part);
  });
});
