import { describe, expect, it } from "vitest";
import { kendallTauB, kendallTauBStandardError, kendallTauBWaldInterval } from "./kendall";
import { mulberry32 } from "./random";

/**
 * Expected values: scipy.stats.kendalltau (1.17.1; its own test cases in scipy/stats/tests/test_stats.py, cross-checked
 * there against R's cor.test) for τ-b, and for the standard error the SAS PROC FREQ "ASE" formula evaluated the slow
 * way, cell by cell of the contingency table with numpy (an O(n²) implementation independent of this one).
 */
const LIKERT_X = [1, 3, 5, 4, 3, 2, 5, 4, 5, 4, 2, 3, 3, 5, 5, 2, 2, 3, 4, 2, 3, 5, 4, 3, 3, 2, 5, 5, 3, 2, 3, 4, 1, 5, 5, 5, 1, 3, 5, 3];
const LIKERT_Y = [1, 1, 3, 4, 5, 1, 5, 4, 5, 5, 1, 3, 4, 3, 5, 3, 1, 3, 5, 1, 4, 5, 5, 4, 4, 1, 5, 5, 1, 1, 3, 2, 1, 3, 5, 4, 1, 2, 5, 5];
const NORMAL_X = [
  -0.1, -0.5, -0.2, -0.5, 0.0, -0.3, -0.5, 1.2, -0.1, -1.5, 0.5, 0.8, 0.2, -1.2, -1.3, -2.0, 3.9, -1.4, 0.4, -1.2, -1.1, 0.1, 0.2, -1.1,
  -2.1,
];
const NORMAL_Y = [
  2.0, -0.7, -0.7, -0.5, -1.0, -1.4, -1.2, 0.7, 1.1, -0.4, 0.0, 0.1, 0.3, 0.3, 0.3, -0.8, 0.9, -0.3, 1.1, 0.1, 0.2, -0.7, 0.1, 1.7, -1.4,
];

/** τ-b by its definition, pair by pair: the O(n²) reference for the property test. */
function slowTauB(x: number[], y: number[]): number | null {
  let s = 0;
  let tx = 0;
  let ty = 0;
  const n = x.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      s += Math.sign(x[i]! - x[j]!) * Math.sign(y[i]! - y[j]!);
      if (x[i] === x[j]) tx++;
      if (y[i] === y[j]) ty++;
    }
  }
  const n0 = (n * (n - 1)) / 2;
  return n < 2 || n0 === tx || n0 === ty ? null : s / Math.sqrt((n0 - tx) * (n0 - ty));
}

describe("kendallTauB", () => {
  it("matches scipy's tied case: x = [12, 2, 1, 12, 2], y = [1, 4, 7, 1, 0] gives −0.47140452079103173", () => {
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 14);
  });

  it.each([
    [[5, 2, 1, 3, 6, 4, 7, 8], [5, 2, 6, 3, 1, 8, 7, 4], 0],
    [[0, 5, 2, 1, 3, 6, 4, 7, 8], [5, 2, 0, 6, 3, 1, 8, 7, 4], 0],
    [[5, 2, 1, 3, 6, 4, 7], [5, 2, 6, 3, 1, 7, 4], -0.14285714285714288],
    [[2, 1, 3, 6, 4, 7, 8], [2, 6, 3, 1, 8, 7, 4], 0.04761904761904762],
  ])("matches scipy's untied cases: %j × %j → %d", (x, y, expected) => {
    expect(kendallTauB(x, y)).toBeCloseTo(expected, 14);
  });

  it("matches scipy on a 40-item Likert sample full of ties (0.6380928075785038) and on rounded normals (0.24742852426037054)", () => {
    expect(kendallTauB(LIKERT_X, LIKERT_Y)).toBeCloseTo(0.6380928075785038, 14);
    expect(kendallTauB(NORMAL_X, NORMAL_Y)).toBeCloseTo(0.24742852426037054, 14);
  });

  it("by hand, with a tie in each vector: C = 3, D = 1, n₀ = 6, one pair tied in x and one in y, τ-b = 2/√(5·5) = 0.4", () => {
    // Pairs of (1,1) (2,3) (2,2) (3,2): 1–2, 1–3, 1–4 concordant; 2–4 discordant; 2–3 tied in x; 3–4 tied in y.
    expect(kendallTauB([1, 2, 2, 3], [1, 3, 2, 2])).toBeCloseTo(0.4, 15);
  });

  it("is 1 for any increasing relation and −1 for a decreasing one", () => {
    expect(kendallTauB([1, 2, 3, 4], [1, 4, 9, 16])).toBeCloseTo(1, 15);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 15);
  });

  it("agrees with the pair-by-pair definition on random tied data of every size up to 60", () => {
    const rng = mulberry32(18);
    for (let n = 2; n <= 60; n++) {
      const x = Array.from({ length: n }, () => Math.floor(rng() * 5));
      const y = x.map((v) => v + Math.floor(rng() * 4));
      const expected = slowTauB(x, y);
      if (expected === null) expect(kendallTauB(x, y)).toBeNull();
      else expect(kendallTauB(x, y)).toBeCloseTo(expected, 12);
    }
  });

  it("is undefined (null, as scipy's NaN) when either vector is constant, for n < 2 and for no pairs", () => {
    expect(kendallTauB([2, 2, 2], [2, 2, 2])).toBeNull();
    expect(kendallTauB([2, 0, 2], [2, 2, 2])).toBeNull();
    expect(kendallTauB([2, 2, 2], [2, 0, 2])).toBeNull();
    expect(kendallTauB([1], [2])).toBeNull();
    expect(kendallTauB([], [])).toBeNull();
  });

  it("throws on unequal lengths and on a value that is not a finite number", () => {
    expect(() => kendallTauB([1, 2, 3], [1, 2])).toThrow(/same items: got 3 and 2/);
    expect(() => kendallTauB([1, 2], [1, Number.NaN])).toThrow(/Score 1 of vector y is not a finite number/);
  });

  it("handles 100,000 pairs in well under a second (O(n log n); the pair-by-pair sum would take 5·10⁹ steps)", () => {
    const rng = mulberry32(7);
    const x = Array.from({ length: 100_000 }, () => Math.floor(rng() * 100));
    const y = x.map((v) => v + rng() * 50);
    expect(kendallTauB(x, y)).toBeGreaterThan(0.5);
  });
});

describe("kendallTauBStandardError", () => {
  it("by hand on the tied example: Var = (Σ(2w·d_k + τ·v_k)² − n³τ²(w_r + w_c)²) / w⁴ = (6208 − 4096) / 10⁴", () => {
    // n = 4; w_r = w_c = 16 − (1 + 4 + 1) = 10, w = 10; d = (3, 0, 1, 0); v = (20, 30, 40, 30);
    // 2w·d + τ·v = (68, 12, 36, 12), squares sum to 6208; n³τ²(w_r + w_c)² = 64 · 0.16 · 400 = 4096.
    expect(kendallTauBStandardError([1, 2, 2, 3], [1, 3, 2, 2])).toBeCloseTo(Math.sqrt(0.2112), 14);
  });

  it.each([
    ["scipy's tied case", [12, 2, 1, 12, 2], [1, 4, 7, 1, 0], 0.43493885857622383],
    ["the Likert sample", LIKERT_X, LIKERT_Y, 0.08145610957803207],
    ["the rounded normals", NORMAL_X, NORMAL_Y, 0.11961160476312532],
  ])("matches the cell-by-cell SAS formula on %s", (_, x, y, expected) => {
    expect(kendallTauBStandardError(x, y)).toBeCloseTo(expected, 13);
  });

  it("is undefined when τ-b is, and 0 at perfect agreement without ties (the formula degenerates, as for κ)", () => {
    expect(kendallTauBStandardError([3, 3, 3], [1, 2, 3])).toBeNull();
    expect(kendallTauBStandardError([1], [1])).toBeNull();
    expect(kendallTauBStandardError([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(0, 14);
  });
});

describe("kendallTauBWaldInterval", () => {
  it("is τ-b ± 1.959963984540054 · SE, not clipped", () => {
    const interval = kendallTauBWaldInterval([1, 2, 2, 3], [1, 3, 2, 2])!;
    expect(interval.se).toBeCloseTo(Math.sqrt(0.2112), 14);
    expect(interval.low).toBeCloseTo(0.4 - 1.959963984540054 * Math.sqrt(0.2112), 14);
    expect(interval.high).toBeCloseTo(0.4 + 1.959963984540054 * Math.sqrt(0.2112), 14);
    expect(interval.high).toBeGreaterThan(1);
  });

  it("is null when τ-b is undefined", () => {
    expect(kendallTauBWaldInterval([1, 1], [1, 2])).toBeNull();
  });
});
