import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePromptfoo } from "./promptfoo";

/** Written by the real promptfoo 0.120.8 (scripts/peer-fixtures). */
const fixture = readFileSync(path.join(import.meta.dirname, "../fixtures/peers/promptfoo-results.json"), "utf8");

describe("promptfoo results.json", () => {
  it("makes each result a transcript and its assertion outcomes scores; an errored result is skipped with why", () => {
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
    // No verdict without a mapping: each assertion is a score of its own, the overall outcome too.
    expect(within!.verdicts).toEqual([]);
    expect(within!.scores!.map((s) => [s.name, s.value])).toEqual([
      ["icontains", true],
      ["llm-rubric", true],
      ["promptfoo", true],
    ]);
    expect(outside!.scores!.at(-1)).toEqual({
      name: "promptfoo",
      value: false,
      comment: 'Expected output to not contain "full refund"',
      source: "promptfoo",
    });
    expect(tool!.transcript.content.messages[2]).toEqual({
      role: "assistant",
      toolCalls: [{ id: "call_Pz81kQ", name: "get_order", arguments: { order_id: "A1002" } }],
    });
    expect(result.notes).toEqual([
      expect.stringMatching(/^3 results of promptfoo eval eval-/),
      expect.stringMatching(/^assertion outcomes kept as scores, not verdicts/),
    ]);
    expect(result.skipped).toEqual([
      { where: expect.stringMatching(/^results\.results\[\d\]/), why: expect.stringMatching(/^errored \(/) },
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
