import { describe, expect, it } from "vitest";
import { driftSummary, flippedItems } from "./drift";

const v = (transcriptId: string, value: string | null, status = "ok", order = "original", repeat = 0) => ({
  transcriptId,
  value,
  status,
  order,
  repeat,
});

const gold = [
  { transcriptId: "a", value: "pass" },
  { transcriptId: "b", value: "fail" },
  { transcriptId: "c", value: "fail" },
  { transcriptId: "d", value: "pass" },
  { transcriptId: "e", value: "pass" },
];

describe("flippedItems", () => {
  it("lists items both versions answered whose first original-order verdict changed, and which side the gold label agrees with", () => {
    const before = [v("a", "pass"), v("b", "pass"), v("c", "fail"), v("d", "pass"), v("e", "fail"), v("a", "fail", "ok", "original", 1)];
    const after = [v("a", "pass"), v("b", "fail"), v("c", "pass"), v("d", null, "error")];
    expect(flippedItems(gold, before, after)).toEqual([
      { transcriptId: "b", gold: "fail", before: "pass", after: "fail", agreesWithGold: "new" },
      { transcriptId: "c", gold: "fail", before: "fail", after: "pass", agreesWithGold: "old" },
    ]);
  });

  it("counts no flips before the new version has judged anything", () => {
    const before = gold.map((g) => v(g.transcriptId, g.value === "pass" ? "fail" : "pass"));
    expect(flippedItems(gold, before, [])).toEqual([]);
    expect(driftSummary(gold, before, [])).toMatchObject({
      compared: 0,
      flipped: 0,
      notCompared: { total: 5, oldUnanswered: 0, newUnanswered: 5 },
      mcnemar: null,
    });
  });
});

describe("driftSummary", () => {
  it("nets fixed against broken with McNemar's exact test, leaving unanswered items out", () => {
    const before = [v("a", "fail"), v("b", "pass"), v("c", "fail"), v("d", "fail"), v("e", "pass")];
    const after = [v("a", "pass"), v("b", "fail"), v("c", "pass"), v("d", "pass"), v("e", null, "skipped")];
    const s = driftSummary(gold, before, after);
    expect(s).toMatchObject({ gold: 5, compared: 4, flipped: 4, fixed: 3, broken: 1, unchanged: 0, changedStillWrong: 0 });
    expect(s.notCompared).toEqual({ total: 1, oldUnanswered: 0, newUnanswered: 1 });
    // 1 of 4 discordant items the other way: 2 · P(X ≤ 1 | n = 4) = 2 · 5/16.
    expect(s.mcnemar!.pValue).toBeCloseTo(0.625, 12);
  });

  it("counts a graded item whose score changed but stayed wrong apart from fixed and broken", () => {
    const s = driftSummary([{ transcriptId: "g", value: "5" }], [v("g", "3")], [v("g", "4")]);
    expect(s).toMatchObject({ flipped: 1, fixed: 0, broken: 0, changedStillWrong: 1, mcnemar: null });
  });
});
