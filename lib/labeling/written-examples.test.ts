import { describe, expect, it } from "vitest";
import { parseWrittenExamples } from "./written-examples";

const binary = ["pass", "fail"];

describe("parseWrittenExamples", () => {
  it("reads blocks separated by --- with the expected label, task, output, tool calls and why", () => {
    const text = [
      "expected: fail",
      "task: Refund order 7.",
      "output: I refunded order 7.",
      'tool: issue_refund {"order": 7}',
      'tool: issue_refund {"order": 7}',
      "why: A second refund for the same order.",
      "It was refunded already.",
      "---",
      "expected: pass",
      "task: Refund order 8.",
      "output: Refunded once.",
      "why: One refund, as asked.",
    ].join("\n");
    expect(parseWrittenExamples(text, binary)).toEqual({
      ok: true,
      examples: [
        {
          expectedValue: "fail",
          taskPrompt: "Refund order 7.",
          output: "I refunded order 7.",
          toolCalls: [
            { name: "issue_refund", arguments: '{"order": 7}' },
            { name: "issue_refund", arguments: '{"order": 7}' },
          ],
          explanation: "A second refund for the same order.\nIt was refunded already.",
        },
        {
          expectedValue: "pass",
          taskPrompt: "Refund order 8.",
          output: "Refunded once.",
          toolCalls: [],
          explanation: "One refund, as asked.",
        },
      ],
    });
  });

  it("names every problem by example and line, and accepts nothing then", () => {
    const text = ["expected: maybe", "task: Refund.", "why: unsure", "---", "nonsense line", "task: x", "output: y", "why: z"].join("\n");
    const result = parseWrittenExamples(text, binary);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      'Example 1 (line 1): "maybe" is not a label of this queue; use one of pass, fail.',
      'Example 1 (line 1): write the output ("output: …") or the tool calls ("tool: …").',
      "Example 2 (line 5), line 5: start the line with one of expected:, task:, output:, tool:, why:.",
      'Example 2 (line 5): give the expected label ("expected: pass").',
    ]);
  });

  it("takes an empty text as no examples", () => {
    expect(parseWrittenExamples("\n\n", binary)).toEqual({ ok: true, examples: [] });
  });
});
