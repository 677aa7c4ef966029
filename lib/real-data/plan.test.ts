import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hannaMiniCsv } from "./fixtures/hanna-mini";
import { parseHanna } from "./hanna";
import { planHanna } from "./hanna-plan";
import { parseLlmbar } from "./llmbar";
import { planLlmbar } from "./llmbar-plan";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");

describe("planLlmbar", () => {
  const result = fixture("llmbar-mini-result.json");
  const plan = planLlmbar(
    parseLlmbar(
      new Map([
        ["Mini/dataset.json", fixture("llmbar-mini-dataset.json")],
        ["Mini/evaluators/GPT-4/Vanilla_NoRules/result.json", result],
        ["Mini/evaluators/ChatGPT/Vanilla_NoRules/result.json", result],
      ]),
    ),
  );

  it("makes one pairwise label set with gold A/B and one version per model, ChatGPT before its upgrade GPT-4", () => {
    expect(plan.labelSets).toHaveLength(1);
    expect(plan.labelSets[0]!.gold.map((g) => g.value)).toEqual(["A", "B", "A"]);
    expect(plan.items[1]!.content.outputs).toEqual({ a: "1", b: "1 2" });
    expect(plan.versions.map((v) => [v.judge.name, v.spec.model, v.spec.provider, v.parent])).toEqual([
      ["llmbar-vanilla-norules", "ChatGPT", "replay", null],
      ["llmbar-vanilla-norules", "GPT-4", "replay", 0],
    ]);
  });

  it("records both orders of every item, a null winner as an error with its completion", () => {
    expect(plan.verdicts).toHaveLength(12);
    const error = plan.verdicts.find((v) => v.status === "error")!;
    expect(error).toMatchObject({ order: "original", value: null, reason: "I cannot tell" });
    expect(plan.verdicts.filter((v) => v.version === 1 && v.item === 1).map((v) => [v.order, v.value])).toEqual([
      ["original", "A"],
      ["swapped", "B"],
    ]);
  });
});

describe("planHanna", () => {
  const plan = planHanna(parseHanna(hannaMiniCsv()));
  it("makes one graded set per criterion with the mean as gold and three labels per item", () => {
    expect(plan.labelSets.map((s) => s.name)).toEqual([
      "HANNA Relevance",
      "HANNA Coherence",
      "HANNA Empathy",
      "HANNA Surprise",
      "HANNA Engagement",
      "HANNA Complexity",
    ]);
    expect(plan.labelSets[1]!.gold[0]).toEqual({ value: "3", score: 3 });
    expect(plan.labels.filter((l) => l.labelSet === 1 && l.item === plan.labelSets[1]!.items[0]).map((l) => l.value)).toEqual([
      "2",
      "3",
      "4",
    ]);
    expect(plan.items[0]).toMatchObject({ kind: "graded", criterion: "Relevance", externalId: "story-96/Relevance" });
  });

  it("turns a rating outside 1–5 into an error verdict, never a rating", () => {
    const errors = plan.verdicts.filter((v) => v.status === "error");
    expect(errors).toHaveLength(6);
    expect(errors[0]).toMatchObject({ value: null, rawResponse: "-1" });
  });
});
