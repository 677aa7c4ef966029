import { describe, expect, it } from "vitest";
import { pearsonR, spearmanRho } from "./correlation";

describe("spearmanRho", () => {
  it("matches scipy.stats.spearmanr's docstring example: ρ = 8/√95 = 0.82078268166812329", () => {
    expect(spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(8 / Math.sqrt(95), 9);
  });

  it("gives ties their average rank: ρ = 54/√3570 = 0.90377360145618091 (scipy.stats.spearmanr)", () => {
    expect(spearmanRho([1, 2, 3, 4, 5, 6, 7, 8, 9], [2, 1, 2, 4.5, 7, 6.5, 6, 9, 9.5])).toBeCloseTo(54 / Math.sqrt(3570), 9);
  });

  it("is 1 for any increasing relation, not only a linear one", () => {
    expect(spearmanRho([1, 2, 3, 4, 5], [1, 4, 9, 16, 25])).toBeCloseTo(1, 12);
  });

  it("is undefined when one vector is constant", () => {
    expect(spearmanRho([1, 2, 3], [4, 4, 4])).toBeNull();
  });

  it("is undefined for a single pair", () => {
    expect(spearmanRho([1], [2])).toBeNull();
  });

  it("is undefined for no pairs", () => {
    expect(spearmanRho([], [])).toBeNull();
  });

  it("throws on unequal lengths", () => {
    expect(() => spearmanRho([1, 2, 3], [1, 2])).toThrow(/same items: got 3 and 2/);
  });

  it("throws on a value that is not a finite number", () => {
    expect(() => spearmanRho([1, Number.NaN], [1, 2])).toThrow(/Score 1 of vector x is not a finite number/);
  });
});

describe("pearsonR", () => {
  it("matches scipy.stats.pearsonr's tutorial example: r = 6/√52 = 0.83205029433784372", () => {
    expect(pearsonR([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(6 / Math.sqrt(52), 9);
  });

  it("is undefined when one vector is constant", () => {
    expect(pearsonR([2, 2, 2], [1, 2, 3])).toBeNull();
  });

  it("is undefined for a constant vector whose rounding error would otherwise give r = 0", () => {
    // simple-statistics' sampleCorrelation returns 0, not NaN, for five copies of 123.456.
    expect(pearsonR([123.456, 123.456, 123.456, 123.456, 123.456], [1, 2, 3, 5, 4])).toBeNull();
  });

  it("is undefined for a single pair", () => {
    expect(pearsonR([1], [1])).toBeNull();
  });

  it("throws on unequal lengths", () => {
    expect(() => pearsonR([1], [1, 2])).toThrow(/same items/);
  });
});
