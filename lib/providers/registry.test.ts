import { describe, expect, it } from "vitest";
import { isRecordedProvider, JUDGE_PROVIDER_NAMES, providerList } from "./registry";

describe("the judge provider registry", () => {
  it("lists the providers in order, in the words the forms and schemas use", () => {
    expect(JUDGE_PROVIDER_NAMES).toEqual(["openai", "anthropic", "replay"]);
    expect(providerList()).toBe("openai, anthropic or replay");
    expect(providerList(true)).toBe("openai (any OpenAI-compatible server), anthropic or replay");
  });

  it("knows which provider answers from recordings only", () => {
    expect(JUDGE_PROVIDER_NAMES.filter(isRecordedProvider)).toEqual(["replay"]);
    expect(isRecordedProvider("toString")).toBe(false);
  });
});
