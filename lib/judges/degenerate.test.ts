import { describe, expect, it } from "vitest";
import { agreementReport } from "./agreement";
import { buildCalibration } from "./calibration";
import { degeneracyOf } from "./degenerate";
import { formatInterval, formatStat } from "./format";

const report = (judge: string[], gold: string[]) =>
  agreementReport(judge, gold, { metric: "kappa", categories: ["fail", "pass"], positive: "pass", seed: 1 });

describe("degenerate calibrations", () => {
  it("names a constant judge: κ is 0 by construction", () => {
    const r = report(Array(10).fill("pass"), [...Array(6).fill("pass"), ...Array(4).fill("fail")]);
    expect(r.value).toBe(0);
    expect(degeneracyOf(r)).toMatchObject({ kind: "constant-judge", judgeValue: "pass" });
    expect(degeneracyOf(r)!.message).toBe("the judge answered PASS on all 10 items: κ is 0 by construction");
  });

  it("names a one-class gold set, with κ undefined when the judge is constant on the same class", () => {
    const oneClass = report(["pass", "fail", "pass", "pass"], Array(4).fill("pass"));
    expect(degeneracyOf(oneClass)).toMatchObject({ kind: "one-class-gold", goldValue: "pass" });
    expect(degeneracyOf(oneClass)!.message).toMatch(/^every gold label is pass: κ is 0 by construction/);
    const both = report(Array(5).fill("pass"), Array(5).fill("pass"));
    expect(both.value).toBeNull();
    expect(degeneracyOf(both)!.message).toMatch(/every gold label is pass: κ undefined/);
  });

  it("leaves an ordinary calibration alone", () => {
    expect(degeneracyOf(report(["pass", "fail", "pass", "fail"], ["pass", "fail", "fail", "fail"]))).toBeNull();
  });

  it("skips the verbosity check for a constant judge (ρ would only measure the humans)", () => {
    const stats = buildCalibration({
      kind: "binary",
      scale: null,
      gold: Array.from({ length: 8 }, (_, i) => ({ transcriptId: `t${i}`, value: i % 2 ? "pass" : "fail", length: 10 * i })),
      verdicts: Array.from({ length: 8 }, (_, i) => ({
        transcriptId: `t${i}`,
        order: "original",
        repeat: 0,
        status: "ok" as const,
        value: "pass",
      })),
      humanLabels: [],
    });
    expect(stats.degenerate?.kind).toBe("constant-judge");
    expect(stats.verbosity).toMatchObject({ rho: null });
    expect(stats.verbosity?.skipped).toMatch(/^skipped: the judge answered PASS on all 8 items/);
  });
});

describe("intervals people read", () => {
  it("clips the Wald interval to [−1, 1] and says so", () => {
    // Near-perfect agreement on few items: κ + 1.96·SE passes 1.
    const r = report(["pass", "pass", "pass", "fail", "fail", "pass"], ["pass", "pass", "pass", "fail", "fail", "fail"]);
    expect(r.ci95![1]).toBeLessThanOrEqual(1);
    expect(r.ci95![0]).toBeGreaterThanOrEqual(-1);
    const wide = report(["pass", "fail", "pass"], ["pass", "fail", "fail"]);
    expect(wide.ci95Clipped).toBe(true);
    expect(wide.ci95![1]).toBe(1);
  });

  it("never writes -0.000, and writes a zero-width interval as none", () => {
    expect(formatStat(-0.0001)).toBe("0.000");
    expect(formatStat(-0)).toBe("0.000");
    expect(formatStat(-0.25)).toBe("-0.250");
    expect(formatInterval([0, 0])).toBe("none (zero width)");
    expect(formatInterval({ low: -0.0002, high: 0.5 })).toBe("[0.000, 0.500]");
  });
});
