import { describe, expect, it } from "vitest";
import type { ExtraDimension } from "../schemas/dimensions";
import { dimensionSummary, dimensionSummaryText } from "./dimension-summary";

const dims: ExtraDimension[] = [
  { name: "failure reason", type: "categorical", values: ["hallucination", "wrong tool"], multi: false },
  { name: "tags", type: "categorical", values: ["slow", "rude"], multi: true },
  { name: "tone", type: "numeric", min: 1, max: 5 },
];

describe("dimensionSummary", () => {
  it("gives every dimension of the queue a line, in order, blank ones as null", () => {
    const lines = dimensionSummary(dims, { tone: 4, "failure reason": "hallucination", tags: [] });
    expect(lines).toEqual([
      { name: "failure reason", value: "hallucination" },
      { name: "tags", value: null },
      { name: "tone", value: "4" },
    ]);
    expect(dimensionSummaryText(lines)).toBe("failure reason: hallucination · tags: — · tone: 4");
  });

  it("joins a multi-select and keeps a value of a dimension the queue no longer has", () => {
    expect(dimensionSummary(dims.slice(1, 2), { tags: ["rude", "slow"], old: "x" })).toEqual([
      { name: "tags", value: "rude, slow" },
      { name: "old", value: "x" },
    ]);
  });

  it("reads nothing from a label without dimensions", () => {
    expect(dimensionSummary([], null)).toEqual([]);
    expect(dimensionSummary(dims.slice(0, 1), "junk")).toEqual([{ name: "failure reason", value: null }]);
    expect(dimensionSummaryText([])).toBe("");
  });
});
