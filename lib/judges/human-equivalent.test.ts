import { describe, expect, it } from "vitest";
import { ppiMean } from "../stats";
import { humanEquivalentPassRate, planWords, type TrialReading } from "./human-equivalent";

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

  it("puts the plan in words: how many more, already there, or where labels cannot get there", () => {
    const plan = { halfWidth: 0.05, current: 0.09 };
    expect(planWords({ ...plan, nStar: 160, more: 140 }, 500)).toBe(
      "Label 140 more trials, drawn at random from this run, to get the interval to ±5 points (about 160 in all).",
    );
    expect(planWords({ ...plan, nStar: 900, more: 880 }, 500)).toBe(
      "About 900 labeled trials would narrow it to ±5 points, more than this run's 500: a bigger run or a more accurate judge would.",
    );
    expect(planWords({ ...plan, nStar: null, more: null }, 500)).toMatch(
      /^Labels alone cannot narrow it to ±5 points: the judge-only part/,
    );
    expect(planWords({ halfWidth: 0.025, current: 0.02, nStar: 10, more: 0 }, 500)).toBe("The interval is already within ±2.5 points.");
    const result = humanEquivalentPassRate(
      trials([
        ["pass", "pass", 18],
        ["fail", "fail", 16],
        ["pass", "fail", 4],
        ["pass", null, 200],
      ]),
    );
    expect(result.planSentence).toBe(planWords(result.plan!, 238));
  });

  it("leaves out labels a queue did not take at random, counts them, and counts their trials as unlabeled", () => {
    const random = trials([
      ["pass", "pass", 18],
      ["fail", "fail", 16],
      ["pass", "fail", 4],
      ["pass", null, 200],
    ]);
    const skewed = Array.from({ length: 30 }, () => ({
      judge: "fail" as const,
      human: "fail" as const,
      notRandom: 'queue "q" took every failing trial',
    }));
    const result = humanEquivalentPassRate([...random, ...skewed]);
    const alone = humanEquivalentPassRate([...random, ...skewed.map((t) => ({ ...t, human: null, notRandom: null }))]);
    expect(result.ppi).toEqual(alone.ppi);
    expect(result).toMatchObject({ n: 38, N: 268, leftOut: { n: 30, why: ['queue "q" took every failing trial'] } });
    expect(alone.leftOut).toBeNull();
    const only = humanEquivalentPassRate([...skewed, ...trials([["pass", null, 5]])]);
    expect(only.ppi).toBeNull();
    expect(only.undefinedBecause).toMatch(/^no trial of this run has a human gold label from a random sample/);
  });
});
