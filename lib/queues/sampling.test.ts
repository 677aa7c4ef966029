import { describe, expect, it } from "vitest";
import { allocate, inclusionProbability, seededPick } from "./sampling";

/** Strata as allocate takes them, from how many items each has available (in this order). */
const strata = (available: Record<string, number>) => Object.entries(available).map(([name, n]) => ({ name, available: n }));

describe("allocate", () => {
  it("gives the rare stratum its minimum first, then splits the rest by what each stratum has left", () => {
    // 40 to draw; "fail" (30 available) must reach 12; the other 28 split 18 : 262 over the rest → 2 and 26.
    expect(allocate(strata({ fail: 30, pass: 270 }), 40, { fail: 12 })).toEqual({ fail: 14, pass: 26 });
  });

  it("never takes more than a stratum has, and stops when every stratum is exhausted", () => {
    expect(allocate(strata({ fail: 3, pass: 5 }), 50, { fail: 10 })).toEqual({ fail: 3, pass: 5 });
  });

  it("gives every non-empty stratum at least one item, and nothing when nothing is asked", () => {
    expect(allocate(strata({ fail: 2, pass: 1000, none: 0 }), 5)).toEqual({ fail: 1, pass: 4, none: 0 });
    expect(allocate(strata({ fail: 2 }), 0)).toEqual({ fail: 0 });
  });

  it("hands out exactly the total when there is room, unless the minimums and one per stratum need more", () => {
    for (let total = 0; total < 60; total++) {
      const take = allocate(strata({ a: 7, b: 19, c: 40 }), total, { a: 3 });
      const forced = 3 + (total > 0 ? 2 : 0);
      expect(Object.values(take).reduce((s, x) => s + x, 0)).toBe(Math.max(total, forced));
    }
  });
});

describe("seededPick and inclusionProbability", () => {
  it("picks the same ids for the same seed, others for another, without repeats", () => {
    const ids = Array.from({ length: 50 }, (_, i) => `t${i}`);
    const first = seededPick(ids, 10, "q1");
    expect(first).toEqual(seededPick(ids, 10, "q1"));
    expect(first).not.toEqual(seededPick(ids, 10, "q2"));
    expect(new Set(first).size).toBe(10);
  });

  it("is drawn / N for a stratum, refusing impossible draws", () => {
    expect(inclusionProbability(12, 30)).toBe(0.4);
    expect(() => inclusionProbability(5, 0)).toThrow(/Cannot draw 5 of 0/);
  });
});
