import { describe, expect, it } from "vitest";
import { roganGladen } from "./correction";

describe("roganGladen", () => {
  it("inverts the judge's error rates: (0.3 + 0.8 − 1) / (0.9 + 0.8 − 1) = 1/7", () => {
    const r = roganGladen(0.3, 0.9, 0.8);
    expect(r.corrected).toBeCloseTo(1 / 7, 12);
    expect(r.clipped).toBe(false);
  });

  it("leaves the rate unchanged for a perfect judge", () => {
    expect(roganGladen(0.42, 1, 1)).toEqual({ corrected: 0.42, clipped: false });
  });

  it("is undefined for a judge at chance (TPR + TNR = 1)", () => {
    expect(roganGladen(0.5, 0.7, 0.3)).toEqual({ corrected: null, clipped: false });
  });

  it("is undefined for a judge worse than chance", () => {
    expect(roganGladen(0.5, 0.2, 0.3)).toEqual({ corrected: null, clipped: false });
  });

  it("clips to 0 and says so when the apparent rate is below the false-positive rate", () => {
    expect(roganGladen(0.1, 0.9, 0.8)).toEqual({ corrected: 0, clipped: true });
  });

  it("clips to 1 and says so when the apparent rate is above the true-positive rate", () => {
    expect(roganGladen(0.95, 0.9, 0.8)).toEqual({ corrected: 1, clipped: true });
  });

  it("throws on a rate outside [0, 1]", () => {
    expect(() => roganGladen(1.2, 0.9, 0.8)).toThrow(/apparent must be a proportion in \[0, 1\], got 1.2/);
  });
});
