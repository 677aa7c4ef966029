import { describe, expect, it } from "vitest";
import { samplesToDecide } from "./sample-size";

describe("samplesToDecide", () => {
  it("by hand: n = 20, κ̂ = 0.70, SE = 0.15, bar 0.60 → n* = ceil(20 · (1.959964 · 0.15 / 0.10)²) = 173, 153 more", () => {
    // (1.959963984540054 · 1.5)² = 8.643282…; · 20 = 172.87 → 173.
    expect(samplesToDecide({ n: 20, estimate: 0.7, se: 0.15, bar: 0.6 })).toEqual({ decided: false, nStar: 173, moreToDecide: 153 });
  });

  it("by hand below the bar: n = 40, κ̂ = 0.45, SE = 0.10, bar 0.60 → n* = ceil(40 · (0.1959964 / 0.15)²) = 69, 29 more", () => {
    // (1.959963984540054 / 1.5)² = 1.707293…; · 40 = 68.29 → 69.
    expect(samplesToDecide({ n: 40, estimate: 0.45, se: 0.1, bar: 0.6 })).toEqual({ decided: false, nStar: 69, moreToDecide: 29 });
  });

  it("is decided, with nothing more to label, when the interval already excludes the bar", () => {
    // 0.85 − 1.96 · 0.05 = 0.752 > 0.60; n* = ceil(100 · (0.098/0.25)²) = ceil(15.37) = 16.
    expect(samplesToDecide({ n: 100, estimate: 0.85, se: 0.05, bar: 0.6 })).toEqual({ decided: true, nStar: 16, moreToDecide: 0 });
  });

  it("is undefined when SE is 0: a zero-width interval decides nothing (perfect agreement on 2 items)", () => {
    expect(samplesToDecide({ n: 2, estimate: 1, se: 0, bar: 0.6 })).toBeNull();
  });

  it("treats an estimate one rounding step from the bar as at the bar, not 1.4e+32 items away", () => {
    expect(samplesToDecide({ n: 40, estimate: 0.3999999999999999, se: 0.1, bar: 0.4 })).toBeNull();
    expect(samplesToDecide({ n: 40, estimate: 0.4 + 1e-6, se: 0.1, bar: 0.4 })).not.toBeNull();
  });

  it("is undefined (null) when κ̂ or SE is undefined, κ̂ equals the bar, or there are no items", () => {
    expect(samplesToDecide({ n: 30, estimate: null, se: 0.1, bar: 0.6 })).toBeNull();
    expect(samplesToDecide({ n: 30, estimate: 0.5, se: null, bar: 0.6 })).toBeNull();
    expect(samplesToDecide({ n: 30, estimate: 0.6, se: 0.1, bar: 0.6 })).toBeNull();
    expect(samplesToDecide({ n: 0, estimate: 0.5, se: 0.1, bar: 0.6 })).toBeNull();
  });

  it("refuses malformed input", () => {
    expect(() => samplesToDecide({ n: 2.5, estimate: 0.5, se: 0.1, bar: 0.6 })).toThrow(/non-negative integer/);
    expect(() => samplesToDecide({ n: 5, estimate: 0.5, se: -1, bar: 0.6 })).toThrow(/standard error/);
  });
});
