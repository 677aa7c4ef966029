import { quantileSorted } from "simple-statistics";
import { describe, expect, it } from "vitest";

// The bootstrap intervals (kappa.ts, horvitz-thompson.ts) take their percentiles from simple-statistics'
// quantileSorted. These pin the definition they rely on: Hyndman & Fan (1996) definition 7, linear
// interpolation between order statistics (R's and NumPy's default), which simple-statistics uses since 7.12.
describe("quantileSorted (simple-statistics)", () => {
  it("interpolates linearly between order statistics (NumPy's percentile docs: median of 1,2,3,4,7,10 is 3.5)", () => {
    expect(quantileSorted([1, 2, 3, 4, 7, 10], 0.5)).toBe(3.5);
  });

  it("matches R's default type 7 at the quartile: quantile(1:4, 0.25) = 1.75", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.1)).toBeCloseTo(1.4, 12);
  });

  it("returns the minimum and the maximum at p = 0 and p = 1", () => {
    expect([quantileSorted([2, 5, 9], 0), quantileSorted([2, 5, 9], 1)]).toEqual([2, 9]);
  });

  it("throws for no values and for p outside [0, 1]: callers check for no values first", () => {
    expect(() => quantileSorted([], 0.5)).toThrow();
    expect(() => quantileSorted([1], 1.5)).toThrow();
  });
});
