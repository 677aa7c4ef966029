import { describe, expect, it } from "vitest";
import { agreementJson, agreementReport, defaultPositive } from "./agreement";

/** Wikipedia, "Cohen's kappa", worked example: 50 proposals, 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no; κ = 0.4. */
function wikipedia() {
  const a: string[] = [];
  const b: string[] = [];
  const add = (x: string, y: string, count: number) => {
    for (let i = 0; i < count; i++) {
      a.push(x);
      b.push(y);
    }
  };
  add("yes", "yes", 20);
  add("yes", "no", 5);
  add("no", "yes", 10);
  add("no", "no", 15);
  return { a, b };
}

describe("agreementReport", () => {
  it("reproduces the Wikipedia kappa example with accuracy, TPR, TNR and the confusion matrix", () => {
    const { a, b } = wikipedia();
    const report = agreementReport(a, b, { metric: "kappa", positive: "yes" });
    expect(report.value).toBeCloseTo(0.4, 12);
    expect(report.n).toBe(50);
    expect(report.accuracy).toBeCloseTo(0.7, 12);
    // rater a is measured against rater b: TPR = P(a yes | b yes) = 20/30, TNR = P(a no | b no) = 15/20
    expect(report.tpr).toBeCloseTo(20 / 30, 12);
    expect(report.tnr).toBeCloseTo(15 / 20, 12);
    expect(report.confusion).toEqual({
      labels: ["no", "yes"],
      matrix: [
        [15, 10],
        [5, 20],
      ],
    });
    expect(report.se).toBeGreaterThan(0);
    expect(report.ci95![0]).toBeCloseTo(0.4 - 1.959963984540054 * report.se!, 12);
    expect(report.bootstrap).toMatchObject({ iterations: 2000, seed: 1 });
    expect(report.bootstrap!.low).toBeLessThan(0.4);
    expect(report.bootstrap!.high).toBeGreaterThan(0.4);
  });

  it("gives the same bootstrap interval for the same seed and a different one for another seed", () => {
    const { a, b } = wikipedia();
    const one = agreementReport(a, b, { metric: "kappa", seed: 7 }).bootstrap;
    expect(agreementReport(a, b, { metric: "kappa", seed: 7 }).bootstrap).toEqual(one);
    expect(agreementReport(a, b, { metric: "kappa", seed: 8 }).bootstrap).not.toEqual(one);
  });

  it("reports an undefined statistic as null everywhere, never 0 or 1", () => {
    const report = agreementReport(["pass", "pass", "pass"], ["pass", "pass", "pass"], { metric: "kappa" });
    expect(agreementJson(report)).toEqual({
      metric: "kappa",
      n: 3,
      value: null,
      se: null,
      ci95: null,
      accuracy: 1,
      confusion: { labels: ["pass"], matrix: [[3]] },
      tpr: 1,
      tnr: null,
    });
    expect(report.bootstrap).toBeNull();
    const empty = agreementReport([], [], { metric: "kappa-quadratic" });
    expect(agreementJson(empty)).toMatchObject({ n: 0, value: null, se: null, ci95: null, accuracy: null, tpr: null, tnr: null });
  });

  it("uses the declared categories for weighted kappa, which changes the weights", () => {
    // Observed 1, 2, 5: in sorted order they are adjacent; on the declared 1–5 scale 5 is far from 2.
    const a = ["1", "2", "5", "5", "2", "1"];
    const b = ["1", "5", "5", "2", "2", "2"];
    const observed = agreementReport(a, b, { metric: "kappa-linear" });
    const declared = agreementReport(a, b, { metric: "kappa-linear", categories: ["1", "2", "3", "4", "5"] });
    expect(observed.categories).toEqual(["1", "2", "5"]);
    expect(declared.confusion.labels).toEqual(["1", "2", "3", "4", "5"]);
    expect(declared.value).not.toBeCloseTo(observed.value!, 6);
    expect(observed.spearman).not.toBeNull();
  });

  it("computes Spearman and Krippendorff when asked, and refuses Spearman on words", () => {
    const x = ["1", "2", "3", "4", "5"];
    expect(agreementReport(x, x, { metric: "spearman" }).value).toBeCloseTo(1, 12);
    expect(agreementReport(x, [...x].reverse(), { metric: "spearman" }).value).toBeCloseTo(-1, 12);
    expect(agreementReport(x, x, { metric: "krippendorff", level: "interval" }).value).toBeCloseTo(1, 12);
    expect(() => agreementReport(["a", "b"], ["a", "b"], { metric: "spearman" })).toThrow(/numeric/);
  });

  it("refuses a positive label that is not among the labels, and pairs of unequal length", () => {
    expect(() => agreementReport(["pass"], ["fail"], { metric: "kappa", positive: "yes" })).toThrow(/positive label "yes"/);
    expect(() => agreementReport(["pass"], [], { metric: "kappa" })).toThrow(/pair every item/);
  });
});

describe("defaultPositive", () => {
  it("picks a conventional positive among two labels, none among more", () => {
    expect(defaultPositive(["fail", "pass"])).toBe("pass");
    expect(defaultPositive(["A", "B"])).toBe("A");
    expect(defaultPositive(["0", "1"])).toBe("1");
    expect(defaultPositive(["cat", "dog"])).toBeNull();
    expect(defaultPositive(["1", "2", "3"])).toBeNull();
  });
});
