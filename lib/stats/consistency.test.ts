import { describe, expect, it } from "vitest";
import { flipRate, positionConsistency } from "./consistency";

describe("positionConsistency", () => {
  it("counts items whose winner survives the swap", () => {
    expect(positionConsistency(["A", "B", "A", "tie"], ["A", "A", "A", "tie"])).toEqual({ n: 4, consistent: 3, rate: 0.75, excluded: 0 });
  });

  it("leaves out, and counts, items where either verdict is missing", () => {
    expect(positionConsistency(["A", null, "B"], ["A", "A", null])).toEqual({ n: 1, consistent: 1, rate: 1, excluded: 2 });
  });

  it("is undefined when no item has both verdicts", () => {
    expect(positionConsistency([null], ["A"]).rate).toBeNull();
  });

  it("throws on unequal lengths", () => {
    expect(() => positionConsistency(["A"], [])).toThrow(/same items: got 1 and 0/);
  });
});

describe("flipRate", () => {
  it("counts items whose non-null verdicts disagree", () => {
    expect(
      flipRate([
        ["pass", "pass", "pass"],
        ["pass", "fail", "pass"],
        ["fail", null, "fail"],
      ]),
    ).toEqual({
      items: 3,
      flipped: 1,
      rate: 1 / 3,
      excluded: 0,
    });
  });

  it("leaves out items with fewer than two non-null verdicts", () => {
    expect(flipRate([["pass", null, null], [], ["pass", "fail"]])).toEqual({ items: 1, flipped: 1, rate: 1, excluded: 2 });
  });

  it("is undefined when no item has two verdicts", () => {
    expect(flipRate([[null, "pass"]]).rate).toBeNull();
  });
});
