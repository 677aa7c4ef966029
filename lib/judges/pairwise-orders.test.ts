import { describe, expect, it } from "vitest";
import { accuracyByOrder } from "./pairwise-orders";

const v = (transcriptId: string, order: string, value: string | null) => ({
  transcriptId,
  order,
  repeat: 0,
  status: value === null ? "error" : "ok",
  value,
});

describe("accuracyByOrder", () => {
  it("counts an error as wrong in the accuracy and leaves it out of the answered accuracy", () => {
    const gold = [
      { transcriptId: "1", value: "A" },
      { transcriptId: "2", value: "B" },
      { transcriptId: "3", value: "A" },
      { transcriptId: "4", value: "B" },
    ];
    const result = accuracyByOrder(gold, [
      v("1", "original", "A"),
      v("2", "original", "A"),
      v("3", "original", null),
      v("4", "original", "B"),
      v("1", "swapped", "A"),
      v("2", "swapped", "B"),
    ]);
    expect(result.original).toEqual({ total: 4, correct: 2, errors: 1, accuracy: 0.5, answeredAccuracy: 2 / 3 });
    // Items never judged in the swapped order are errors there too: nothing is dropped silently.
    expect(result.swapped).toEqual({ total: 4, correct: 2, errors: 2, accuracy: 0.5, answeredAccuracy: 1 });
  });

  it("is undefined without items", () => {
    expect(accuracyByOrder([], []).original.accuracy).toBeNull();
  });
});
