import { describe, expect, it } from "vitest";
import { pairedDifference } from "./paired";

describe("pairedDifference", () => {
  it("matches R's t.test(head, base, paired = TRUE) on a worked example", () => {
    // d = 1, 2, 3: mean 2, s_d 1, se 1/√3; t(0.975, 2) = 4.302653; R: 95 percent CI −0.4841377 4.4841377.
    const r = pairedDifference([0, 0, 0], [1, 2, 3]);
    expect(r.n).toBe(3);
    expect(r.mean).toBe(2);
    expect(r.se).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(r.low).toBeCloseTo(-0.4841377, 7);
    expect(r.high).toBeCloseTo(4.4841377, 7);
  });

  it("works on per-task pass rates: d = −0.5, 0, 0.5, 0", () => {
    // mean 0; s_d = √(0.5/3) = 0.4082483; se = 0.2041241; t(0.975, 3) = 3.1824463; half-width 3.1824463 × 0.2041241 = 0.6496141.
    const r = pairedDifference([1, 1, 0.5, 0], [0.5, 1, 1, 0]);
    expect(r.mean).toBe(0);
    expect(r.se).toBeCloseTo(0.2041241, 7);
    expect(r.low).toBeCloseTo(-0.6496141, 6);
    expect(r.high).toBeCloseTo(0.6496141, 6);
  });

  it("is a zero-width interval when every task moved the same way, and undefined below two pairs", () => {
    expect(pairedDifference([1, 1], [0, 0])).toMatchObject({ mean: -1, se: 0, low: -1, high: -1 });
    expect(pairedDifference([1], [0])).toMatchObject({ n: 1, mean: -1, se: null, low: null, high: null });
    expect(pairedDifference([], [])).toMatchObject({ n: 0, mean: null, low: null });
  });

  it("throws on unequal lengths", () => {
    expect(() => pairedDifference([1], [1, 2])).toThrow("equal lengths");
  });
});
