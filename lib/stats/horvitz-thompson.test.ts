import { describe, expect, it } from "vitest";
import { agreementReport } from "../judges/agreement";
import { weightedAgreement } from "./horvitz-thompson";
import { cohensKappa } from "./kappa";
import { mulberry32 } from "./random";

/**
 * A stratified sample by hand. Population: 10 items the judge fails, 90 it passes. Drawn: 5 of the 10 (π = 1/2) and
 * 10 of the 90 (π = 1/9). Gold on the draw: judge-fail stratum 4 fail, 1 pass; judge-pass stratum 1 fail, 9 pass.
 * Weighted table (rows judge, columns gold; fail, pass): [[4·2, 1·2], [1·9, 9·9]] = [[8, 2], [9, 81]], N̂ = 100.
 * accuracy = 89/100; TPR = 81/83; TNR = 8/17; p_e = 0.1·0.17 + 0.9·0.83 = 0.764, κ = (0.89 − 0.764)/0.236 = 63/118.
 * The sample's own κ is 0.7: the draw over-represents the judge's rare verdict, and the weights undo that.
 */
const judge = [...Array(5).fill("fail"), ...Array(10).fill("pass")] as string[];
const gold = ["fail", "fail", "fail", "fail", "pass", "fail", ...Array(9).fill("pass")] as string[];
const inclusion = [...Array(5).fill(1 / 2), ...Array(10).fill(1 / 9)] as number[];
const strata = [...Array(5).fill("fail"), ...Array(10).fill("pass")] as string[];
const base = { a: judge, b: gold, inclusion, strata, categories: ["fail", "pass"], positive: "pass", seed: 1 };

describe("weightedAgreement (Horvitz–Thompson)", () => {
  it("matches the hand-computed stratified example", () => {
    const w = weightedAgreement(base);
    expect(w.confusion[0]![0]).toBeCloseTo(8, 12);
    expect(w.confusion[0]![1]).toBeCloseTo(2, 12);
    expect(w.confusion[1]![0]).toBeCloseTo(9, 12);
    expect(w.confusion[1]![1]).toBeCloseTo(81, 12);
    expect(w.populationSize).toBeCloseTo(100, 12);
    expect(w.kappa).toBeCloseTo(63 / 118, 12);
    expect(w.accuracy).toBeCloseTo(0.89, 12);
    expect(w.tpr).toBeCloseTo(81 / 83, 12);
    expect(w.tnr).toBeCloseTo(8 / 17, 12);
    expect(w.equalWeights).toBe(false);
    expect(agreementReport(judge, gold, { metric: "kappa", categories: ["fail", "pass"], positive: "pass" }).value).toBeCloseTo(0.7, 12);
  });

  it("gives a seeded bootstrap interval around the estimate, the same for the same seed", () => {
    const w = weightedAgreement(base);
    expect(w.bootstrap!.low).toBeLessThan(w.kappa!);
    expect(w.bootstrap!.high).toBeGreaterThan(w.kappa!);
    expect(w.bootstrap!.se).toBeGreaterThan(0);
    expect(weightedAgreement(base).bootstrap).toEqual(w.bootstrap);
    expect(weightedAgreement({ ...base, seed: 2 }).bootstrap).not.toEqual(w.bootstrap);
  });

  it("returns today's statistics bit for bit when every weight is the same", () => {
    const rng = mulberry32(10);
    for (const [kind, categories, positive, metric] of [
      ["binary", ["fail", "pass"], "pass", "kappa"],
      ["graded", ["1", "2", "3", "4", "5"], null, "kappa-quadratic"],
    ] as const) {
      const n = 60;
      const b = Array.from({ length: n }, () => categories[Math.floor(rng() * categories.length)]!);
      const a = b.map((v) => (rng() < 0.7 ? v : categories[Math.floor(rng() * categories.length)]!));
      const today = agreementReport(a, b, { metric, categories, positive });
      for (const p of [1, 0.3, 1 / 7]) {
        const w = weightedAgreement({
          a,
          b,
          inclusion: Array(n).fill(p),
          strata: Array(n).fill("all"),
          categories,
          positive,
          kappaWeights: kind === "graded" ? "quadratic" : undefined,
          seed: 1,
          iterations: 10,
        });
        expect(w.equalWeights).toBe(true);
        expect(w.kappa).toBe(today.value);
        expect(w.accuracy).toBe(today.accuracy);
        expect(w.tpr).toBe(today.tpr);
        expect(w.tnr).toBe(today.tnr);
        expect(w.confusion).toEqual(today.confusion.matrix);
      }
    }
  });

  it("is unbiased for the population: over many stratified draws its mean is the all-items κ, the sample's is not", () => {
    // Population of 400: the judge fails 40 (30 truly fail), passes 360 (20 truly fail). Draw 20 + 20 each time.
    const popJudge = [...Array(40).fill("fail"), ...Array(360).fill("pass")] as string[];
    const popGold = [
      ...Array(30).fill("fail"),
      ...Array(10).fill("pass"),
      ...Array(20).fill("fail"),
      ...Array(340).fill("pass"),
    ] as string[];
    const truth = agreementReport(popJudge, popGold, { metric: "kappa", categories: ["fail", "pass"], positive: "pass" }).value!;
    const rng = mulberry32(3);
    const draw = (from: number, to: number, k: number) => {
      const ids = Array.from({ length: to - from }, (_, i) => from + i);
      for (let i = ids.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      }
      return ids.slice(0, k);
    };
    let weighted = 0;
    let naive = 0;
    const rounds = 400;
    for (let r = 0; r < rounds; r++) {
      const ids = [...draw(0, 40, 20), ...draw(40, 400, 20)];
      const a = ids.map((i) => popJudge[i]!);
      const b = ids.map((i) => popGold[i]!);
      const w = weightedAgreement({
        a,
        b,
        inclusion: ids.map((i) => (i < 40 ? 20 / 40 : 20 / 360)),
        strata: ids.map((i) => (i < 40 ? "fail" : "pass")),
        categories: ["fail", "pass"],
        positive: "pass",
        seed: r,
        iterations: 1,
      });
      weighted += w.kappa! / rounds;
      naive += cohensKappa(a, b, ["fail", "pass"])! / rounds;
    }
    expect(Math.abs(weighted - truth)).toBeLessThan(0.02);
    expect(Math.abs(naive - truth)).toBeGreaterThan(0.05);
  });

  it("refuses a probability outside (0, 1] and unpaired lists", () => {
    expect(() => weightedAgreement({ ...base, inclusion: [0, ...inclusion.slice(1)] })).toThrow(
      /Item 0: an inclusion probability must be in \(0, 1\]/,
    );
    expect(() => weightedAgreement({ ...base, strata: strata.slice(1) })).toThrow(/strata has 14 entries for 15 items/);
  });
});
