import { describe, expect, it } from "vitest";
import { parseJsonl } from "./jsonl";

const good = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `refund-${n}`,
    task_prompt: `Refund order A100${n}`,
    rubric: "Refunds the order once, to the original payment method.",
    messages: [
      { role: "user", content: `Please refund order A100${n}.` },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", name: "issue_refund", arguments: { order_id: `A100${n}` }, result: { ok: true } }],
      },
      { role: "assistant", content: "Refunded." },
    ],
    final_output: "Refunded.",
    final_state: { refunds: [`A100${n}`] },
    ...extra,
  });

describe("parseJsonl", () => {
  it("maps every field of a line to the stored transcript shape", () => {
    const result = parseJsonl(
      `${good(1, { expected_qualities: ["one refund", "polite"], judge_verdicts: [{ judge: "gpt-judge", verdict: "PASS", reason: "fine" }] })}\n`,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [item] = result.items;
    expect(item!.where).toBe("line 1");
    expect(item!.transcript).toMatchObject({
      source: "jsonl",
      externalId: "refund-1",
      kind: "binary",
      taskPrompt: "Refund order A1001",
      rubric: "Refunds the order once, to the original payment method.",
      finalOutput: "Refunded.",
      content: {
        messages: [
          { role: "user", content: "Please refund order A1001." },
          { role: "assistant", toolCalls: [{ id: "c1", name: "issue_refund", arguments: { order_id: "A1001" }, result: { ok: true } }] },
          { role: "assistant", content: "Refunded." },
        ],
        finalState: { refunds: ["A1001"] },
        expected: "one refund\npolite",
      },
    });
    expect(item!.transcript.content.messages[1]).not.toHaveProperty("content");
    expect(item!.verdicts).toEqual([{ judge: "gpt-judge", value: "pass", score: 1, reason: "fine" }]);
  });

  it("reports a bad line 3 of 5 by line and field, and returns no items", () => {
    const bad = JSON.stringify({ id: "x", messages: [{ role: "robot", content: "hi" }] });
    const text = [good(1), good(2), bad, good(4), good(5)].join("\n");
    const result = parseJsonl(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      "line 3: task_prompt: task_prompt must be text",
      'line 3: messages[0].role: role must be "system", "user", "assistant" or "tool"',
    ]);
    expect(result).not.toHaveProperty("items");
  });

  it("collects every error of every line, invalid JSON included", () => {
    const text = [
      good(1),
      "{not json",
      "",
      good(4, { kind: "pairwise" }),
      "[1,2]",
      good(6, { surprise: 1, judge_verdicts: [{ judge: "j", verdict: "maybe" }] }),
    ].join("\n");
    const result = parseJsonl(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatch(/^line 2: not valid JSON \(/);
    expect(result.errors).toContain("line 4: outputs: a pairwise item needs outputs.a and outputs.b");
    expect(result.errors).toContain("line 5: each line must be one JSON object ({...})");
    expect(result.errors).toContain('line 6: unknown field "surprise"');
    expect(result.errors.some((e) => e.startsWith("line 6: judge_verdicts[0].verdict:"))).toBe(true);
    expect(result.errors.some((e) => e.startsWith("line 1") || e.startsWith("line 3"))).toBe(false);
  });

  it("skips blank lines, keeps line numbers, and reads pairwise and graded items", () => {
    const pair = JSON.stringify({
      task_prompt: "Which is better?",
      kind: "pairwise",
      outputs: { a: "one", b: "two" },
      judge_verdicts: [{ judge: "j", verdict: "b" }],
    });
    const graded = JSON.stringify({
      id: 7,
      task_prompt: "Rate it",
      kind: "graded",
      criterion: "Coherence",
      final_output: "text",
      judge_verdicts: [{ judge: "j", verdict: 4 }],
    });
    const result = parseJsonl(`\n${pair}\r\n\n${graded}\n\n`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.items.map((i) => i.where)).toEqual(["line 2", "line 4"]);
    expect(result.items[0]!.transcript.content.outputs).toEqual({ a: "one", b: "two" });
    expect(result.items[0]!.verdicts[0]).toMatchObject({ value: "B", score: 0 });
    expect(result.items[1]!.transcript).toMatchObject({ externalId: "7", kind: "graded", criterion: "Coherence" });
    expect(result.items[1]!.verdicts[0]).toMatchObject({ value: "4", score: 4 });
  });

  it("refuses an empty file", () => {
    expect(parseJsonl("\n\n")).toEqual({ ok: false, errors: ["the file has no transcripts: expected one JSON object per line"] });
  });
});
