import { describe, expect, it } from "vitest";
import { fitProblems } from "./fit";

describe("fitProblems", () => {
  it("names the task and both kinds when the judge's kind differs from the task's", () => {
    const tasks = [
      { taskId: "summary", kind: "binary" as const, judgeRef: null },
      { taskId: "tone", kind: "graded" as const, judgeRef: null },
    ];
    expect(fitProblems(tasks, { label: "llmbar-vanilla v2", kind: "pairwise" })).toEqual([
      'task "summary" is binary (pass / fail on one output), but judge llmbar-vanilla v2 is pairwise (A or B between two outputs): give this task a pass_fail judge.',
      'task "tone" is graded (a 1–5 score on one output), but judge llmbar-vanilla v2 is pairwise (A or B between two outputs): give this task a score_1_5 judge.',
    ]);
    expect(fitProblems(tasks.slice(0, 1), { label: "refund-judge v1", kind: "binary" })).toEqual([]);
  });
});
