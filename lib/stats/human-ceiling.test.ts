import { describe, expect, it } from "vitest";
import { spearmanRho } from "./correlation";
import { ceilingCategories, humanCeiling, leaveOneOutRho } from "./human-ceiling";

describe("leaveOneOutRho", () => {
  it("averages each rater's ρ against the mean of the others", () => {
    const ratings = [
      [1, 2, 1],
      [2, 2, 3],
      [3, 4, 3],
      [5, 4, 4],
      [4, 5, 5],
    ];
    const result = leaveOneOutRho(ratings);
    const first = spearmanRho(
      ratings.map((r) => r[0]!),
      ratings.map((r) => (r[1]! + r[2]!) / 2),
    );
    expect(result.perRater[0]).toBeCloseTo(first!, 12);
    expect(result.rho).toBeCloseTo(result.perRater.reduce<number>((a, b) => a + b!, 0) / 3, 12);
    expect(result.n).toBe(5);
  });

  it("is undefined when a rater is constant, and skips items without every rating", () => {
    const ratings = [
      [3, 1, 2],
      [3, 2, 4],
      [3, 5],
    ];
    expect(leaveOneOutRho(ratings).rho).toBeNull();
    expect(leaveOneOutRho(ratings).n).toBe(2);
  });
});

describe("humanCeiling", () => {
  it("is Fleiss' κ over items with ≥ 2 labels: 23/143 by hand on four items", () => {
    const c = humanCeiling(
      "none",
      ["fail", "pass"],
      [["pass", "pass", "pass"], ["fail", "fail", "fail"], ["pass", "pass", "fail"], ["pass", "fail"], ["pass"]],
    );
    expect(c.kappa).toBeCloseTo(23 / 143, 15);
    expect(c).toMatchObject({ items: 4, labels: 11, labelsPerItem: { min: 2, max: 3 } });
  });

  it("weighs graded scores quadratically, and says why it is undefined", () => {
    expect(
      humanCeiling(
        "quadratic",
        ["1", "2", "3"],
        [
          ["1", "2"],
          ["3", "3", "3"],
        ],
      ).kappa,
    ).toBeCloseTo(7 / 11, 15);
    expect(humanCeiling("none", ["fail", "pass"], [["pass"]]).undefinedReason).toMatch(/No item has labels from two reviewers/);
    expect(humanCeiling("none", ["fail", "pass"], [["pass", "pass"]]).undefinedReason).toMatch(/no variation/);
  });

  it("takes the declared scale, else every label seen on the queue, in scale order", () => {
    expect(ceilingCategories(["1", "2", "3", "4", "5"], ["2", "3"])).toEqual(["1", "2", "3", "4", "5"]);
    expect(ceilingCategories(null, ["10", "2", "3", "2"])).toEqual(["2", "3", "10"]);
  });
});
