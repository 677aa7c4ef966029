import { describe, expect, it } from "vitest";
import { combineVerdicts } from "./grade-trial";
import { computeRunMetrics } from "./metrics";
import { reduceTask, suiteGate, summarizeRun } from "./reducers";
import { trialResult } from "../testing/engine-fixtures";
import type { GraderResultRecord, TrialResult, VerdictStatus } from "../trial/types";

/** A trial of task "t"; later trials took longer (10 ms, 20 ms, …). */
const trial = (verdict: VerdictStatus, index: number, extra: Partial<TrialResult> = {}): TrialResult =>
  trialResult("t", index, verdict, { latencyMs: 10 * (index + 1), ...extra });

const grader = (status: VerdictStatus, extra: Partial<GraderResultRecord> = {}): GraderResultRecord => ({
  position: 0,
  kind: "x",
  config: {},
  status,
  reason: status,
  ...extra,
});

describe("reduceTask", () => {
  it("computes n, c, pass@k, pass^k and flaky over k trials", () => {
    const stats = reduceTask(
      ["pass", "fail", "pass", "pass", "fail"].map((v, i) => trial(v as VerdictStatus, i)),
      2,
    );
    expect(stats).toMatchObject({ n: 5, c: 3, flaky: true, status: "flaky" });
    expect(stats.passAtK).toBeCloseTo(1 - 1 / 10, 12); // 1 − C(2,2)/C(5,2)
    expect(stats.passPowerK).toBeCloseTo(3 / 10, 12); // C(3,2)/C(5,2)
  });
  it("leaves pass@k undefined when skips or errors leave fewer than k scored trials", () => {
    const stats = reduceTask([trial("pass", 0), trial("pass", 1), trial("skipped", 2)], 3);
    expect(stats).toMatchObject({ n: 2, c: 2, passAtK: null, passPowerK: null, status: "pass" });
    expect(reduceTask([trial("error", 0), trial("pass", 1)], 2).status).toBe("error");
    expect(reduceTask([trial("skipped", 0)], 1)).toMatchObject({ status: "skipped", passAtK: null });
  });
});

describe("the suite gate", () => {
  it("passes only at or above the threshold, with no errors", () => {
    expect(suiteGate(0.75, 0.75, 0).passed).toBe(true);
    expect(suiteGate(0.74, 0.75, 0)).toMatchObject({ passed: false, reasons: ["pass rate 74.0% is below the threshold 75.0%"] });
    expect(suiteGate(1, 0.75, 1).passed).toBe(false);
  });
  it("never passes an undefined pass rate", () => {
    expect(suiteGate(null, 0, 0).passed).toBe(false);
  });
  it("summarizes counts, latency quantiles and cost", () => {
    const trials = [trial("pass", 0, { costUsd: 0.5 }), trial("fail", 1, { costUsd: 0.25 }), trial("skipped", 2), trial("pass", 3)];
    const stats = reduceTask(trials, 4);
    const metrics = computeRunMetrics([{ id: "t", tags: {}, stats, trials }], 4);
    const s = summarizeRun(trials, new Map([["t", stats]]), 0.5, null, { metrics });
    expect(s).toMatchObject({
      scored: 3,
      passed: 2,
      failed: 1,
      skipped: 1,
      passRate: 2 / 3,
      costUsd: 0.75,
      latencyP50Ms: 25,
      flakyTasks: ["t"],
    });
    expect(s.latencyP95Ms).toBe(38.5); // simple-statistics interpolates between the 3rd and 4th values
    expect(s.gate.passed).toBe(true);
  });
});

describe("combineVerdicts", () => {
  it("lets a fail win, then an error, then a skip; pass only when all counted graders pass", () => {
    expect(combineVerdicts([grader("pass"), grader("fail", { step: 2 }), grader("error")], null)).toMatchObject({
      verdict: "fail",
      failingStep: 2,
    });
    expect(combineVerdicts([grader("pass"), grader("error")], null).verdict).toBe("error");
    expect(combineVerdicts([grader("pass"), grader("skipped")], null).verdict).toBe("skipped");
    expect(combineVerdicts([grader("pass", { score: 1 }), grader("pass", { score: 0.5 })], null)).toMatchObject({
      verdict: "pass",
      score: 0.75,
    });
  });
  it("never counts shadow verdicts", () => {
    expect(combineVerdicts([grader("fail", { shadow: true })], null).verdict).toBe("skipped");
    expect(combineVerdicts([grader("pass"), grader("fail", { shadow: true })], null).verdict).toBe("pass");
  });
  it("lets a runner stop decide: a blocked tool fails, a timeout is an error", () => {
    expect(combineVerdicts([grader("pass")], { kind: "blocked_tool", message: "m", step: 1 })).toMatchObject({
      verdict: "fail",
      failingStep: 1,
    });
    expect(combineVerdicts([], { kind: "timeout", message: "m" }).verdict).toBe("error");
  });
});
