import { describe, expect, it } from "vitest";
import { backingText, barAboveCeiling, humanBacking } from "./human-backing";

describe("humanBacking", () => {
  it("counts an item as backed by two distinct reviewers or an adjudication, never by one reviewer", () => {
    const b = humanBacking([
      { transcriptId: "a", source: "consensus", reviewers: 2 },
      { transcriptId: "b", source: "adjudication", reviewers: 1 },
      { transcriptId: "c", source: "consensus", reviewers: 1 },
      { transcriptId: "d", source: "import", reviewers: 0 },
    ]);
    expect(b).toEqual({ items: 4, backed: 2, singleReviewer: 1, noLabels: 1 });
    expect(backingText(b)).toBe("2 of 4 gold items have that; 1 rests on one reviewer, 1 has no human label in Gavel");
  });

  it("warns only when the bar is above a known ceiling", () => {
    expect(barAboveCeiling(0.6, 0.596)).toBe(true);
    expect(barAboveCeiling(0.6, 0.6)).toBe(false);
    expect(barAboveCeiling(0.6, null)).toBe(false);
  });
});
