import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inspectVerdict, parseInspect } from "./inspect";

/** Hand-built from inspect_ai's EvalLog schema (see scripts/peer-fixtures/README.md). */
const fixture = readFileSync(path.join(import.meta.dirname, "../fixtures/peers/inspect-log.json"), "utf8");

describe("Inspect AI JSON log", () => {
  it("makes each sample a transcript with its messages, target and scores as verdicts", () => {
    const result = parseInspect(fixture);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const [headphones, kettle] = result.items;
    expect(headphones!.transcript).toMatchObject({
      source: "inspect",
      externalId: "refund_support/broken-headphones",
      taskPrompt: "My headphones (order A1002) arrived broken. Please refund them.",
      finalOutput: "Done: 59.90 will be back on your card within 5 business days.",
      content: { expected: "Refunds 59.90 to the card once and tells the customer when the money arrives." },
    });
    expect(headphones!.transcript.content.messages[2]).toEqual({
      role: "assistant",
      content: "Let me look up the order.",
      toolCalls: [
        {
          id: "call_Hd81",
          name: "get_order",
          arguments: { order_id: "A1002" },
          result: { id: "A1002", total: 59.9, payment: "card", delivered_days_ago: 3 },
        },
      ],
    });
    expect(headphones!.verdicts.map((v) => [v.judge, v.value])).toEqual([
      ["inspect-model_graded_qa", "pass"],
      ["inspect-includes", "fail"],
    ]);
    // A tool error is the call's error; a partial score (P) is no verdict.
    expect(kettle!.transcript.content.messages[2]!.toolCalls![0]).toEqual({
      id: "call_Kt11",
      name: "issue_refund",
      arguments: { order_id: "A1003", amount: 19.9 },
      error: "refunds after 30 days need a supervisor",
    });
    expect(kettle!.transcript.taskPrompt).toBe("I bought a kettle 45 days ago (order A1003) and want my money back.");
    expect(kettle!.verdicts.map((v) => v.judge)).toEqual(["inspect-includes"]);
    expect(result.notes).toEqual([
      "task refund_support on openai/gpt-4o-2024-08-06: 2 samples",
      "1 score not pass/fail (partial or numeric): not imported as verdicts",
    ]);
  });

  it("reads Inspect's score values", () => {
    expect(["C", true, 1, "I", "N", false, 0, "P", 0.5, "A"].map(inspectVerdict)).toEqual([
      "pass",
      "pass",
      "pass",
      "fail",
      "fail",
      "fail",
      "fail",
      null,
      null,
      null,
    ]);
  });

  it("explains a .eval archive, a log without samples, and names a bad sample", () => {
    expect(parseInspect("PK\u0003\u0004rest")).toEqual({ ok: false, errors: [expect.stringContaining("inspect log convert --to json")] });
    const doc = JSON.parse(fixture);
    const empty = parseInspect(JSON.stringify({ ...doc, samples: [] }));
    expect(empty).toEqual({ ok: false, errors: [expect.stringMatching(/^the log of task refund_support holds no samples/)] });
    doc.samples[1].messages[2].tool_calls[0].function = 7;
    const bad = parseInspect(JSON.stringify(doc));
    expect(bad).toEqual({
      ok: false,
      errors: ["samples[1] (sample late-kettle, epoch 1): messages[2]: tool_calls[0]: a tool call needs a name"],
    });
  });
});
