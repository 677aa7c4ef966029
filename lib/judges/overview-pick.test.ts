import { describe, expect, it } from "vitest";
import { isDatasetJudge, pickShownVersion } from "./overview-pick";

describe("pickShownVersion", () => {
  it("shows the gating version, else the best calibrated, else the newest", () => {
    expect(
      pickShownVersion([
        { version: 1, state: "gating", kappa: 0.7 },
        { version: 2, state: "shadow", kappa: 0.9 },
      ])?.version,
    ).toBe(1);
    // LLMBar: GPT-4 (v1) is better than PaLM 2 (v2, newest): the list leads with GPT-4.
    expect(
      pickShownVersion([
        { version: 1, state: "shadow", kappa: 0.62 },
        { version: 2, state: "shadow", kappa: 0.21 },
        { version: 3, state: "shadow", kappa: null },
      ])?.version,
    ).toBe(1);
    expect(
      pickShownVersion([
        { version: 1, state: "shadow", kappa: null },
        { version: 2, state: "revoked", kappa: null },
      ])?.version,
    ).toBe(2);
    expect(pickShownVersion([])).toBeNull();
  });

  it("knows the judges the published data sets bring", () => {
    expect(isDatasetJudge("llmbar-vanilla-norules")).toBe(true);
    expect(isDatasetJudge("hanna-chatgpt")).toBe(true);
    expect(isDatasetJudge("refund-judge")).toBe(false);
  });
});
