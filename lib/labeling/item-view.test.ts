import { describe, expect, it } from "vitest";
import { toItemView } from "./item-view";

const base = {
  id: "t1",
  externalId: "x-1",
  kind: "binary" as const,
  taskPrompt: "Refund order 7",
  rubric: null,
  criterion: null,
  finalOutput: "Done",
  sizeBytes: 10,
};

describe("toItemView", () => {
  it("turns the stored content into text only: tool arguments and results, final state", () => {
    const view = toItemView("qi1", {
      ...base,
      content: {
        messages: [
          {
            role: "assistant",
            content: "Refunding",
            toolCalls: [{ name: "issue_refund", arguments: { order_id: 7 }, result: { ok: true } }],
          },
        ],
        finalState: { refunds: [7] },
        expected: "one refund",
      },
    });
    expect(view.messages[0]!.toolCalls[0]).toEqual({
      name: "issue_refund",
      arguments: '{\n  "order_id": 7\n}',
      result: '{\n  "ok": true\n}',
      error: null,
    });
    expect(view.finalState).toBe('{\n  "refunds": [\n    7\n  ]\n}');
    expect(view.expected).toBe("one refund");
    expect(view.outputs).toBeNull();
  });

  it("keeps only whitelisted fields, whatever else the content holds", () => {
    const view = toItemView("qi1", {
      ...base,
      content: {
        messages: [{ role: "user", content: "hi", verdict: "SECRET" }],
        judgeVerdicts: [{ reason: "SECRET" }],
        outputs: { a: "A!", b: "B!" },
      },
    });
    expect(JSON.stringify(view)).not.toContain("SECRET");
    expect(view.outputs).toEqual({ a: "A!", b: "B!" });
  });

  it("survives content that is not the expected shape", () => {
    const view = toItemView("qi1", { ...base, content: "not an object" });
    expect(view.messages).toEqual([]);
    expect(view.finalState).toBeNull();
  });
});
