import { describe, expect, it } from "vitest";
import { bootstrapKappaInterval, cohensKappa, kappaStandardError, kappaWaldInterval, weightedKappa, Z_95 } from "./kappa";
import { kappaFromTable } from "./kappa-table";
import { quantileSorted } from "simple-statistics";
import { mulberry32, randomIndex } from "./random";

/** Expands a k × k table of counts (rows = rater a) into two label arrays. */
function fromTable(table: number[][], labels: string[]): [string[], string[]] {
  const a: string[] = [];
  const b: string[] = [];
  table.forEach((row, i) =>
    row.forEach((count, j) => {
      for (let c = 0; c < count; c++) {
        a.push(labels[i]!);
        b.push(labels[j]!);
      }
    }),
  );
  return [a, b];
}

const repeat = (label: string, times: number): string[] => Array<string>(times).fill(label);

// scikit-learn, sklearn/metrics/tests/test_classification.py, test_cohen_kappa (Artstein & Poesio 2008, Table 1).
const [ap1a, ap1b] = [
  [...repeat("0", 40), ...repeat("1", 60)],
  [...repeat("0", 20), ...repeat("1", 20), ...repeat("0", 10), ...repeat("1", 50)],
];
// Same test, "Weighting example: none, linear, quadratic".
const [wa, wb] = [
  [...repeat("0", 46), ...repeat("1", 44), ...repeat("2", 10)],
  [...repeat("0", 50), ...repeat("1", 40), ...repeat("2", 10)],
];
// SAS PROC FREQ agreement printout reproduced in statsmodels' stats/tests/test_inter_rater.py (table10), whose ASE is
// the Fleiss, Cohen & Everitt (1969) standard error.
const [sasA, sasB] = fromTable(
  [
    [0, 4, 1],
    [0, 8, 0],
    [0, 1, 5],
  ],
  ["0", "1", "2"],
);

describe("cohensKappa", () => {
  it("matches Artstein & Poesio Table 1: κ = 0.16/0.46 = 8/23 (scikit-learn: .348)", () => {
    expect(cohensKappa(ap1a, ap1b)).toBeCloseTo(8 / 23, 9);
  });

  it("is symmetric in the two raters, as scikit-learn's test asserts", () => {
    expect(cohensKappa(ap1b, ap1a)).toBe(cohensKappa(ap1a, ap1b));
  });

  it("matches Artstein & Poesio Table 4 (three classes): κ = 0.484/0.604 = 121/151 (scikit-learn: .8013)", () => {
    const a = [...repeat("0", 46), ...repeat("1", 44), ...repeat("2", 10)];
    const b = [...repeat("0", 52), ...repeat("1", 32), ...repeat("2", 16)];
    expect(cohensKappa(a, b)).toBeCloseTo(121 / 151, 9);
  });

  it("matches scikit-learn's unweighted weighting example: κ = 0.544/0.584 = 68/73 (.9315)", () => {
    expect(cohensKappa(wa, wb)).toBeCloseTo(68 / 73, 9);
  });

  it("matches the SAS agreement example: κ = 107/221 (SAS: 0.4842)", () => {
    expect(cohensKappa(sasA, sasB)).toBeCloseTo(107 / 221, 9);
  });

  it("is 1 for perfect agreement when both raters use more than one label", () => {
    expect(cohensKappa(["a", "b", "a"], ["a", "b", "a"])).toBe(1);
  });

  it("is undefined (null), not 1, when both raters give every item the same label", () => {
    expect(cohensKappa(["pass", "pass", "pass"], ["pass", "pass", "pass"])).toBeNull();
  });

  it("is 0, and defined, when one rater is constant and the other varies (p_o = p_e = 1/2)", () => {
    expect(cohensKappa(["pass", "pass", "pass", "pass"], ["pass", "fail", "pass", "fail"])).toBe(0);
  });

  it("is 0, and defined, when the raters are constant on different labels (p_o = p_e = 0)", () => {
    expect(cohensKappa(["pass", "pass"], ["fail", "fail"])).toBe(0);
  });

  it("is undefined for no items", () => {
    expect(cohensKappa([], [])).toBeNull();
  });

  it("throws on unequal lengths", () => {
    expect(() => cohensKappa(["a", "b"], ["a"])).toThrow(/same items/);
  });

  it("throws on a label outside the given labels rather than dropping the item as scikit-learn's labels= does", () => {
    expect(() => cohensKappa([...ap1a, "2"], [...ap1b, "2"], ["0", "1"])).toThrow(/"2" for item 100/);
  });
});

describe("weightedKappa", () => {
  it("matches scikit-learn's linear example: κ_w = 1 − 0.02/0.34 = 16/17 (.9412)", () => {
    expect(weightedKappa(wa, wb, { weights: "linear" })).toBeCloseTo(16 / 17, 9);
  });

  it("matches scikit-learn's quadratic example: κ_w = 1 − 0.01/0.218 = 104/109 (.9541)", () => {
    expect(weightedKappa(wa, wb, { weights: "quadratic" })).toBeCloseTo(104 / 109, 9);
  });

  it("matches the SAS agreement example with linear (Cicchetti–Allison) weights: κ_w = 118/251 (SAS: 0.4701)", () => {
    expect(weightedKappa(sasA, sasB, { weights: "linear" })).toBeCloseTo(118 / 251, 9);
  });

  it("takes weights from positions on the declared scale, not from the observed categories", () => {
    // Observed 1, 2, 5 on a 1–5 scale: positions 0, 1, 4 of 5 give 19/51; the observed categories alone (0, 1, 2 of 3)
    // would give 11/27 (both by hand from Cohen 1968; scikit-learn with labels=[1..5] and without labels).
    const a = ["1", "1", "2", "2", "5", "5", "1", "2"];
    const b = ["1", "2", "2", "5", "5", "1", "1", "2"];
    expect(weightedKappa(a, b, { weights: "linear", categories: ["1", "2", "3", "4", "5"] })).toBeCloseTo(19 / 51, 9);
    expect(weightedKappa(a, b, { weights: "linear" })).toBeCloseTo(11 / 27, 9);
  });

  it("orders numeric labels by value, so 10 sits after 9 on the scale", () => {
    const a = ["2", "9", "10", "10", "2"];
    const b = ["9", "9", "10", "2", "2"];
    expect(weightedKappa(a, b, { weights: "linear" })).toBe(weightedKappa(a, b, { weights: "linear", categories: ["2", "9", "10"] }));
    expect(weightedKappa(a, b, { weights: "linear" })).not.toBe(weightedKappa(a, b, { weights: "linear", categories: ["10", "2", "9"] }));
  });

  it("is undefined when both raters give every item the same score", () => {
    expect(weightedKappa(["3", "3"], ["3", "3"], { weights: "quadratic", categories: ["1", "2", "3"] })).toBeNull();
  });

  it("throws on a value outside the declared categories", () => {
    expect(() => weightedKappa(["1", "6"], ["1", "1"], { weights: "linear", categories: ["1", "2", "3", "4", "5"] })).toThrow(
      /"6" for item 1/,
    );
  });

  it("throws on an unknown weight scheme", () => {
    expect(() => weightedKappa(["1"], ["1"], { weights: "cubic" as "linear" })).toThrow(/Unknown kappa weights "cubic"/);
  });
});

describe("kappaStandardError", () => {
  it("matches SAS's ASE for simple kappa in the agreement example (0.1380)", () => {
    // Fleiss, Cohen & Everitt (1969) evaluated exactly: sqrt(45437322/2385443281).
    expect(kappaStandardError(sasA, sasB)).toBeCloseTo(0.1380135783058146, 9);
  });

  it("matches SAS's ASE for linearly weighted kappa in the agreement example (0.1457)", () => {
    // sqrt(84311816/3969126001).
    expect(kappaStandardError(sasA, sasB, { weights: "linear" })).toBeCloseTo(0.1457460451419257, 9);
  });

  it("is undefined when kappa is", () => {
    expect(kappaStandardError(["a", "a"], ["a", "a"])).toBeNull();
  });

  it("is undefined for a single item", () => {
    expect(kappaStandardError(["a"], ["b"])).toBeNull();
  });

  it("is 0 at perfect agreement, where the asymptotic formula degenerates", () => {
    expect(kappaStandardError(["a", "b", "a", "b"], ["a", "b", "a", "b"])).toBe(0);
  });
});

describe("kappaWaldInterval", () => {
  it("matches SAS's 95% limits for simple kappa (0.2137, 0.7547)", () => {
    const interval = kappaWaldInterval(sasA, sasB);
    expect(interval?.low).toBeCloseTo(0.21366125307070666, 9);
    expect(interval?.high).toBeCloseTo(0.7546645387844969, 9);
  });

  it("matches SAS's 95% limits for weighted kappa (0.1845, 0.7558)", () => {
    const interval = kappaWaldInterval(sasA, sasB, { weights: "linear" });
    expect(interval?.low).toBeCloseTo(0.18446252254502732, 9);
    expect(interval?.high).toBeCloseTo(0.7557765212796739, 9);
  });

  it("does not clip: κ = 0.9 on 20 items gives an upper limit above 1", () => {
    const a = [...repeat("x", 10), ...repeat("y", 9), "x"];
    const b = [...repeat("x", 10), ...repeat("y", 9), "y"];
    const interval = kappaWaldInterval(a, b)!;
    expect(interval.high).toBeCloseTo(0.9 + Z_95 * interval.se, 12);
    expect(interval.high).toBeGreaterThan(1);
  });

  it("is undefined when kappa is", () => {
    expect(kappaWaldInterval(["a", "a"], ["a", "a"])).toBeNull();
  });
});

describe("bootstrapKappaInterval", () => {
  it("gives the same interval for the same seed", () => {
    const first = bootstrapKappaInterval(ap1a, ap1b, { seed: 7, iterations: 500 });
    expect(bootstrapKappaInterval(ap1a, ap1b, { seed: 7, iterations: 500 })).toEqual(first);
  });

  it("gives a different interval for a different seed", () => {
    const first = bootstrapKappaInterval(ap1a, ap1b, { seed: 7, iterations: 500 });
    expect(bootstrapKappaInterval(ap1a, ap1b, { seed: 8, iterations: 500 })).not.toEqual(first);
  });

  it("lands near the Wald interval for n = 100 (Artstein & Poesio Table 1: 0.1616 to 0.5340)", () => {
    const interval = bootstrapKappaInterval(ap1a, ap1b, { seed: 2024 })!;
    expect(interval.iterations).toBe(2000);
    expect(interval.undefinedResamples).toBe(0);
    expect(Math.abs(interval.low - 0.1616)).toBeLessThan(0.03);
    expect(Math.abs(interval.high - 0.534)).toBeLessThan(0.03);
  });

  it("reproduces an independent implementation: mulberry32 in Python, scikit-learn's κ, NumPy's percentile", () => {
    // /usr/bin/python3 with scikit-learn 1.2.1 and NumPy: the same 2000 resamples (index = floor(u·n)), then
    // np.percentile(kappas, [2.5, 97.5]) → 0.15288506866161108, 0.5291545766288578.
    const interval = bootstrapKappaInterval(ap1a, ap1b, { seed: 2024 })!;
    expect(interval.low).toBeCloseTo(0.15288506866161108, 12);
    expect(interval.high).toBeCloseTo(0.5291545766288578, 12);
  });

  it("keeps the declared categories and weights in every resample, and honours level", () => {
    // Same Python check with cohen_kappa_score(weights="quadratic", labels=[0, 1, 2]), 1000 resamples, 90% level.
    const interval = bootstrapKappaInterval(wa, wb, {
      seed: 9,
      iterations: 1000,
      level: 0.9,
      weights: "quadratic",
      categories: ["0", "1", "2"],
    })!;
    expect(interval.low).toBeCloseTo(0.9137073774975429, 12);
    expect(interval.high).toBeCloseTo(0.9888913470993117, 12);
  });

  it("skips and counts resamples where κ is undefined", () => {
    // Two items: a resample that draws the same item twice has both raters constant (p_e = 1), about half of them.
    const interval = bootstrapKappaInterval(["a", "b"], ["a", "b"], { seed: 1, iterations: 1000 })!;
    expect(interval.undefinedResamples).toBeGreaterThan(400);
    expect(interval.undefinedResamples).toBeLessThan(600);
    expect([interval.low, interval.high]).toEqual([1, 1]);
  });

  it("is undefined when κ of the full sample is", () => {
    expect(bootstrapKappaInterval(["a", "a", "a"], ["a", "a", "a"], { seed: 1 })).toBeNull();
  });

  it("rejects a non-integer seed", () => {
    expect(() => bootstrapKappaInterval(ap1a, ap1b, { seed: 1.5 })).toThrow(/seed must be an integer/);
  });

  it("rejects zero iterations", () => {
    expect(() => bootstrapKappaInterval(ap1a, ap1b, { seed: 1, iterations: 0 })).toThrow(/iterations must be a positive integer/);
  });

  it("rejects a level outside (0, 1)", () => {
    expect(() => bootstrapKappaInterval(ap1a, ap1b, { seed: 1, level: 1 })).toThrow(/level must be between 0 and 1/);
  });
});

describe("bootstrapKappaInterval's inlined generator", () => {
  // The reference: resamples drawn with mulberry32 and randomIndex, κ of each from its table.
  function reference(a: string[], b: string[], seed: number, iterations: number) {
    const rng = mulberry32(seed);
    const labels = [...new Set([...a, ...b])].sort();
    const values: number[] = [];
    for (let it = 0; it < iterations; it++) {
      const table = labels.map(() => labels.map(() => 0));
      for (let d = 0; d < a.length; d++) {
        const i = randomIndex(rng, a.length);
        table[labels.indexOf(a[i]!)]![labels.indexOf(b[i]!)]! += 1;
      }
      const kappa = kappaFromTable(table);
      if (kappa !== null) values.push(kappa);
    }
    values.sort((x, y) => x - y);
    return { low: quantileSorted(values, 0.025), high: quantileSorted(values, 0.975) };
  }

  it("draws exactly the resamples of mulberry32 + randomIndex, to the last bit", () => {
    const rng = mulberry32(7);
    const a = Array.from({ length: 300 }, () => (rng() < 0.5 ? "pass" : "fail"));
    const b = a.map((x) => (rng() < 0.8 ? x : x === "pass" ? "fail" : "pass"));
    for (const seed of [1, 42, 2 ** 31 + 5]) {
      const got = bootstrapKappaInterval(a, b, { seed, iterations: 200 })!;
      expect({ low: got.low, high: got.high }).toEqual(reference(a, b, seed, 200));
    }
  });
});
