import { describe, expect, it } from "vitest";
import { createJudgeInput, gatePolicyForm, runJudgeInput, specFromFields } from "./judges";

const form = {
  name: "refund-correctness",
  provider: "openai",
  model: "gpt-4o-2024-08-06",
  baseUrl: "",
  promptTemplate: "Grade {{output}} against {{rubric}}.",
  parser: "pass_fail",
  temperature: "0",
  maxTokens: "256",
  seed: "",
};

describe("judge forms", () => {
  it("turns form strings into a version spec", () => {
    const parsed = createJudgeInput.parse(form);
    expect(specFromFields(parsed)).toEqual({
      provider: "openai",
      model: "gpt-4o-2024-08-06",
      baseUrl: null,
      promptTemplate: "Grade {{output}} against {{rubric}}.",
      params: { temperature: 0, maxTokens: 256, seed: null },
      parser: "pass_fail",
    });
    expect(specFromFields(createJudgeInput.parse({ ...form, provider: "replay", baseUrl: "http://127.0.0.1:1/v1" })).baseUrl).toBeNull();
  });

  it("stores a key variable's name and structured output only when set, so untouched versions keep their hash", () => {
    const parsed = createJudgeInput.parse({ ...form, structuredOutput: "on", apiKeyEnv: "GROQ_API_KEY" });
    expect(specFromFields(parsed).params).toEqual({
      temperature: 0,
      maxTokens: 256,
      seed: null,
      structuredOutput: true,
      apiKeyEnv: "GROQ_API_KEY",
    });
    expect(specFromFields(createJudgeInput.parse({ ...form, apiKeyEnv: " " })).params).toEqual({
      temperature: 0,
      maxTokens: 256,
      seed: null,
    });
    const bad = createJudgeInput.safeParse({ ...form, apiKeyEnv: "DATABASE_URL" });
    expect(bad.error!.issues).toEqual([
      expect.objectContaining({ path: ["apiKeyEnv"], message: expect.stringContaining("ending in _API_KEY") }),
    ]);
  });

  it("names every bad field, the template's problems included", () => {
    const result = createJudgeInput.safeParse({
      ...form,
      name: "Refund Judge",
      baseUrl: "not a url",
      temperature: "3",
      promptTemplate: "Grade {{answer}}.",
    });
    const issues: Record<string, string[]> = {};
    for (const issue of result.error!.issues) (issues[issue.path.join(".")] ??= []).push(issue.message);
    expect(issues).toEqual({
      name: [expect.stringContaining("lowercase")],
      baseUrl: [expect.stringContaining("must be a URL")],
      temperature: ["Temperature must be between 0 and 2."],
      promptTemplate: [expect.stringContaining("Unknown variable {{answer}}"), expect.stringContaining("add {{output}} or {{transcript}}")],
    });
  });

  it("bounds repeats and reads the both-orders checkbox", () => {
    expect(runJudgeInput.parse({ versionId: "v", queueId: "q", split: "test", repeats: "3", bothOrders: "on" })).toMatchObject({
      repeats: 3,
      bothOrders: true,
    });
    expect(runJudgeInput.safeParse({ versionId: "v", queueId: "q", split: "test", repeats: "9" }).error?.issues[0]?.message).toBe(
      "Repeats must be from 1 to 5.",
    );
  });

  it("reads the gate policy form: empty optional rules are off, the checkbox is a boolean", () => {
    expect(
      gatePolicyForm.parse({
        minKappa: "0.7",
        minItems: "50",
        minPerClass: "15",
        minTpr: "",
        minTnr: "0.8",
        maxFlipRate: "",
        useKappaLowerBound: "on",
      }),
    ).toEqual({
      minKappa: 0.7,
      minItems: 50,
      minPerClass: 15,
      useKappaLowerBound: true,
      // An unticked box is not sent: the form reads it as off (the stored policy's default is on).
      requireTwoHumans: false,
      minTpr: null,
      minTnr: 0.8,
      maxFlipRate: null,
      graceDays: 7,
      canaryItems: 20,
      canaryCacheHours: 24,
      canaryMaxFlipRate: 0.2,
    });
    expect(
      gatePolicyForm.parse({
        minKappa: "0.6",
        minItems: "30",
        minPerClass: "10",
        graceDays: "3",
        canaryItems: "0",
        canaryCacheHours: "12",
        canaryMaxFlipRate: "0.1",
      }),
    ).toMatchObject({
      graceDays: 3,
      canaryItems: 0,
      canaryCacheHours: 12,
      canaryMaxFlipRate: 0.1,
    });
    expect(
      gatePolicyForm.safeParse({ minKappa: "0.6", minItems: "30", minPerClass: "10", graceDays: "-1" }).error?.issues[0]?.message,
    ).toBe("graceDays must be 0 or more");
    const bad = gatePolicyForm.safeParse({ minKappa: "1.5", minItems: "10", minPerClass: "0" });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["minKappa", "minPerClass"]);
  });
});
