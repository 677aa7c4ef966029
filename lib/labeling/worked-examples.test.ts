import { describe, expect, it } from "vitest";
import { exampleRefusal, visibleExamples } from "./worked-examples";

const finished = { gold: "pass", labelCount: 2, reviewersPerItem: 2, openElsewhere: [], attached: false };

describe("exampleRefusal", () => {
  it("accepts an item with gold and every label it needs", () => {
    expect(exampleRefusal(finished, 1)).toBeNull();
  });
  it("refuses an item without gold, one still short of labels, one open in another queue, and a second attach", () => {
    expect(exampleRefusal({ ...finished, gold: null }, 3)).toMatch(/no gold label at rubric v3/);
    expect(exampleRefusal({ ...finished, labelCount: 1 }, 1)).toMatch(/still needs labels \(1 of 2\)/);
    expect(exampleRefusal({ ...finished, openElsewhere: ["refunds"] }, 1)).toMatch(/still needs labels in "refunds"/);
    expect(exampleRefusal({ ...finished, attached: true }, 2)).toMatch(/already a worked example of rubric v2/);
  });
});

describe("visibleExamples", () => {
  const examples = [
    { id: "1", transcriptId: "t1", labelCount: 2 },
    { id: "2", transcriptId: "t2", labelCount: 1 },
    { id: "3", transcriptId: "t3", labelCount: 2 },
  ];
  it("leaves out the item on screen and any item open again", () => {
    expect(visibleExamples(examples, 2, "t3").map((e) => e.id)).toEqual(["1"]);
    expect(visibleExamples(examples, 2, null).map((e) => e.id)).toEqual(["1", "3"]);
  });
});
