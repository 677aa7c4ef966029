import { describe, expect, it } from "vitest";
import { quantileSorted } from "./quantile";

describe("quantileSorted", () => {
  it("interpolates linearly between order statistics (NumPy's percentile docs: median of 1,2,3,4,7,10 is 3.5)", () => {
    expect(quantileSorted([1, 2, 3, 4, 7, 10], 0.5)).toBe(3.5);
  });

  it("matches R's default type 7 at the quartile: quantile(1:4, 0.25) = 1.75", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
  });

  it("returns the minimum and the maximum at p = 0 and p = 1", () => {
    expect([quantileSorted([2, 5, 9], 0), quantileSorted([2, 5, 9], 1)]).toEqual([2, 9]);
  });

  it("is undefined for no values", () => {
    expect(quantileSorted([], 0.5)).toBeNull();
  });

  it("throws for p outside [0, 1]", () => {
    expect(() => quantileSorted([1], 1.5)).toThrow(/p in \[0, 1\]/);
  });
});
