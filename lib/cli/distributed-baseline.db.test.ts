import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuite } from "@/datasets/load";
import { findDistributedRun, saveDistributedPlan, storeTrialOnce, taskIdsForRun } from "@/lib/db/distributed";
import { toTrialRow } from "@/lib/db/trial-writer";
import { mockDeps } from "@/lib/engine/deps";
import type { RunMeta } from "@/lib/engine/record";
import { defaultSource, runSuite } from "@/lib/engine/run-suite";
import { agentOf } from "@/lib/testing/engine-fixtures";
import { withTestDatabase } from "@/lib/testing/test-database";
import { localDeps } from "./deps-local";
import { finishDistributedRun } from "./distributed";

withTestDatabase();

/**
 * The distributed caller of the one baseline-gate implementation (applyBaselineGates in the engine's fold): a run
 * whose trials workers stored is finished by `gavel wait` through the same fold and the same local deps, so it is
 * gated against this database's history exactly as a local run is. (No pg-boss here: the trials are stored as a
 * worker stores them, storeTrialOnce.)
 */
describe("a distributed run's baseline gates", () => {
  it("are applied when the run is finished, against the comparable runs of this database", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-dist-baseline-"));
    const tasks = ["a", "b", "c", "d"].map((id) => `  - { id: ${id}, prompt: "say ok", grader: exact, expected: ok }`);
    writeFileSync(path.join(dir, "suite.yaml"), `name: dist-baseline\nthreshold: 0.5\ntasks:\n${tasks.join("\n")}\n`);
    const suite = await loadSuite(dir);
    const source = { agentLabel: "bot", branch: "main", onDefaultBranch: true };

    // The reference: a local run on the default branch where every task passes.
    const reference = await runSuite(suite, { trials: 1, concurrency: 2, source }, localDeps({ agent: agentOf(() => "ok"), outDir: dir }));
    expect(reference.record.summary.gate.passed).toBe(true);

    // The distributed run: created as `gavel run --distributed` creates it, its trials stored as workers store them.
    const regressed = agentOf((input) => (input.taskId === "a" ? "no" : "ok"));
    const meta: RunMeta = {
      runId: "dist-baseline-run",
      startedAt: new Date().toISOString(),
      suite,
      agentSpec: regressed.spec,
      judge: undefined,
      trials: 1,
      concurrency: 2,
      threshold: suite.threshold,
      source: defaultSource(regressed.spec, source),
      baseline: "auto",
      resumed: false,
    };
    await localDeps({ agent: regressed, outDir: dir, heartbeatMs: 2 ** 30 }).beginRun(meta);
    await saveDistributedPlan(meta.runId, {
      suite: dir,
      suiteHash: suite.hash,
      baseline: "auto",
      jobs: 4,
      retryLimit: 0,
      expireInSeconds: 60,
    });
    const worked = mockDeps(regressed);
    await runSuite(suite, { trials: 1, concurrency: 2 }, worked.deps);
    const taskIds = await taskIdsForRun(meta.runId);
    for (const trial of worked.trials)
      expect(await storeTrialOnce(meta.runId, toTrialRow(trial, taskIds.get(trial.taskId)!), { id: "worker-1", attempts: 1 })).toBe(true);

    const { record } = await finishDistributedRun((await findDistributedRun(meta.runId))!, dir);
    expect(record.summary.passRate).toBe(0.75);
    expect(record.summary.baseline).toMatchObject({ mode: "auto", previousRunId: reference.record.runId });
    expect(record.summary.gates.find((g) => g.id === "trend:pass_rate")).toMatchObject({ status: "fail", value: 0.75, baseline: 1 });
    expect(record.summary.gate.passed).toBe(false);
    const stored = await findDistributedRun(meta.runId);
    expect(stored).toMatchObject({ status: "completed", gatePassed: false });
  });
});
