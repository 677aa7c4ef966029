import { describe, expect, it } from "vitest";
import { applyScoreMapping, mappingFromFlags, parsePassWhen, parseScoreMapFile, passes } from "./score-mapping";
import type { ImportItem } from "./types";

const item = (id: string, scores: ImportItem["scores"]): ImportItem => ({
  where: `trace ${id}`,
  transcript: { source: "langfuse", externalId: id, kind: "binary", taskPrompt: "t", content: { messages: [] } },
  verdicts: [],
  scores,
});

describe("score mapping", () => {
  it("reads conditions, and says what is wrong with one", () => {
    expect(parsePassWhen(">=0.5")).toEqual({ op: ">=", number: 0.5 });
    expect(parsePassWhen(" <= 0 ")).toEqual({ op: "<=", number: 0 });
    expect(parsePassWhen("==C")).toEqual({ op: "==", text: "C" });
    expect(parsePassWhen("= '1'")).toEqual({ op: "==", text: "1" });
    expect(parsePassWhen("in [C, 'P']")).toEqual({ op: "in", texts: ["C", "P"] });
    expect(parsePassWhen("> high")).toMatch(/> needs a number/);
    expect(parsePassWhen("0.5")).toMatch(/is not a condition/);
  });

  it("polarity: toxicity 0 passes when lower is better, correctness 0 fails when higher is better", () => {
    const items = [
      item("a", [
        { name: "toxicity", value: 0 },
        { name: "correctness", value: 0 },
      ]),
      item("b", [{ name: "toxicity", value: 1 }]),
    ];
    const lower = parseScoreMapFile("scores:\n  - score: toxicity\n    threshold: 0.2\n    polarity: lower\n");
    if ("errors" in lower) throw new Error(lower.errors.join());
    const mapped = applyScoreMapping(items, lower);
    if (!mapped.ok) throw new Error(mapped.errors.join());
    expect(mapped.items.map((i) => i.verdicts.map((v) => [v.judge, v.value]))).toEqual([
      [["langfuse-toxicity", "pass"]],
      [["langfuse-toxicity", "fail"]],
    ]);
    const higher = mappingFromFlags("correctness", ">=0.5", "correct");
    if (typeof higher === "string" || !higher) throw new Error(String(higher));
    const byFlags = applyScoreMapping(items, higher);
    if (!byFlags.ok) throw new Error(byFlags.errors.join());
    expect(byFlags.items[0]!.verdicts).toEqual([
      { judge: "correct", value: "fail", score: 0, reason: "correctness = 0 (passes when >= 0.5)" },
    ]);
    expect(byFlags.summary).toEqual([
      { score: "correctness", judge: "correct", condition: ">= 0.5", pass: 0, fail: 1, incomparable: 0, missing: 1 },
    ]);
  });

  it("without a mapping nothing is a verdict; a mapping naming no score of the file is refused", () => {
    const items = [item("a", [{ name: "helpfulness", value: 1 }])];
    expect(items[0]!.verdicts).toEqual([]);
    const wrong = applyScoreMapping(items, { rules: [{ score: "Helpfulness", passWhen: { op: ">=", number: 1 } }] });
    expect(wrong).toEqual({ ok: false, errors: ['no transcript has a score named "Helpfulness" (the file\'s scores: helpfulness)'] });
  });

  it("compares booleans and categories; text against a number is no verdict", () => {
    expect(passes(true, { op: ">=", number: 1 })).toBe(true);
    expect(passes("C", { op: "in", texts: ["C"] })).toBe(true);
    expect(passes("I", { op: "==", text: "C" })).toBe(false);
    expect(passes("P", { op: ">=", number: 0.5 })).toBeNull();
    expect(passes("0.75", { op: ">=", number: 0.5 })).toBe(true);
  });

  it("names every problem in a mapping file", () => {
    expect(
      parseScoreMapFile(
        "scores:\n  - score: a\n  - threshold: 1\n  - score: c\n    threshold: 0.5\n    polarity: up\n  - score: a\n    pass_when: '>=1'\n",
      ),
    ).toEqual({
      errors: [
        'scores[0] (a): say when it passes: pass_when: ">=0.5", or threshold with polarity, or pass_values: [...]',
        "scores[1]: score: name the score (as the file gives it)",
        'scores[2] (c): polarity must be "higher" (higher is better) or "lower" (lower is better, e.g. toxicity)',
      ],
    });
    expect(parseScoreMapFile("scores: [")).toEqual({ errors: [expect.stringMatching(/^not valid YAML/)] });
  });
});
