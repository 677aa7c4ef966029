import { describe, expect, it } from "vitest";
import { exampleInput, readExamples, renderExamples, type JudgeExample } from "./examples";
import { buildRequest, type JudgeVersionLike } from "./request";
import { judgeVersionHash, judgeVersionSpec } from "./version";

const example: JudgeExample = {
  transcriptId: "t1",
  input: exampleInput({ taskPrompt: "Refund order 7", output: "I refunded it to a gift card." }),
  label: "fail",
  reason: "Refunds go to the original payment method.",
};

const version = (examples: unknown, promptTemplate = "Grade {{output}}. PASS or FAIL?"): JudgeVersionLike => ({
  id: "v",
  hash: "h",
  provider: "openai",
  model: "m",
  baseUrl: null,
  promptTemplate,
  params: {},
  parser: "pass_fail",
  examples,
});

const text = (v: JudgeVersionLike) => buildRequest(v, { taskPrompt: "Refund order 9", output: "Done." }).messages[0]!.content;

describe("worked examples", () => {
  it("are part of the version's identity, and none and an empty list are the same version", () => {
    const spec = judgeVersionSpec.parse({ provider: "openai", model: "m", promptTemplate: "Grade {{output}}", parser: "pass_fail" });
    const plain = judgeVersionHash(spec);
    expect(judgeVersionHash({ ...spec, examples: [] })).toBe(plain);
    const withOne = judgeVersionHash({ ...spec, examples: [example] });
    expect(withOne).not.toBe(plain);
    expect(judgeVersionHash({ ...spec, examples: [{ ...example, reason: "Another reason." }] })).not.toBe(withOne);
    expect(judgeVersionHash({ ...spec, examples: [{ ...example, label: "pass" }] })).not.toBe(withOne);
  });

  it("go before the prompt when the template does not place them, with the human verdict and reason", () => {
    expect(text(version(null))).toBe("Grade Done.. PASS or FAIL?");
    const prompt = text(version([example]));
    expect(prompt).toBe(
      "Worked examples, graded by people:\n\nExample 1\nTask: Refund order 7\nOutput: I refunded it to a gift card.\nVerdict: FAIL\nWhy: Refunds go to the original payment method.\n\nGrade Done.. PASS or FAIL?",
    );
  });

  it("go where the template puts {{examples}}", () => {
    const prompt = text(version([example], "Grade {{output}}.\n{{examples}}\nPASS or FAIL?"));
    expect(prompt.startsWith("Grade Done..\nWorked examples")).toBe(true);
    expect(prompt.endsWith("Why: Refunds go to the original payment method.\nPASS or FAIL?")).toBe(true);
  });

  it("reads a stored column leniently: null or a malformed value is none, and renders nothing for none", () => {
    expect(readExamples(null)).toEqual([]);
    expect(readExamples([{ bogus: 1 }])).toEqual([]);
    expect(readExamples([example])).toEqual([example]);
    expect(renderExamples([])).toBe("");
  });
});
