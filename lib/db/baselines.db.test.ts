import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveSuite, type LoadedSuite } from "@/datasets/load";
import { localDeps } from "@/lib/cli/deps-local";
import type { RunMetrics } from "@/lib/engine/metrics";
import type { BaselineRequest, RunSource } from "@/lib/engine/record";
import { runSuite } from "@/lib/engine/run-suite";
import type { GateResult } from "@/lib/gates/result";
import { agentOf } from "@/lib/testing/engine-fixtures";
import { withTestDatabase } from "@/lib/testing/test-database";
import { checkBaselineRun, findBaseline } from "./baselines";
import { db } from "./client";
import { saveSuiteVersion, suiteVersionInput } from "./suites";

withTestDatabase();

/**
 * Every gate kind against baselines whose numbers are written here by hand: the history is stored
 * as run rows with known metrics, then a real run (engine + local deps + database) is judged
 * against it.
 */

const tasks = [
  { id: "gold-1", prompt: "say ok", grader: "exact", expected: "ok", tags: { category: "happy", golden: true } },
  { id: "gold-2", prompt: "say ok", grader: "exact", expected: "ok", tags: { category: "happy", golden: true } },
  { id: "edge-1", prompt: "say ok", grader: "exact", expected: "ok", tags: { category: "edge" } },
  { id: "edge-2", prompt: "say ok", grader: "exact", expected: "ok", tags: { category: "edge" } },
];

async function suite(name: string, extra: Record<string, unknown> = {}): Promise<LoadedSuite> {
  return resolveSuite({ name, threshold: 0.5, tasks, ...extra }, `/virtual/${name}/suite.yaml`);
}

const metrics = (m: Partial<RunMetrics>): RunMetrics => ({
  k: 2,
  passRate: 1,
  passPowerK: 1,
  graders: { exact: 1 },
  tags: { "category=happy": 1, "category=edge": 1, "golden=true": 1 },
  costP50Usd: 0.01,
  latencyP95Ms: 1000,
  flakeRate: 0,
  toolRetries: { max: 0, taskId: null },
  ...m,
});

let seq = 0;
/** A stored run with hand-written metrics, finished `minutesAgo` minutes ago. */
async function history(
  s: LoadedSuite,
  m: Partial<RunMetrics>,
  options: { label?: string; onDefaultBranch?: boolean; status?: "completed" | "interrupted"; minutesAgo: number; hash?: string },
) {
  const saved = await saveSuiteVersion({ ...suiteVersionInput(s), hash: options.hash ?? s.hash });
  const id = `hist-${++seq}`;
  const finishedAt = new Date(Date.now() - options.minutesAgo * 60_000);
  await db().run.create({
    data: {
      id,
      suiteVersionId: saved.suiteVersionId,
      agentSpec: "test:agent",
      agentLabel: options.label ?? "bot",
      trialsPerTask: 2,
      concurrency: 1,
      threshold: 0.5,
      status: options.status ?? "completed",
      onDefaultBranch: options.onDefaultBranch ?? true,
      gitBranch: options.onDefaultBranch === false ? "feature" : "main",
      startedAt: finishedAt,
      finishedAt,
      summary: { metrics: metrics(m) } as unknown as object,
    },
  });
  return id;
}

/** A real run: `fail` lists the tasks whose every trial answers wrong; `cost` is each trial's reported cost. */
async function judge(
  s: LoadedSuite,
  options: { fail?: string[]; cost?: number; baseline?: BaselineRequest; source?: Partial<RunSource> } = {},
) {
  const agent = agentOf((input) => ({
    output: options.fail?.includes(input.taskId) ? "no" : "ok",
    ...(options.cost !== undefined ? { costUsd: options.cost } : {}),
  }));
  const outDir = mkdtempSync(path.join(os.tmpdir(), "gavel-baseline-"));
  const { record } = await runSuite(
    s,
    { trials: 2, concurrency: 2, baseline: options.baseline, source: { agentLabel: "bot", branch: "feature", ...options.source } },
    localDeps({ agent, outDir }),
  );
  const gates = Object.fromEntries(record.summary.gates.map((g) => [g.id, g])) as Record<string, GateResult>;
  const stored = await db().run.findUniqueOrThrow({ where: { id: record.runId } });
  return { record, gates, stored };
}

describe("operational gates against the median of the last comparable runs", () => {
  it("takes only comparable runs (same suite version and agent label, default branch, completed), newest first", async () => {
    const s = await suite("ops");
    const a = await history(s, { costP50Usd: 0.01 }, { minutesAgo: 30 });
    const b = await history(s, { costP50Usd: 0.012 }, { minutesAgo: 20 });
    const c = await history(s, { costP50Usd: 0.011 }, { minutesAgo: 10 });
    await history(s, { costP50Usd: 1 }, { minutesAgo: 5, label: "other-bot" });
    await history(s, { costP50Usd: 1 }, { minutesAgo: 4, onDefaultBranch: false });
    await history(s, { costP50Usd: 1 }, { minutesAgo: 3, status: "interrupted" });
    await history(s, { costP50Usd: 1 }, { minutesAgo: 2, hash: "0".repeat(64) });
    const baseline = await findBaseline({
      suiteName: s.name,
      suiteHash: s.hash,
      agentLabel: "bot",
      runId: "none-yet",
      request: "auto",
      window: 10,
    });
    expect(baseline.info.windowRunIds).toEqual([c, b, a]);
    expect(baseline.previous?.runId).toBe(c);

    // Median cost 0.011; +20% → 0.0132. Each trial reports 0.0133: the p50 is 0.0133 → fail.
    const over = await judge(s, { cost: 0.0133 });
    expect(over.gates["operational:cost_p50"]).toMatchObject({ status: "fail", value: 0.0133, baseline: 0.011 });
    expect(over.gates["operational:cost_p50"]!.limit).toBeCloseTo(0.0132, 12);
    expect(over.record.summary.gate.passed).toBe(false);
    expect(over.stored).toMatchObject({ gatePassed: false, baselineRunId: c });
    // At the limit it passes.
    const at = await judge(s, { cost: 0.0132 });
    expect(at.gates["operational:cost_p50"]!.status).toBe("pass");
    expect(at.record.summary.gate.passed).toBe(true);
  });

  it("uses only the newest `window` runs: a cheap run eleven runs back no longer counts", async () => {
    const s = await suite("window");
    await history(s, { costP50Usd: 0.001 }, { minutesAgo: 100 });
    for (let i = 0; i < 10; i++) await history(s, { costP50Usd: 0.02 }, { minutesAgo: 50 - i });
    const { gates } = await judge(s, { cost: 0.024 });
    expect(gates["operational:cost_p50"]).toMatchObject({ status: "pass", baseline: 0.02 });
  });

  it("is no baseline when the window's runs reported no cost, and not measured when this run reports none", async () => {
    const s = await suite("undefined-cost");
    await history(s, { costP50Usd: null }, { minutesAgo: 10 });
    expect((await judge(s, { cost: 0.5 })).gates["operational:cost_p50"]!.status).toBe("no_baseline");
    const unmeasured = await judge(s, {});
    expect(unmeasured.gates["operational:cost_p50"]).toMatchObject({ status: "not_measured", value: null });
    expect(unmeasured.record.summary.gate.passed).toBe(true);
  });

  it("flake rate: median of the window + 5 points", async () => {
    const s = await suite("flaky", { threshold: 0 });
    await history(s, { flakeRate: 0 }, { minutesAgo: 10 });
    await history(s, { flakeRate: 0.25 }, { minutesAgo: 9 });
    // Median 0.125; a run where 1 of 4 tasks is flaky (0.25) is +12.5 points → fail.
    let call = 0;
    const agent = agentOf((input) => (input.taskId === "edge-1" ? (call++ % 2 === 0 ? "ok" : "no") : "ok"));
    const { record } = await runSuite(
      s,
      { trials: 2, concurrency: 1, source: { agentLabel: "bot" } },
      localDeps({ agent, outDir: mkdtempSync(path.join(os.tmpdir(), "gavel-flaky-")) }),
    );
    const gate = record.summary.gates.find((g) => g.id === "operational:flake_rate")!;
    expect(gate).toMatchObject({ status: "fail", value: 0.25, baseline: 0.125 });
    expect(gate.limit).toBeCloseTo(0.175, 12);
  });
});

describe("trend gates against the previous comparable run", () => {
  it("fails each tracked metric that fell more than 5 points, and stores which run it compared with", async () => {
    const s = await suite("trend");
    await history(s, { passRate: 0.5 }, { minutesAgo: 20 });
    const previous = await history(s, { passRate: 1 }, { minutesAgo: 10 });
    // gold-1 fails: pass rate 6/8 = 75% (−25 points), happy 50% (−50), golden=true 50%, edge 100% (±0).
    const { gates, stored, record } = await judge(s, { fail: ["gold-1"] });
    expect(gates["trend:pass_rate"]).toMatchObject({ status: "fail", value: 0.75, baseline: 1 });
    expect(gates["trend:tag:category=happy"]).toMatchObject({ status: "fail", value: 0.5 });
    expect(gates["trend:tag:category=edge"]).toMatchObject({ status: "pass", value: 1 });
    expect(gates["trend:grader:exact"]).toMatchObject({ status: "fail", value: 0.75 });
    expect(record.summary.baseline).toMatchObject({ mode: "auto", previousRunId: previous });
    expect(stored.baselineRunId).toBe(previous);
    expect(record.summary.gate.passed).toBe(false);
    expect(record.summary.gate.reasons).toContain(`pass rate: 75.0% vs 100.0% in run ${previous} (−25.0 points; fails below −5.0 points)`);
  });

  it("with no comparable run, says so and does not fail", async () => {
    const s = await suite("first");
    const { gates, record } = await judge(s, { fail: ["gold-1"] });
    expect(gates["trend"]).toMatchObject({ status: "no_baseline" });
    expect(gates["operational:cost_p50"]!.status).toBe("not_measured");
    expect(gates["operational:latency_p95"]!.status).toBe("no_baseline");
    expect(record.summary.baseline).toMatchObject({ mode: "auto", previousRunId: null });
    expect(record.summary.baseline!.note).toContain(
      'no completed run of this suite version with agent label "bot" on the default branch yet',
    );
    expect(record.summary.gate.passed).toBe(true);
  });

  it("--baseline RUN_ID compares with that run even off the default branch; --baseline none compares with nothing", async () => {
    const s = await suite("pinned");
    const off = await history(s, { passRate: 1 }, { minutesAgo: 10, onDefaultBranch: false, label: "someone-else" });
    const pinned = await judge(s, { fail: ["gold-1"], baseline: { runId: off } });
    expect(pinned.gates["trend:pass_rate"]).toMatchObject({ status: "fail", baseline: 1 });
    expect(pinned.stored.baselineRunId).toBe(off);
    const none = await judge(s, { fail: ["gold-1"], baseline: "none" });
    expect(none.record.summary.gates.filter((g) => g.kind === "trend" || g.kind === "operational").map((g) => g.status)).not.toContain(
      "fail",
    );
    expect(none.record.summary.baseline).toMatchObject({ mode: "none", note: "no baseline: --baseline none" });
    await expect(checkBaselineRun("no-such-run")).rejects.toThrow("--baseline no-such-run: no such run");
  });

  it("a run on the default branch becomes the next run's baseline", async () => {
    const s = await suite("chain");
    const first = await judge(s, { source: { branch: "main" } });
    expect(first.stored).toMatchObject({ onDefaultBranch: true, gitBranch: "main", agentLabel: "bot" });
    const second = await judge(s, { fail: ["edge-1", "edge-2"] });
    expect(second.record.summary.baseline?.previousRunId).toBe(first.record.runId);
    expect(second.gates["trend:pass_rate"]).toMatchObject({ status: "fail", value: 0.5, baseline: 1 });
  });
});

describe("hard gates", () => {
  it("fail the run when a golden task fails even though the pass rate clears the threshold", async () => {
    const s = await suite("hard", {
      threshold: 0.5,
      gates: { hard: [{ name: "golden", tags: { golden: true }, graders: ["exact"] }], trend: false, operational: false },
    });
    const { gates, stored, record } = await judge(s, { fail: ["gold-2"] });
    expect(record.summary.passRate).toBe(0.75);
    expect(gates["threshold"]!.status).toBe("pass");
    expect(gates["hard:golden"]).toMatchObject({ status: "fail", value: 0.5 });
    expect(gates["hard:golden"]!.detail).toContain("2/4 exact verdicts passed on 2 tasks");
    expect(stored.gatePassed).toBe(false);
    expect((stored.summary as unknown as { gates: GateResult[] }).gates.map((g) => g.id)).toEqual(["threshold", "errors", "hard:golden"]);
    const passing = await judge(s, { fail: ["edge-1"] });
    expect(passing.gates["hard:golden"]).toMatchObject({ status: "pass", value: 1 });
    expect(passing.stored.gatePassed).toBe(true);
  });
});
