import { describe, expect, it } from "vitest";
import { resolveSuite } from "@/datasets/load";
import type { RunMetrics } from "@/lib/gates/run-metrics";
import { noBaseline, type Baseline } from "@/lib/gates/result";
import { agentOf } from "@/lib/testing/engine-fixtures";
import { mockDeps, type BaselineQuery } from "./deps";
import { runSuite } from "./run-suite";

// The engine's fold applies the baseline gates once, with the history its deps read (applyBaselineGates,
// lib/gates/evaluate.ts). This is the in-memory caller; lib/db/baselines.db.test.ts is the local CLI's (and
// lib/distributed/distributed.db.test.ts the distributed run's), lib/cli/commands/server.db.test.ts the server's.

const suite = () =>
  resolveSuite(
    {
      name: "arith",
      threshold: 0.4,
      gates: { operational: { window: 3 } },
      tasks: [
        { id: "two", prompt: "1+1?", grader: "exact", expected: "2" },
        { id: "four", prompt: "2+2?", grader: "exact", expected: "4" },
      ],
    },
    "/virtual/arith/suite.yaml",
  );

// Right on "two" only: a pass rate of 50%, above the 40% threshold.
const agent = agentOf((input) => (input.taskId === "two" ? "2" : "5"));

async function previousRun(): Promise<RunMetrics> {
  const { record } = await runSuite(
    await suite(),
    { trials: 1, concurrency: 1 },
    mockDeps(agentOf((i) => (i.taskId === "two" ? "2" : "4"))).deps,
  );
  return record.summary.metrics;
}

describe("the baseline gates in the engine's fold", () => {
  it("asks the deps for the history the run names, over the suite's window, and gates the summary against it", async () => {
    const previous = await previousRun();
    const asked: BaselineQuery[] = [];
    const baseline: Baseline = {
      info: { mode: "auto", previousRunId: "r-prev", windowRunIds: ["r-prev"], note: "baseline: run r-prev" },
      previous: { runId: "r-prev", metrics: previous },
      window: [previous],
    };
    const run = mockDeps(agent, { runId: "r-now" });
    const find = run.deps.findBaseline!;
    run.deps.findBaseline = (query) => (asked.push(query), find(query).then(() => baseline));
    const { record } = await runSuite(
      await suite(),
      { trials: 1, concurrency: 1, baseline: "auto", source: { agentLabel: "bot" } },
      run.deps,
    );
    expect(asked).toEqual([
      { suiteName: "arith", suiteHash: record.suite.hash, agentLabel: "bot", runId: "r-now", request: "auto", window: 3 },
    ]);
    const trend = record.summary.gates.find((g) => g.id === "trend:pass_rate");
    expect(trend).toMatchObject({ status: "fail", value: 0.5, baseline: 1 });
    expect(record.summary.gate.passed).toBe(false);
    expect(record.summary.baseline).toEqual(baseline.info);
    // finishRun is handed the gated record, and stores nothing else.
    expect(run.records).toEqual([record]);
  });

  it("with no history the baseline gates say so and do not fail the run", async () => {
    const run = mockDeps(agent);
    const { record } = await runSuite(await suite(), { trials: 1, concurrency: 1 }, run.deps);
    expect(record.summary.gates.find((g) => g.id === "trend")).toMatchObject({ status: "no_baseline" });
    expect(record.summary.gate.passed).toBe(true);
    expect(record.summary.baseline).toEqual(noBaseline("no baseline: an in-memory run has no history").info);
  });

  it("deps without a finder (a server stores the run) leave the baseline gates to the store", async () => {
    const run = mockDeps(agent);
    run.deps.findBaseline = null;
    const { record } = await runSuite(await suite(), { trials: 1, concurrency: 1 }, run.deps);
    expect(record.summary.gates.map((g) => g.kind)).toEqual(["threshold", "errors"]);
    expect(record.summary.baseline).toBeNull();
  });
});
