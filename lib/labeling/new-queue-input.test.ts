import { describe, expect, it } from "vitest";
import { newQueueInput } from "./new-queue-input";

const base = { name: "refunds", rubric: "Pass when refunded once.", source: "source", transcriptSource: "jsonl" };
const example = (expected: string) => `expected: ${expected}\ntask: t\noutput: o\nwhy: w`;

describe("newQueueInput", () => {
  it("parses written examples against the queue's kind and scale", () => {
    expect(newQueueInput.parse({ ...base, examples: example("fail") }).examples.map((e) => e.expectedValue)).toEqual(["fail"]);
    const graded = newQueueInput.parse({ ...base, kind: "graded", scaleMin: "0", scaleMax: "3", examples: example("0") });
    expect(graded.examples.map((e) => e.expectedValue)).toEqual(["0"]);
    const off = newQueueInput.safeParse({ ...base, kind: "graded", scaleMin: "0", scaleMax: "3", examples: example("5") });
    expect(off.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["examples", 'Example 1 (line 1): expected: "5" is not a label of this queue; use one of 0, 1, 2, 3.'],
    ]);
  });

  it("takes no examples as none, and keeps every rule of the queue's own fields", () => {
    expect(newQueueInput.parse({ ...base, examples: "  " }).examples).toEqual([]);
    const noRun = newQueueInput.safeParse({ ...base, source: "run", transcriptSource: undefined, examples: example("pass") });
    expect(noRun.error?.issues.map((i) => i.path.join("."))).toEqual(["runId"]);
  });

  it("refuses written examples on a pairwise queue", () => {
    const result = newQueueInput.safeParse({ ...base, kind: "pairwise", examples: example("A") });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["examples", "Written examples are for binary and graded queues: attach finished pairwise items from the Gold labels page."],
    ]);
  });
});
