import { describe, expect, it } from "vitest";
import { planGate, planSentence } from "./plan";

describe("planGate", () => {
  it("adds the gate's counting rules to the interval's plan (hand-computed: n = 20, κ̂ 0.70, SE 0.15 → 153 more)", () => {
    const plan = planGate(
      { n: 20, estimate: 0.7, se: 0.15, classCounts: { pass: 16, fail: 4 }, classes: ["pass", "fail"] },
      { bar: 0.6, minItems: 30, minPerClass: 10 },
    );
    expect(plan).toEqual({
      bar: 0.6,
      decided: false,
      moreToDecide: 153,
      nStar: 173,
      perClassShortfall: { pass: 0, fail: 6 },
      itemsShortfall: 10,
    });
    expect(planSentence(plan)).toBe('label about 153 more items, at least 6 more "fail", to decide');
  });

  it("keeps the counting shortfalls when κ is undefined, and says how many of each class are missing", () => {
    const plan = planGate(
      { n: 8, estimate: null, se: null, classCounts: { pass: 8 }, classes: ["pass", "fail"] },
      { bar: 0.6, minItems: 30, minPerClass: 10 },
    );
    expect(plan).toMatchObject({
      decided: false,
      moreToDecide: null,
      nStar: null,
      perClassShortfall: { pass: 2, fail: 10 },
      itemsShortfall: 22,
    });
    expect(planSentence(plan)).toBe('label about 22 more items, at least 2 more "pass" and 10 more "fail", to decide');
  });

  it("has nothing to say once decided and every count is met", () => {
    const plan = planGate(
      { n: 100, estimate: 0.85, se: 0.05, classCounts: { A: 50, B: 50 }, classes: ["A", "B"] },
      { bar: 0.6, minItems: 30, minPerClass: 10 },
    );
    expect(plan).toMatchObject({ decided: true, moreToDecide: 0, itemsShortfall: 0, perClassShortfall: { A: 0, B: 0 } });
    expect(planSentence(plan)).toBeNull();
  });
});
