import { describe, expect, it } from "vitest";
import type { RunMetrics } from "./run-metrics";
import { resolveGates } from "./config";
import { evaluateBaselineGates, gateVerdict, thresholdGates } from "./evaluate";
import { noBaseline, type Baseline } from "./result";
import { evaluateHardGates, type HardGateTask } from "./hard";
import { evaluateOperational, medianOf } from "./operational";
import type { GateResult } from "./result";
import { evaluateTrend } from "./trend";

const metrics = (m: Partial<RunMetrics> = {}): RunMetrics => ({
  k: 5,
  passRate: 0.9,
  passPowerK: 0.8,
  graders: { state: 0.9 },
  tags: { "category=happy": 1 },
  costP50Usd: 0.01,
  latencyP95Ms: 1000,
  flakeRate: 0.1,
  toolRetries: { max: 0, taskId: null },
  ...m,
});

const byId = (results: GateResult[]) => Object.fromEntries(results.map((r) => [r.id, r])) as Record<string, GateResult>;
const op = resolveGates(undefined).operational!;
const trend = resolveGates(undefined).trend!;

describe("operational gates against the median of the window", () => {
  it("takes the median of the window and fails above +20% cost and +25% latency", () => {
    // Window costs 0.010, 0.012, 0.011 → median 0.011; limit 0.011 × 1.2 = 0.0132.
    // Window p95 900, 1000, 1100 ms → median 1000; limit max(1000 × 1.25, 1000 + 100) = 1250.
    const window = [
      metrics({ costP50Usd: 0.01, latencyP95Ms: 900 }),
      metrics({ costP50Usd: 0.012, latencyP95Ms: 1000 }),
      metrics({ costP50Usd: 0.011, latencyP95Ms: 1100 }),
    ];
    const over = byId(evaluateOperational(op, metrics({ costP50Usd: 0.0133, latencyP95Ms: 1251 }), window));
    expect(over["operational:cost_p50"]).toMatchObject({ status: "fail", baseline: 0.011 });
    expect(over["operational:cost_p50"]!.limit).toBeCloseTo(0.0132, 12);
    expect(over["operational:latency_p95"]).toMatchObject({ status: "fail", baseline: 1000, limit: 1250 });
    const at = byId(evaluateOperational(op, metrics({ costP50Usd: 0.0132, latencyP95Ms: 1250 }), window));
    expect(at["operational:cost_p50"]!.status).toBe("pass");
    expect(at["operational:latency_p95"]!.status).toBe("pass");
  });

  it("ignores a latency rise below min_delta_ms: 2 ms → 3 ms is +50% but noise", () => {
    const r = byId(evaluateOperational(op, metrics({ latencyP95Ms: 3 }), [metrics({ latencyP95Ms: 2 })]));
    expect(r["operational:latency_p95"]).toMatchObject({ status: "pass", limit: 102 });
  });

  it("fails a task that repeats a tool call more than twice, with no baseline needed", () => {
    const r = byId(evaluateOperational(op, metrics({ toolRetries: { max: 3, taskId: "refund-x" } }), []));
    expect(r["operational:tool_retries"]).toMatchObject({ status: "fail", value: 3, limit: 2 });
    expect(r["operational:tool_retries"]!.detail).toContain("refund-x repeated a tool call 3 times");
    expect(byId(evaluateOperational(op, metrics({ toolRetries: { max: 2, taskId: "t" } }), []))["operational:tool_retries"]!.status).toBe(
      "pass",
    );
  });

  it("holds the flake rate to the median + 5 points, only against runs with k ≥ 2", () => {
    // Window flake rates 0.10, 0.20 (k=5) and 0 (k=1, left out) → median 0.15; limit 0.20.
    const window = [metrics({ flakeRate: 0.1 }), metrics({ flakeRate: 0.2 }), metrics({ k: 1, flakeRate: null })];
    const at = byId(evaluateOperational(op, metrics({ flakeRate: 0.2 }), window))["operational:flake_rate"]!;
    expect(at.status).toBe("pass");
    expect(at.baseline).toBeCloseTo(0.15, 12);
    expect(byId(evaluateOperational(op, metrics({ flakeRate: 0.2 + 1e-6 }), window))["operational:flake_rate"]!.status).toBe("fail");
  });

  it("reports no baseline and not measured instead of passing or failing", () => {
    const none = byId(evaluateOperational(op, metrics(), []));
    expect(none["operational:cost_p50"]!.status).toBe("no_baseline");
    expect(none["operational:latency_p95"]!.status).toBe("no_baseline");
    expect(none["operational:flake_rate"]!.status).toBe("no_baseline");
    const unmeasured = byId(evaluateOperational(op, metrics({ costP50Usd: null, flakeRate: null, k: 1 }), [metrics()]));
    expect(unmeasured["operational:cost_p50"]).toMatchObject({ status: "not_measured", detail: "not measured: no trial reported a cost" });
    expect(unmeasured["operational:flake_rate"]!.status).toBe("not_measured");
    // A window whose runs reported no cost is no baseline, not a zero one.
    expect(byId(evaluateOperational(op, metrics(), [metrics({ costP50Usd: null })]))["operational:cost_p50"]!.status).toBe("no_baseline");
  });

  it("checks absolute caps with or without a baseline", () => {
    const capped = resolveGates({
      hard: [],
      operational: {
        window: 10,
        cost_p50: { max_increase: 0.2, max_usd: 0.25 },
        latency_p95: { max_increase: 0.25, min_delta_ms: 100, max_ms: 30_000 },
      },
    }).operational!;
    const r = byId(evaluateOperational(capped, metrics({ costP50Usd: 0.3, latencyP95Ms: 29_000 }), []));
    expect(r["operational:cost_p50_cap"]).toMatchObject({ status: "fail", limit: 0.25 });
    expect(r["operational:latency_p95_cap"]!.status).toBe("pass");
    expect(r["operational:cost_p50"]!.status).toBe("no_baseline");
  });

  it("medianOf leaves out undefined values and is null when none is left", () => {
    expect(medianOf([3, null, 1, 2])).toBe(2);
    expect(medianOf([null, null])).toBeNull();
  });
});

describe("trend gates against the previous comparable run", () => {
  it("fails any tracked metric that fell more than 5 points, and names it", () => {
    const previous = {
      runId: "r1",
      metrics: metrics({ passRate: 1, graders: { state: 1, side_effects: 1 }, tags: { "category=happy": 1, "category=edge": 0.9 } }),
    };
    // pass rate 1 → 0.94 (−6 points: fail); state 1 → 0.96 (−4: pass); side_effects 1 → 0.95 (−5: exactly at the margin, pass).
    const now = metrics({
      passRate: 0.94,
      graders: { state: 0.96, side_effects: 0.95 },
      tags: { "category=happy": 0.5, "category=edge": 0.9 },
    });
    const r = byId(evaluateTrend(trend, now, previous));
    expect(r["trend:pass_rate"]).toMatchObject({ status: "fail", value: 0.94, baseline: 1 });
    expect(r["trend:pass_rate"]!.detail).toBe("94.0% vs 100.0% in run r1 (−6.0 points; fails below −5.0 points)");
    expect(r["trend:grader:state"]!.status).toBe("pass");
    expect(r["trend:grader:side_effects"]!.status).toBe("pass");
    expect(r["trend:tag:category=happy"]!.status).toBe("fail");
    expect(r["trend:tag:category=edge"]!.status).toBe("pass");
  });

  it("says no baseline with no previous run, and for a metric only this run has; not measured for one this run left undefined", () => {
    expect(evaluateTrend(trend, metrics(), null)).toEqual([expect.objectContaining({ id: "trend", status: "no_baseline" })]);
    const r = byId(
      evaluateTrend(trend, metrics({ graders: { state: 0.9, judge: null }, tags: { new: 1 } }), {
        runId: "r1",
        metrics: metrics({ graders: { state: 0.9, judge: 0.8 }, tags: {} }),
      }),
    );
    expect(r["trend:tag:new"]!.status).toBe("no_baseline");
    expect(r["trend:grader:judge"]).toMatchObject({
      status: "not_measured",
      detail: "not measured: undefined in this run (80.0% in run r1)",
    });
  });

  it("compares pass^k only between runs with the same k", () => {
    const r = byId(evaluateTrend(trend, metrics({ k: 3, passPowerK: 0.1 }), { runId: "r1", metrics: metrics({ k: 5, passPowerK: 0.9 }) }));
    expect(r["trend:pass_power_k"]!.status).toBe("not_measured");
  });
});

describe("hard gates", () => {
  const task = (id: string, tags: HardGateTask["tags"], trials: [string, Record<string, string>][]): HardGateTask => ({
    id,
    tags,
    graderKinds: ["state", "side_effects", "rule"],
    trials: trials.map(([verdict, graders], i) => ({
      trialIndex: i,
      verdict,
      graders: Object.entries(graders).map(([kind, status]) => ({ kind, status })),
    })),
  });
  const tasks = [
    task("golden-1", { golden: true }, [
      ["pass", { state: "pass", side_effects: "pass", rule: "pass" }],
      ["fail", { state: "pass", side_effects: "pass", rule: "fail" }],
    ]),
    task("golden-2", { golden: true }, [["error", {}]]),
    task("other", { golden: false }, [["fail", { state: "fail", side_effects: "fail", rule: "fail" }]]),
  ];

  it("holds only the named graders on the tagged tasks to 100%; a grader that did not run counts as the trial's verdict", () => {
    const [gate] = evaluateHardGates([{ name: "golden", tags: { golden: true }, graders: ["state", "side_effects"] }], tasks);
    // golden-1: 4 verdicts pass (the rule failure is not held); golden-2 errored: 2 "error" → 4/6.
    expect(gate).toMatchObject({ id: "hard:golden", status: "fail" });
    expect(gate!.value).toBeCloseTo(4 / 6, 12);
    expect(gate!.detail).toContain("4/6 state and side_effects verdicts passed on 2 tasks");
    expect(gate!.detail).toContain("golden-2 trial 1 state: error");
  });

  it("without graders, holds every trial of the tagged tasks; passes at 100%", () => {
    const clean = [
      task("a", { golden: true }, [
        ["pass", { state: "pass" }],
        ["pass", { state: "pass" }],
      ]),
    ];
    expect(evaluateHardGates([{ name: "golden", tags: { golden: true } }], clean)[0]).toMatchObject({ status: "pass", value: 1 });
    expect(evaluateHardGates([{ name: "golden", tags: { golden: true } }], tasks)[0]).toMatchObject({ status: "fail", value: 1 / 3 });
  });

  it("fails when there is no verdict at all: a 100% promise needs evidence", () => {
    const empty = [task("a", { golden: true }, [])];
    expect(evaluateHardGates([{ name: "golden", tags: { golden: true } }], empty)[0]).toMatchObject({ status: "fail", value: null });
  });
});

describe("the verdict over every gate", () => {
  it("fails only on a failing gate; no baseline and not measured never fail and never pass silently", () => {
    const baseline: Baseline = noBaseline("no baseline: none yet", "auto");
    const results = [
      ...thresholdGates(1, 0.95, 0),
      ...evaluateBaselineGates(resolveGates(undefined), metrics({ costP50Usd: null }), baseline),
    ];
    expect(results.some((r) => r.status === "no_baseline")).toBe(true);
    expect(results.some((r) => r.status === "not_measured")).toBe(true);
    expect(gateVerdict(results).passed).toBe(true);
    const failing = evaluateBaselineGates(resolveGates(undefined), metrics({ passRate: 0.5 }), {
      ...baseline,
      previous: { runId: "r0", metrics: metrics({ passRate: 1 }) },
    });
    const verdict = gateVerdict([...thresholdGates(0.5, 0.4, 0), ...failing]);
    expect(verdict.passed).toBe(false);
    expect(verdict.reasons).toEqual(["pass rate: 50.0% vs 100.0% in run r0 (−50.0 points; fails below −5.0 points)"]);
  });

  it("an undefined pass rate fails the threshold gate", () => {
    expect(thresholdGates(null, 0, 0)[0]).toMatchObject({ status: "fail", value: null });
  });

  it("turns gates off with false", () => {
    const config = resolveGates({ hard: [], operational: false, trend: false });
    expect(evaluateBaselineGates(config, metrics(), noBaseline("x"))).toEqual([]);
    const some = resolveGates({ hard: [], operational: { window: 3, cost_p50: false, latency_p95: false } });
    expect(evaluateOperational(some.operational!, metrics(), []).map((r) => r.id)).toEqual([
      "operational:tool_retries",
      "operational:flake_rate",
    ]);
  });
});
