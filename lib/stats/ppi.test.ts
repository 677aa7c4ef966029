import { describe, expect, it } from "vitest";
import { Z_95 } from "./kappa";
import { ppiLambda, ppiMean, ppiPlan, ppiSpreads } from "./ppi";
import { mulberry32 } from "./random";

// Reference values from the authors' implementation: ppi_py (github.com/aangelopoulos/ppi_py, commit bd90caa),
// ppi_mean_pointestimate and ppi_mean_ci(alpha=0.05) run with numpy 2.4 on these inputs.
const y = [1, 0, 1, 1, 1, 0, 1, 1, 0, 1];
const f = [1, 0, 0, 1, 1, 1, 1, 1, 0, 1];
const fu = [1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1];
const pairs = y.map((human, i) => ({ human, judge: f[i]! }));
const y2 = [0.3, 1.2, -0.5, 2.0, 0.9, 1.1];
const f2 = [0.1, 1.0, -0.2, 1.5, 1.2, 0.8];
const fu2 = [0.5, 0.2, 1.7, -0.3, 0.9, 1.1, 0.4, 2.2];
const pairs2 = y2.map((human, i) => ({ human, judge: f2[i]! }));

describe("ppiMean against ppi_py", () => {
  const cases: [string, typeof pairs, number[], number | undefined, number, number, number][] = [
    ["binary, tuned λ (PPI++)", pairs, fu, undefined, 0.7104761904761904, 0.45158475634577, 0.9693676246066107],
    ["binary, λ = 1 (PPI)", pairs, fu, 1, 0.7333333333333333, 0.3770884493903853, 1.0895782172762813],
    ["binary, λ = 0 (humans only)", pairs, fu, 0, 0.7, 0.41597423491067465, 0.9840257650893253],
    ["continuous, tuned λ", pairs2, fu2, undefined, 0.8825854293515727, 0.3956131421590252, 1.3695577165441202],
    ["continuous, λ = 1", pairs2, fu2, 1, 0.9374999999999999, 0.35573240887698276, 1.519267591123017],
    ["continuous, λ = 0.5", pairs2, fu2, 0.5, 0.8854166666666665, 0.4002092777125528, 1.3706240556207803],
  ];
  it.each(cases)("%s", (_name, labeled, unlabeled, lambda, estimate, low, high) => {
    const result = ppiMean(labeled, unlabeled, { lambda })!;
    expect(result.estimate).toBeCloseTo(estimate, 12);
    expect(result.ci95!.low).toBeCloseTo(low, 12);
    expect(result.ci95!.high).toBeCloseTo(high, 12);
  });

  it("gives the classical interval as humansOnly (ppi_py's λ = 0)", () => {
    const result = ppiMean(pairs2, fu2)!;
    expect(result.humansOnly.estimate).toBeCloseTo(0.8333333333333334, 12);
    expect(result.humansOnly.ci95!.low).toBeCloseTo(0.21067549118817086, 12);
    expect(result.humansOnly.ci95!.high).toBeCloseTo(1.4559911754784958, 12);
  });
});

describe("ppiLambda, written out from the paper", () => {
  it("is Cov(Y, f) / ((1 + n/N) Var(f ∪ f̃)) with population covariance and sample variance", () => {
    const n = y2.length;
    const N = fu2.length;
    const my = y2.reduce((a, b) => a + b) / n;
    const mf = f2.reduce((a, b) => a + b) / n;
    const cov = y2.reduce((s, yi, i) => s + (yi - my) * (f2[i]! - mf), 0) / n;
    const all = [...f2, ...fu2];
    const ma = all.reduce((a, b) => a + b) / all.length;
    const v = all.reduce((s, x) => s + (x - ma) ** 2, 0) / (all.length - 1);
    expect(ppiLambda(y2, f2, fu2)).toBeCloseTo(Math.min(1, Math.max(0, cov / ((1 + n / N) * v))), 15);
  });

  it("is 0 for a constant judge and clipped to [0, 1]", () => {
    expect(ppiLambda([1, 0, 1], [1, 1, 1], [1, 1])).toBe(0);
    // A judge that says the opposite of the humans: negative covariance clips to 0 (humans only).
    expect(ppiLambda([1, 0, 1, 0], [0, 1, 0, 1], [0, 1, 1])).toBe(0);
  });
});

describe("ppiMean edge cases", () => {
  it("is undefined below 2 labels or without unlabeled trials, and refuses non-numbers", () => {
    expect(ppiMean([{ human: 1, judge: 1 }], [1, 0])).toBeNull();
    expect(ppiMean(pairs, [])).toBeNull();
    expect(() => ppiMean([{ human: NaN, judge: 1 }, ...pairs], fu)).toThrow(/human value 1 is not a finite number/);
  });

  it("shows no zero-width interval when nothing varies, and clips a pass rate to [0, 1]", () => {
    const all = ppiMean(
      [
        { human: 1, judge: 1 },
        { human: 1, judge: 1 },
      ],
      [1, 1, 1],
    )!;
    expect(all.se).toBe(0);
    expect(all.ci95).toBeNull();
    const clipped = ppiMean(pairs, fu, { lambda: 1, range: [0, 1] })!;
    expect(clipped.ci95!.high).toBe(1);
  });
});

describe("ppiPlan", () => {
  it("solves the half-width for n with the judge-only term fixed", () => {
    const many = Array.from({ length: 10 }, () => fu).flat();
    const result = ppiMean(pairs, many)!;
    const spreads = ppiSpreads(pairs, many, result.lambda);
    expect(Math.sqrt(spreads.rectifier / result.n + (result.lambda ** 2 * spreads.unlabeled) / result.unlabeled)).toBeCloseTo(
      result.se,
      15,
    );
    const plan = ppiPlan(result, spreads, 0.15);
    const at = (n: number) => Z_95 * Math.sqrt(spreads.rectifier / n + (result.lambda ** 2 * spreads.unlabeled) / result.unlabeled);
    expect(at(plan.nStar!)).toBeLessThanOrEqual(0.15);
    expect(at(plan.nStar! - 1)).toBeGreaterThan(0.15);
    expect(plan.more).toBe(plan.nStar! - result.n);
    // Narrower than the judge-only term allows: labels alone cannot get there.
    expect(ppiPlan(result, spreads, 0.01).nStar).toBeNull();
  });
});

describe("coverage of the 95% interval (seeded simulation)", () => {
  it("covers the true human pass rate in at least 93% of 2,000 draws at n = 100, N = 10,000, and beats humans only", () => {
    const rng = mulberry32(20231101);
    // Humans pass 70% of trials; the judge agrees with them 85% of the time (its errors unbiased in no direction).
    const truth = 0.7;
    const draw = () => {
      const human = rng() < truth ? 1 : 0;
      const judge = rng() < 0.85 ? human : 1 - human;
      return { human, judge };
    };
    let covered = 0;
    let humansCovered = 0;
    let narrower = 0;
    const draws = 2000;
    for (let d = 0; d < draws; d++) {
      const labeled = Array.from({ length: 100 }, draw);
      const unlabeled = new Array<number>(9_900);
      for (let j = 0; j < unlabeled.length; j++) unlabeled[j] = draw().judge;
      const r = ppiMean(labeled, unlabeled, { range: [0, 1] })!;
      expect(r.N).toBe(10_000);
      if (r.ci95 && r.ci95.low <= truth && truth <= r.ci95.high) covered++;
      const h = r.humansOnly.ci95;
      if (h && h.low <= truth && truth <= h.high) humansCovered++;
      if (r.ci95 && h && r.ci95.high - r.ci95.low < h.high - h.low) narrower++;
    }
    expect(covered / draws).toBeGreaterThanOrEqual(0.93);
    expect(humansCovered / draws).toBeGreaterThanOrEqual(0.92);
    expect(narrower / draws).toBeGreaterThan(0.95);
  }, 30_000);
});
