import { describe, expect, it } from "vitest";
import { EXAMPLE_TOOL_CALLS, exampleRefusal, exampleToolCalls, visibleExamples } from "./worked-examples";

const finished = { split: "dev" as const, gold: "pass", labelCount: 2, reviewersPerItem: 2, openElsewhere: [], attached: false };

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
  it("refuses a test-split item, however finished: the test split measures judges", () => {
    expect(exampleRefusal({ ...finished, split: "test" }, 1)).toBe(
      "This item is in the test split, which measures judges: its answer may not be shown as an example. Choose a dev item.",
    );
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
  it("keeps a written example (no item, no transcript) whatever is on screen", () => {
    const written = [{ id: "w", transcriptId: null, labelCount: Infinity }];
    expect(visibleExamples(written, 2, null).map((e) => e.id)).toEqual(["w"]);
    expect(visibleExamples(written, 2, "t1").map((e) => e.id)).toEqual(["w"]);
  });
});

describe("exampleToolCalls", () => {
  it("lists every message's tool calls in order, arguments and results as capped one-line text", () => {
    const content = {
      messages: [
        { role: "user", content: "Refund order 7" },
        { role: "assistant", toolCalls: [{ name: "lookup_order", arguments: { order: 7 }, result: { total: 20 } }] },
        { role: "assistant", toolCalls: [{ name: "issue_refund", arguments: { order: 7 }, error: "already refunded" }] },
      ],
    };
    const { calls, more } = exampleToolCalls(content);
    expect(more).toBe(0);
    expect(calls.map((c) => c.name)).toEqual(["lookup_order", "issue_refund"]);
    expect(calls[0]!.arguments!.text).toBe('{"order":7}');
    expect(calls[0]!.result!.text).toBe('{"total":20}');
    expect(calls[1]).toMatchObject({ result: null, error: "already refunded" });
  });

  it("caps a long list and long texts, and reads nothing from an odd shape", () => {
    const many = { messages: [{ toolCalls: Array.from({ length: 20 }, (_, i) => ({ name: `t${i}`, arguments: "x".repeat(1_000) })) }] };
    const { calls, more } = exampleToolCalls(many);
    expect(calls).toHaveLength(EXAMPLE_TOOL_CALLS);
    expect(more).toBe(20 - EXAMPLE_TOOL_CALLS);
    expect(calls[0]!.arguments).toEqual({ text: "x".repeat(300), length: 1_000 });
    expect(exampleToolCalls(null)).toEqual({ calls: [], more: 0 });
    expect(exampleToolCalls({ messages: "no" })).toEqual({ calls: [], more: 0 });
  });
});
