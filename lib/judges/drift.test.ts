import { describe, expect, it } from "vitest";
import { flippedItems } from "./drift";

const v = (transcriptId: string, value: string | null, status = "ok", order = "original", repeat = 0) => ({
  transcriptId,
  value,
  status,
  order,
  repeat,
});

describe("flippedItems", () => {
  it("lists items whose first original-order verdict changed, and which side the gold label agrees with", () => {
    const gold = [
      { transcriptId: "a", value: "pass" },
      { transcriptId: "b", value: "fail" },
      { transcriptId: "c", value: "fail" },
      { transcriptId: "d", value: "pass" },
      { transcriptId: "e", value: "pass" },
    ];
    const before = [v("a", "pass"), v("b", "pass"), v("c", "fail"), v("d", "pass"), v("e", "fail"), v("a", "fail", "ok", "original", 1)];
    const after = [v("a", "pass"), v("b", "fail"), v("c", "pass"), v("d", null, "error")];
    expect(flippedItems(gold, before, after)).toEqual([
      { transcriptId: "b", gold: "fail", before: "pass", after: "fail", agreesWithGold: "new" },
      { transcriptId: "c", gold: "fail", before: "fail", after: "pass", agreesWithGold: "old" },
      { transcriptId: "d", gold: "pass", before: "pass", after: "error", agreesWithGold: "old" },
      { transcriptId: "e", gold: "pass", before: "fail", after: "not judged", agreesWithGold: "neither" },
    ]);
  });
});
