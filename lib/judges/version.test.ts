import { describe, expect, it } from "vitest";
import { judgeVersionHash, judgeVersionSpec, type JudgeVersionSpec } from "./version";

const base: JudgeVersionSpec = judgeVersionSpec.parse({
  provider: "openai",
  model: "gpt-4o-2024-08-06",
  promptTemplate: "Does this output {{output}} satisfy {{rubric}}? Answer PASS or FAIL.",
  parser: "pass_fail",
});

describe("judgeVersionHash", () => {
  it("is stable for the same spec", () => {
    expect(judgeVersionHash(base)).toBe(judgeVersionHash(judgeVersionSpec.parse({ ...base })));
  });

  it("changes when any part changes", () => {
    const variants: JudgeVersionSpec[] = [
      { ...base, model: "gpt-4o-2024-11-20" },
      { ...base, provider: "anthropic" },
      { ...base, promptTemplate: `${base.promptTemplate} ` },
      { ...base, parser: "score_1_5" },
      { ...base, baseUrl: "http://127.0.0.1:11434/v1" },
      { ...base, params: { ...base.params, temperature: 0.2 } },
      { ...base, params: { ...base.params, seed: 7 } },
      { ...base, params: { ...base.params, maxTokens: 64 } },
    ];
    const hashes = new Set([judgeVersionHash(base), ...variants.map(judgeVersionHash)]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it("rejects an incomplete spec with a message naming the field", () => {
    const result = judgeVersionSpec.safeParse({ provider: "openai", model: "", promptTemplate: "x", parser: "pass_fail" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["model"], message: expect.stringContaining("pinned model") });
  });
});
