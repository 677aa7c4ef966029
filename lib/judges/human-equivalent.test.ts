import { describe, expect, it } from "vitest";
import { ppiMean } from "../stats";
import { humanEquivalentPassRate, type TrialReading } from "./human-equivalent";

const trials = (spec: [TrialReading["judge"], TrialReading["human"], number][]) =>
  spec.flatMap(([judge, human, count]) => Array.from({ length: count }, () => ({ judge, human })));

describe("humanEquivalentPassRate", () => {
  it("is PPI++ over the run's scored trials: labeled ones against the judge, the rest by the judge alone", () => {
    const run = trials([
      ["pass", "pass", 18],
      ["pass", "fail", 4],
      ["fail", "pass", 2],
      ["fail", "fail", 16],
      ["pass", null, 90],
      ["fail", null, 70],
    ]);
    const result = humanEquivalentPassRate(run);
    const expected = ppiMean(
      run.filter((t) => t.human).map((t) => ({ human: t.human === "pass" ? 1 : 0, judge: t.judge === "pass" ? 1 : 0 })),
      run.filter((t) => !t.human).map((t) => (t.judge === "pass" ? 1 : 0)),
      { range: [0, 1] },
    )!;
    expect(result.ppi).toEqual(expected);
    expect(result).toMatchObject({ n: 40, N: 200, judgeRate: 112 / 200, undefinedBecause: null });
    expect(result.ppi!.humansOnly.estimate).toBe(20 / 40);
    expect(result.plan!.halfWidth).toBe(0.05);
    expect(result.plan!.more).toBeGreaterThan(0);
  });

  it("says why it is undefined, never 0", () => {
    const none = humanEquivalentPassRate(trials([["pass", null, 10]]));
    expect(none).toMatchObject({ ppi: null, n: 0, N: 10 });
    expect(none.undefinedBecause).toMatch(/no trial of this run has a human gold label/);
    expect(humanEquivalentPassRate([]).judgeRate).toBeNull();
  });
});
