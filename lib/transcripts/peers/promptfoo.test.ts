import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePromptfoo } from "./promptfoo";

/** Written by the real promptfoo 0.120.8 (scripts/peer-fixtures). */
const fixture = readFileSync(path.join(import.meta.dirname, "../fixtures/peers/promptfoo-results.json"), "utf8");

describe("promptfoo results.json", () => {
  it("makes each result a transcript and its assertion outcome a verdict; an errored result is left out and counted", () => {
    const result = parsePromptfoo(fixture);
    if (!result.ok) throw new Error(result.errors.join("\n"));
    expect(result.items).toHaveLength(3);
    const [within, outside, tool] = result.items.map((i) => i);
    expect(within!.transcript).toMatchObject({
      source: "promptfoo",
      externalId: expect.stringMatching(/^eval-\S+ · refund within the policy · support-bot$/),
      taskPrompt: "My headphones arrived broken 3 days ago. Can I get a refund?",
      finalOutput: "I'm sorry about the headphones. I've started a full refund of 59.90; it reaches your card within 5 business days.",
      rubric: "Offers a refund and says when the money arrives.",
      content: { expected: "icontains: refund\nllm-rubric: Offers a refund and says when the money arrives." },
    });
    expect(within!.transcript.content.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(within!.verdicts).toEqual([{ judge: "promptfoo", value: "pass", score: 1, reason: "All assertions passed" }]);
    expect(outside!.verdicts).toEqual([
      { judge: "promptfoo", value: "fail", score: 0.5, reason: 'Expected output to not contain "full refund"' },
    ]);
    expect(tool!.transcript.content.messages[2]).toEqual({
      role: "assistant",
      toolCalls: [{ id: "call_Pz81kQ", name: "get_order", arguments: { order_id: "A1002" } }],
    });
    expect(result.notes).toEqual([
      expect.stringMatching(/^3 results of promptfoo eval eval-/),
      "1 result skipped: errored (the provider failed), so there is no output to label and no verdict",
    ]);
  });

  it("names the result and field at fault", () => {
    const doc = JSON.parse(fixture);
    delete doc.results.results[1].prompt;
    doc.results.results[2].success = "yes";
    const result = parsePromptfoo(JSON.stringify(doc));
    expect(result).toEqual({
      ok: false,
      errors: [
        "results.results[1]: prompt: a result needs its prompt ({raw, label})",
        "results.results[2]: success: a result says whether it passed (success)",
      ],
    });
    expect(parsePromptfoo('{"evalId": "x"}')).toEqual({ ok: false, errors: [expect.stringMatching(/^not a promptfoo results file/)] });
  });
});
