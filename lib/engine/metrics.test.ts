import { describe, expect, it } from "vitest";
import { computeRunMetrics, countRetries } from "./metrics";
import { reduceTask } from "./reducers";
import { trialResult } from "../testing/engine-fixtures";
import type { Step, VerdictStatus } from "../trial/types";

const step = (index: number, tool: string, args: unknown, extra: Partial<Step> = {}): Step => ({
  index,
  tool,
  args,
  latencyMs: 1,
  ...extra,
});

const trial = trialResult;

describe("countRetries", () => {
  it("counts calls that repeat an earlier call exactly, whatever the key order", () => {
    const steps = [
      step(0, "get_order", { id: "A" }),
      step(1, "issue_refund", { id: "A", amount: 5 }),
      step(2, "issue_refund", { amount: 5, id: "A" }),
      step(3, "issue_refund", { id: "A", amount: 6 }),
      step(4, "issue_refund", { id: "A", amount: 5 }),
    ];
    expect(countRetries(steps)).toBe(2);
  });
  it("does not count a blocked call (it never ran) or a different tool", () => {
    expect(countRetries([step(0, "a", {}), step(1, "a", {}, { blocked: true }), step(2, "b", {})])).toBe(0);
  });
});

describe("computeRunMetrics", () => {
  it("folds pass rates per grader and per tag, cost p50, flake rate and the worst retries", () => {
    const g = (kind: string, status: VerdictStatus, shadow = false) => ({ position: 0, kind, config: {}, status, reason: "", shadow });
    const a = [
      trial("a", 0, "pass", { costUsd: 0.01, graders: [g("state", "pass"), g("judge", "fail", true)] }),
      trial("a", 1, "fail", {
        costUsd: 0.03,
        graders: [g("state", "fail")],
        trajectory: [step(0, "x", {}), step(1, "x", {}), step(2, "x", {})],
      }),
    ];
    const b = [trial("b", 0, "pass", { graders: [g("state", "pass")] }), trial("b", 1, "skipped", { graders: [g("state", "skipped")] })];
    const m = computeRunMetrics(
      [
        { id: "a", tags: { category: "happy", golden: true }, stats: reduceTask(a, 2), trials: a },
        { id: "b", tags: { category: "edge" }, stats: reduceTask(b, 2), trials: b },
      ],
      2,
    );
    expect(m.passRate).toBeCloseTo(2 / 3, 12);
    expect(m.graders).toEqual({ state: 2 / 3 }); // the shadow judge verdict is not counted at all
    expect(m.tags).toEqual({ "category=edge": 1, "category=happy": 0.5, "golden=true": 0.5 });
    expect(m.costP50Usd).toBeCloseTo(0.02, 12);
    expect(m.flakeRate).toBe(0.5); // a is flaky, b is not
    expect(m.toolRetries).toEqual({ max: 2, taskId: "a" });
    expect(m.passPowerK).toBe(0); // a: C(1,2)/C(2,2) = 0; b: one scored trial < k, undefined and left out of the mean
  });
  it("leaves flake rate undefined with one trial per task, and cost undefined when none is reported", () => {
    const t = [trial("a", 0, "pass")];
    const m = computeRunMetrics([{ id: "a", tags: {}, stats: reduceTask(t, 1), trials: t }], 1);
    expect(m.flakeRate).toBeNull();
    expect(m.costP50Usd).toBeNull();
    expect(m.passRate).toBe(1);
  });
});
