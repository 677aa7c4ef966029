import { describe, expect, it } from "vitest";
import { exampleToolCalls } from "./worked-examples";
import { parseWrittenExamples } from "./written-examples";

const binary = ["pass", "fail"];

describe("parseWrittenExamples", () => {
  it("reads text blocks separated by --- with the expected label, task, output, tool calls with results, and why", () => {
    const text = [
      "expected: fail",
      "task: Refund order 7.",
      "output: I refunded order 7.",
      'tool: issue_refund {"order": 7}',
      'result: {"refunded": 20}',
      "tool: issue_refund order seven",
      "why: A second refund for the same order.",
      "It was refunded already.",
      "---",
      "expected: pass",
      "task: Refund order 8.",
      "output: Refunded once.",
      "why: One refund, as asked.",
    ].join("\n");
    const result = parseWrittenExamples(text, binary);
    expect(result).toEqual({
      ok: true,
      examples: [
        {
          where: "Example 1 (line 1)",
          expectedValue: "fail",
          taskPrompt: "Refund order 7.",
          finalOutput: "I refunded order 7.",
          content: {
            messages: [
              { role: "user", content: "Refund order 7." },
              {
                role: "assistant",
                content: "I refunded order 7.",
                toolCalls: [
                  { name: "issue_refund", arguments: { order: 7 }, result: { refunded: 20 } },
                  { name: "issue_refund", arguments: "order seven" },
                ],
              },
            ],
          },
          explanation: "A second refund for the same order.\nIt was refunded already.",
        },
        {
          where: "Example 2 (line 10)",
          expectedValue: "pass",
          taskPrompt: "Refund order 8.",
          finalOutput: "Refunded once.",
          content: {
            messages: [
              { role: "user", content: "Refund order 8." },
              { role: "assistant", content: "Refunded once." },
            ],
          },
          explanation: "One refund, as asked.",
        },
      ],
    });
    // The card reads the same shape as a stored transcript's: name, arguments and result of each call.
    const calls = result.ok ? exampleToolCalls(result.examples[0]!.content).calls : [];
    expect(calls.map((c) => [c.name, c.arguments?.text, c.result?.text ?? null])).toEqual([
      ["issue_refund", '{"order":7}', '{"refunded":20}'],
      ["issue_refund", "order seven", null],
    ]);
  });

  it("takes a tool-only example (no output) and a result spanning lines", () => {
    const text = [
      "expected: fail",
      "task: Look up order 9.",
      "tool: lookup_order {}",
      "result: {",
      '  "status": "open"',
      "}",
      "why: It never answered.",
    ].join("\n");
    const result = parseWrittenExamples(text, binary);
    expect(result.ok && result.examples[0]!.content.messages[1]).toEqual({
      role: "assistant",
      toolCalls: [{ name: "lookup_order", arguments: {}, result: { status: "open" } }],
    });
    expect(result.ok && result.examples[0]!.finalOutput).toBeNull();
  });

  it("reads a JSON example in the JSONL transcript shape, with expected and why", () => {
    const json = JSON.stringify(
      {
        expected: "fail",
        why: "Refunded twice.",
        task_prompt: "Refund order 7.",
        messages: [
          { role: "user", content: "Refund order 7." },
          { role: "assistant", content: null, tool_calls: [{ name: "issue_refund", arguments: { order: 7 }, result: { ok: true } }] },
        ],
        final_output: "Done.",
      },
      null,
      2,
    );
    const result = parseWrittenExamples(`expected: pass\ntask: t\noutput: o\nwhy: w\n---\n${json}`, binary);
    expect(result.ok).toBe(true);
    const example = result.ok ? result.examples[1]! : null;
    expect(example).toMatchObject({
      where: "Example 2 (line 6)",
      expectedValue: "fail",
      explanation: "Refunded twice.",
      taskPrompt: "Refund order 7.",
      finalOutput: "Done.",
    });
    expect(example!.content.messages[1]).toEqual({
      role: "assistant",
      toolCalls: [{ name: "issue_refund", arguments: { order: 7 }, result: { ok: true } }],
    });
  });

  it("names every problem by example, line and field, and accepts nothing then", () => {
    const text = [
      "expected: maybe",
      "task: Refund.",
      "why: unsure",
      "---",
      "nonsense line",
      "task: x",
      "output: y",
      "why: z",
      "---",
      "result: 4",
      "expected: pass",
      "---",
      '{"expected": "pass", "task_prompt": 3, "why": "w", "colour": "red"}',
      "---",
      '{"expected": "pass",',
    ].join("\n");
    const result = parseWrittenExamples(text, binary);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      'Example 1 (line 1): expected: "maybe" is not a label of this queue; use one of pass, fail.',
      'Example 1 (line 1): write the output ("output: …") or the tool calls ("tool: …").',
      "Example 2 (line 5), line 5: start the line with one of expected:, task:, output:, tool:, result:, why:.",
      'Example 3 (line 10), line 10: a "result:" line goes right under its "tool:" line.',
      "Example 4 (line 13): task_prompt: task_prompt must be text",
      'Example 4 (line 13): unknown field "colour"',
      expect.stringMatching(/^Example 5 \(line 15\): .*JSON.*line 1, column \d+$/),
    ]);
  });

  it("checks the expected label against the queue's values (a graded scale)", () => {
    const ok = parseWrittenExamples("expected: 4\ntask: t\noutput: o\nwhy: w", ["1", "2", "3", "4", "5"]);
    expect(ok.ok && ok.examples[0]!.expectedValue).toBe("4");
    const bad = parseWrittenExamples('{"expected": 7, "task_prompt": "t", "final_output": "o", "why": "w"}', ["1", "2", "3", "4", "5"]);
    expect(!bad.ok && bad.errors).toEqual(['Example 1 (line 1): expected: "7" is not a label of this queue; use one of 1, 2, 3, 4, 5.']);
  });

  it("refuses characters the database cannot store, naming the field", () => {
    const result = parseWrittenExamples("expected: pass\ntask: t\u0000\noutput: o\nwhy: w", binary);
    expect(!result.ok && result.errors).toEqual([expect.stringMatching(/^Example 1 \(line 1\): task: contains a NUL character/)]);
  });

  it("refuses more than 20 examples whole", () => {
    const text = Array.from({ length: 21 }, () => "expected: pass\ntask: t\noutput: o\nwhy: w").join("\n---\n");
    expect(parseWrittenExamples(text, binary)).toEqual({ ok: false, errors: ["At most 20 examples on the form (21 given)."] });
  });

  it("takes an empty text as no examples", () => {
    expect(parseWrittenExamples("\n\n", binary)).toEqual({ ok: true, examples: [] });
  });
});
