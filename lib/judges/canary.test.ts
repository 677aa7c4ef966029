import { describe, expect, it } from "vitest";
import { agreementReport } from "./agreement";
import { canaryHolds, canarySample, evaluateCanary, type CanaryItem, type CanaryPair } from "./canary";

const gold = (pass: number, fail: number): CanaryItem[] => [
  ...Array.from({ length: pass }, (_, i) => ({ transcriptId: `p${i}`, gold: "pass" })),
  ...Array.from({ length: fail }, (_, i) => ({ transcriptId: `f${i}`, gold: "fail" })),
];
const count = (items: CanaryItem[], value: string) => items.filter((i) => i.gold === value).length;

describe("canarySample", () => {
  it("takes each class's share of the sample (largest remainder), the same items every time", () => {
    const sample = canarySample(gold(30, 10), 20, "approval-1");
    expect(sample).toHaveLength(20);
    expect([count(sample, "pass"), count(sample, "fail")]).toEqual([15, 5]);
    expect(canarySample(gold(30, 10), 20, "approval-1")).toEqual(sample);
    expect(new Set(sample.map((s) => s.transcriptId)).size).toBe(20);
    // 7 of 40 is 3.5 pass and 1.75 fail + rest: 5.25 / 1.75 → 5 and 2 after the largest remainder.
    const small = canarySample(gold(30, 10), 7, "approval-1");
    expect([count(small, "pass"), count(small, "fail")]).toEqual([5, 2]);
  });

  it("gives a rare class one item while the sample has room, and never more items than there are", () => {
    const sample = canarySample(gold(39, 1), 10, "s");
    expect([count(sample, "pass"), count(sample, "fail")]).toEqual([9, 1]);
    expect(canarySample(gold(3, 2), 20, "s")).toHaveLength(5);
    expect(canarySample(gold(3, 2), 0, "s")).toEqual([]);
  });
});

describe("evaluateCanary", () => {
  const bar = { minKappa: 0.6, maxFlipRate: 0.2 };
  const pairs = (rows: [string, string | null, string | null][]): CanaryPair[] =>
    rows.map(([g, approved, canary], i) => ({ transcriptId: `t${i}`, gold: g, approved, canary }));

  it("passes a judge that answers as it did when approved", () => {
    const rows: [string, string, string][] = [
      ...Array(10).fill(["pass", "pass", "pass"]),
      ...Array(9).fill(["fail", "fail", "fail"]),
      ["fail", "pass", "pass"],
    ];
    const result = evaluateCanary("binary", pairs(rows), bar);
    const expected = agreementReport(
      rows.map((r) => r[2]),
      rows.map((r) => r[0]),
      { metric: "kappa", categories: ["fail", "pass"], positive: "pass" },
    );
    expect(result).toMatchObject({ n: 20, compared: 20, flipped: 0, flipRate: 0, passed: true, reasons: [] });
    expect(result.kappa).toBe(expected.value);
    expect(result.ci95).toEqual(expected.ci95);
  });

  it("fails when the answers moved: flip rate over the bar, and κ's upper bound below the gate", () => {
    // After the "model change" the judge says the opposite on 12 of 20 items.
    const rows: [string, string, string][] = [
      ...Array(6).fill(["pass", "pass", "fail"]),
      ...Array(6).fill(["fail", "fail", "pass"]),
      ...Array(4).fill(["pass", "pass", "pass"]),
      ...Array(4).fill(["fail", "fail", "fail"]),
    ];
    const result = evaluateCanary("binary", pairs(rows), bar);
    expect(result.passed).toBe(false);
    expect(result.flipped).toBe(12);
    expect(result.flipRate).toBeCloseTo(0.6, 12);
    expect(result.ci95![1]).toBeLessThan(0.6);
    expect(result.reasons).toEqual([
      expect.stringMatching(/^κ's upper 95% bound -?0\.\d{3} is below the gate's 0\.60 \(κ -0\.200 on 20 items\)$/),
      "12 of 20 verdicts differ from the approved calibration's (flip rate 0.600 > 0.20)",
    ]);
  });

  it("fails on flips alone when κ still looks fine, and never passes an undefined number", () => {
    const flips: [string, string, string][] = [...Array(10).fill(["pass", "fail", "pass"]), ...Array(10).fill(["fail", "fail", "fail"])];
    const result = evaluateCanary("binary", pairs(flips), bar);
    expect(result.kappa).toBe(1);
    expect(result.passed).toBe(false);
    expect(result.reasons).toEqual(["10 of 20 verdicts differ from the approved calibration's (flip rate 0.500 > 0.20)"]);
    // Both raters constant on the same class: κ undefined, so no pass.
    const constant = evaluateCanary(
      "binary",
      pairs([
        ["pass", "pass", "pass"],
        ["pass", "pass", "pass"],
      ]),
      bar,
    );
    expect(constant.kappa).toBeNull();
    expect(constant.passed).toBe(false);
  });

  it("is inconclusive when the judge gave no verdict at all (no key)", () => {
    expect(evaluateCanary("binary", pairs([["pass", "pass", null]]), bar)).toMatchObject({ passed: null, n: 0 });
  });
});

describe("canaryHolds", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  const passed = { outcome: "passed", createdAt: new Date("2026-12-01T00:00:00Z"), fingerprint: "fp_a" };
  it("holds a passed canary for its period while the fingerprint is the same", () => {
    expect(canaryHolds(passed, now, 24, "fp_a")).toBe(true);
    expect(canaryHolds(passed, now, 24, null)).toBe(true);
    expect(canaryHolds(passed, now, 12, "fp_a")).toBe(false);
    expect(canaryHolds(passed, now, 24, "fp_b")).toBe(false);
    expect(canaryHolds({ ...passed, outcome: "inconclusive" }, now, 24, "fp_a")).toBe(false);
    expect(canaryHolds(null, now, 24, "fp_a")).toBe(false);
  });
});
