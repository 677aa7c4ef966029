import { describe, expect, it } from "vitest";
import { Z_95 } from "../stats";
import { planGate, planSentence, planWanted } from "./plan";

const rules = { bar: 0.6, minItems: 30, minPerClass: 10 };

describe("planGate", () => {
  it("adds the gate's counting rules to the interval's plan (hand-computed: n = 40, κ̂ 0.45, SE 0.10 → n* 69, 29 more)", () => {
    const plan = planGate({ n: 40, estimate: 0.45, se: 0.1, classCounts: { pass: 36, fail: 4 }, classes: ["pass", "fail"] }, rules);
    expect(plan).toEqual({
      bar: 0.6,
      state: "label",
      n: 40,
      estimate: 0.45,
      se: 0.1,
      decided: false,
      moreToDecide: 29,
      nStar: 69,
      perClassShortfall: { pass: 0, fail: 6 },
      itemsShortfall: 0,
    });
    expect(planSentence(plan)).toBe(
      'Label about 29 more items, at least 6 more "fail" to tell κ 0.450 from the bar 0.60 (about 69 in all, if κ holds).',
    );
    expect(planWanted(plan)).toBe(29);
  });

  it("keeps the counting shortfalls when κ is undefined, and says how many of each class are missing", () => {
    const plan = planGate({ n: 8, estimate: null, se: null, classCounts: { pass: 8 }, classes: ["pass", "fail"] }, rules);
    expect(plan).toMatchObject({ state: "undefined", decided: false, moreToDecide: null, nStar: null, itemsShortfall: 22 });
    expect(planSentence(plan)).toBe(
      'κ is undefined on 8 items, so no interval can decide yet: label 22 more items, at least 2 more "pass" and 10 more "fail" first.',
    );
  });

  it("says decided once the interval clears the bar and every count is met", () => {
    const plan = planGate({ n: 100, estimate: 0.85, se: 0.05, classCounts: { A: 50, B: 50 }, classes: ["A", "B"] }, rules);
    expect(plan).toMatchObject({ state: "decided", decided: true, moreToDecide: 0 });
    expect(planSentence(plan)).toBe("Decided: κ 0.850 clears the bar 0.60 with 95% confidence and every count is met.");
    expect(planWanted(plan)).toBe(0);
  });

  it("says when the κ rule has already failed and only counts are short: labels will not make it pass", () => {
    const plan = planGate({ n: 25, estimate: 0.2, se: 0.1, classCounts: { pass: 20, fail: 5 }, classes: ["pass", "fail"] }, rules);
    expect(plan.state).toBe("failed");
    expect(planSentence(plan)).toBe(
      `The κ rule has failed: κ 0.200 is below the bar 0.60 with 95% confidence (interval up to ${(0.2 + Z_95 * 0.1).toFixed(3)}). More labels will not make it pass — improve the judge. (The counts are short too, 5 more items, at least 5 more "fail", but meeting them cannot change this.)`,
    );
  });

  it("says when the interval clears the bar and only the counts are short", () => {
    const plan = planGate({ n: 25, estimate: 0.95, se: 0.03, classCounts: { pass: 20, fail: 5 }, classes: ["pass", "fail"] }, rules);
    expect(plan.state).toBe("counts-short");
    expect(planSentence(plan)).toBe(
      'κ 0.950 clears the bar 0.60 with 95% confidence; only the gate\'s counts are short: label 5 more items, at least 5 more "fail".',
    );
    expect(planWanted(plan)).toBe(5);
  });

  it("tells the reader to improve the judge when n* is beyond 5× n (κ 0.556 vs bar 0.60: not 'label about 1122 more')", () => {
    // SE 0.1 on 100 items: n* = ceil(100 · (1.96 · 0.1 / 0.044)²) = 1985, far beyond 500.
    const plan = planGate({ n: 100, estimate: 0.556, se: 0.1, classCounts: { pass: 60, fail: 40 }, classes: ["pass", "fail"] }, rules);
    expect(plan.state).toBe("too-close");
    expect(plan.nStar).toBe(Math.ceil(100 * ((Z_95 * 0.1) / 0.044) ** 2));
    expect(planSentence(plan)).toBe(
      `κ 0.556 is too close to the bar 0.60 to settle with labels: it would take about ${plan.nStar} items, over 5× the 100 labeled now. Improve the judge instead (prompt, model, rubric), then calibrate again.`,
    );
    expect(planWanted(plan)).toBe(0);
  });

  it("says 'at the bar' for κ one rounding step from it, not 1.4e+32 items", () => {
    const plan = planGate(
      { n: 40, estimate: 0.3999999999999999, se: 0.1, classCounts: { pass: 20, fail: 20 }, classes: ["pass", "fail"] },
      {
        ...rules,
        bar: 0.4,
      },
    );
    expect(plan).toMatchObject({ state: "at-bar", decided: false, nStar: null, moreToDecide: null });
    expect(planSentence(plan)).toBe(
      "κ 0.400 is at the bar 0.40: no number of labels separates them. Improve the judge (prompt, model) and calibrate again.",
    );
  });

  it("with SE 0 on 2 items says so and asks for the minimum counts, never 'decided'", () => {
    const plan = planGate({ n: 2, estimate: 1, se: 0, classCounts: { pass: 1, fail: 1 }, classes: ["pass", "fail"] }, rules);
    expect(plan).toMatchObject({ state: "no-spread", decided: false });
    expect(planSentence(plan)).toBe(
      'κ 1.000 on only 2 items with no disagreement to measure (SE 0): a zero-width interval decides nothing. Label 28 more items, at least 9 more "pass" and 9 more "fail" to reach the gate\'s minimum, then the interval will mean something.',
    );
    expect(planWanted(plan)).toBe(28);
  });
});
