import { describe, expect, it } from "vitest";
import { classify, compareRuns, type CompareRun, type CompareTask } from "./compare";

const task = (id: string, status: CompareTask["status"], c: number, n: number, contractHash = `h-${id}`): CompareTask => ({
  id,
  contractHash,
  status,
  c,
  n,
  verdicts: [],
});
const run = (runId: string, tasks: CompareTask[]): CompareRun => ({
  runId,
  suiteName: "s",
  suiteHash: "x",
  agentSpec: "a",
  agentLabel: "a",
  branch: null,
  startedAt: "",
  k: 2,
  passRate: null,
  metrics: null,
  tasks,
});

/** The trials (c passed of n scored, k = 2) that each status stands for in these tests' runs. */
const COUNTS: Record<CompareTask["status"], [c: number, n: number]> = {
  pass: [2, 2],
  fail: [0, 2],
  flaky: [1, 2],
  error: [0, 0],
  skipped: [0, 0],
};
/** A run from each task's status, its contract hash `h-ID` unless `contracts` names another. */
const runOf = (runId: string, statuses: Record<string, CompareTask["status"]>, contracts: Record<string, string> = {}) =>
  run(
    runId,
    Object.entries(statuses).map(([id, status]) => task(id, status, ...COUNTS[status], contracts[id])),
  );

describe("compareRuns", () => {
  it("puts every task whose status changed in exactly one list, and the rest in unchanged", () => {
    const base = runOf("b", { a: "pass", b: "pass", c: "fail", d: "pass", e: "flaky", f: "fail", g: "pass", gone: "pass" });
    const head = runOf("h", { a: "pass", b: "fail", c: "pass", d: "flaky", e: "error", f: "error", g: "skipped", new: "pass" });
    const diff = compareRuns(base, head);
    expect(diff.newlyFailing.map((t) => t.taskId)).toEqual(["b", "e"]);
    expect(diff.newlyPassing.map((t) => t.taskId)).toEqual(["c"]);
    expect(diff.newlyFlaky.map((t) => t.taskId)).toEqual(["d"]);
    expect(diff.otherChanges.map((t) => `${t.taskId}:${t.from}→${t.to}`)).toEqual(["f:fail→error", "g:pass→skipped"]);
    expect(diff.unchanged).toEqual(["a"]);
    expect(diff.added).toEqual(["new"]);
    expect(diff.removed).toEqual(["gone"]);
  });

  it("pairs tasks scored in both runs with the same contract for the pass-rate difference", () => {
    // Pairs (base, head): a (1, 1), b (1, 0), c (0, 1), d (1, 0.5); e has no scored trial in head,
    // g's contract changed: both left out. d = 0, −1, 1, −0.5: mean −0.125.
    const base = runOf("b", { a: "pass", b: "pass", c: "fail", d: "pass", e: "pass", g: "pass" });
    const head = runOf("h", { a: "pass", b: "fail", c: "pass", d: "flaky", e: "error", g: "fail" }, { g: "changed" });
    const diff = compareRuns(base, head);
    expect(diff.passRateDifference.n).toBe(4);
    expect(diff.passRateDifference.mean).toBeCloseTo(-0.125, 12);
    // s_d² = (0.125² + 0.875² + 1.125² + 0.375²) / 3 = 2.1875 / 3 = 0.7291667; se = √(0.7291667 / 4) = 0.4269563.
    expect(diff.passRateDifference.se).toBeCloseTo(0.4269563, 6);
    expect(diff.newlyFailing.find((t) => t.taskId === "g")?.contractChanged).toBe(true);
  });

  it("classify: error counts as failing; a skipped task is neither", () => {
    expect(classify("pass", "error")).toBe("newlyFailing");
    expect(classify("skipped", "fail")).toBe("newlyFailing");
    expect(classify("fail", "error")).toBe("otherChanges");
    expect(classify("flaky", "pass")).toBe("newlyPassing");
    expect(classify("skipped", "skipped")).toBe("unchanged");
  });
});
