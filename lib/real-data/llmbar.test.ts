import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatasetError } from "./issues";
import { parseLlmbar, parseUpstreamCount } from "./llmbar";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const files = (overrides: Record<string, string> = {}) =>
  new Map(
    Object.entries({
      "Mini/dataset.json": fixture("llmbar-mini-dataset.json"),
      "Mini/evaluators/GPT-4/Vanilla_NoRules/result.json": fixture("llmbar-mini-result.json"),
      ...overrides,
    }),
  );

function issuesOf(input: Map<string, string>): string {
  try {
    parseLlmbar(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetError);
    return (error as Error).message;
  }
  throw new Error("expected a DatasetError");
}

describe("parseLlmbar", () => {
  it("reads items, gold labels given as numbers or strings, and both orders of every judge", () => {
    const [subset] = parseLlmbar(files());
    expect(subset!.name).toBe("Mini");
    expect(subset!.items.map((i) => i.gold)).toEqual(["A", "B", "A"]);
    const [evaluator] = subset!.evaluators;
    expect(evaluator).toMatchObject({ judge: "GPT-4", strategy: "Vanilla_NoRules" });
    expect(evaluator!.answers[0]).toEqual({
      original: { winner: "A", completion: "Output (a)", steps: [] },
      swapped: { winner: "A", completion: "Output (b)", steps: [] },
    });
    expect(evaluator!.answers[1]!.swapped.winner).toBe("B");
  });

  it("keeps an unparseable verdict as a null winner with its raw completion", () => {
    const answer = parseLlmbar(files())[0]!.evaluators[0]!.answers[2]!;
    expect(answer.original).toEqual({ winner: null, completion: "I cannot tell", steps: [] });
  });

  it("names the file, the item and the field of every problem", () => {
    const data = JSON.parse(fixture("llmbar-mini-dataset.json"));
    data[1].label = 3;
    delete data[2].output_2;
    const message = issuesOf(files({ "Mini/dataset.json": JSON.stringify(data) }));
    expect(message).toContain("Mini/dataset.json, item 1, field label: label must be 1 or 2");
    expect(message).toContain("Mini/dataset.json, item 2, field output_2: output_2 must be a string");
  });

  it("refuses a result file whose verdicts are malformed or whose items are not dataset.json's", () => {
    const results = JSON.parse(fixture("llmbar-mini-result.json"));
    results[0].results[0]["swap = True"].winner = "3";
    results[2].input = "Something else";
    const message = issuesOf(files({ "Mini/evaluators/GPT-4/Vanilla_NoRules/result.json": JSON.stringify(results) }));
    expect(message).toContain(
      'Mini/evaluators/GPT-4/Vanilla_NoRules/result.json, item 0, field results[0].swap = True.winner: winner must be "1", "2" or null',
    );
    expect(message).toContain("item 2, field input: does not match the same item of dataset.json");
  });

  it("refuses malformed JSON, a missing subset file and a result file of the wrong length", () => {
    expect(issuesOf(files({ "Mini/dataset.json": "[{" }))).toMatch(/^Mini\/dataset\.json: not valid JSON/);
    expect(issuesOf(new Map())).toContain("no dataset.json found");
    const short = JSON.stringify(JSON.parse(fixture("llmbar-mini-result.json")).slice(0, 2));
    expect(issuesOf(files({ "Mini/evaluators/GPT-4/Vanilla_NoRules/result.json": short }))).toContain("has 2 items, dataset.json has 3");
  });

  it("reads statistics.json's accuracy text", () => {
    expect(parseUpstreamCount("159 / 200 = 79.5%")).toEqual({ correct: 159, total: 200 });
    expect(parseUpstreamCount("81.0%")).toBeNull();
  });
});
