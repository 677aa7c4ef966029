import { describe, expect, it } from "vitest";
import { workbenchDraftInput } from "./workbench";

const form = { versionId: "v", queueId: "q", promptTemplate: "a\r\nb\rc\nd", temperature: "0", maxTokens: "512", seed: "" };

describe("workbenchDraftInput", () => {
  it("reads a browser's CRLF prompt as LF, an empty seed as none and one ticked example as a list", () => {
    expect(workbenchDraftInput.parse({ ...form, examples: "t1" })).toMatchObject({
      promptTemplate: "a\nb\nc\nd",
      seed: null,
      examples: ["t1"],
      subset: "all",
    });
    expect(workbenchDraftInput.parse(form).examples).toEqual([]);
  });

  it("names the field of a bad value", () => {
    const result = workbenchDraftInput.safeParse({ ...form, temperature: "3", promptTemplate: "" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["promptTemplate", "Write the prompt template."],
      ["temperature", "Temperature must be between 0 and 2."],
    ]);
  });
});
