import { describe, expect, it } from "vitest";
import { spearmanRho } from "../stats";
import { leaveOneOutRho } from "./human-ceiling";

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
    const first = spearmanRho(ratings.map((r) => r[0]!), ratings.map((r) => (r[1]! + r[2]!) / 2));
    expect(result.perRater[0]).toBeCloseTo(first!, 12);
    expect(result.rho).toBeCloseTo(result.perRater.reduce<number>((a, b) => a + b!, 0) / 3, 12);
    expect(result.n).toBe(5);
  });

  it("is undefined when a rater is constant, and skips items without every rating", () => {
    expect(leaveOneOutRho([[3, 1, 2], [3, 2, 4], [3, 5]]).rho).toBeNull();
    expect(leaveOneOutRho([[3, 1, 2], [3, 2, 4], [3, 5]]).n).toBe(2);
  });
});
