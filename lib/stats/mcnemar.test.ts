import { describe, expect, it } from "vitest";
import { mcnemarExact } from "./mcnemar";

describe("mcnemarExact", () => {
  it("reproduces Fagerland, Lydersen & Laake (2013), Table 1: b = 1, c = 7 gives exact p 0.070 and mid-p 0.039", () => {
    // Airway hyper-responsiveness before and after stem cell transplantation (BMC Med Res Methodol 13:91):
    // exact conditional p = 0.0703, mid-p = 0.0391.
    const result = mcnemarExact(1, 7)!;
    expect(result.pValue).toBeCloseTo(18 / 256, 12);
    expect(result.pValue.toFixed(3)).toBe("0.070");
    expect(result.midP).toBeCloseTo(10 / 256, 12);
    expect(result.midP.toFixed(3)).toBe("0.039");
    expect(mcnemarExact(7, 1)!.pValue).toBe(result.pValue);
  });

  it("matches R's binom.test(3, 15)$p.value = 0.03516 and caps a balanced split at 1", () => {
    expect(mcnemarExact(3, 12)!.pValue).toBeCloseTo(0.03515625, 8);
    expect(mcnemarExact(5, 5)!.pValue).toBe(1);
  });

  it("has no test without discordant pairs, and stays finite for thousands of them", () => {
    expect(mcnemarExact(0, 0)).toBeNull();
    const big = mcnemarExact(1400, 1600)!;
    expect(big.pValue).toBeGreaterThan(0);
    expect(big.pValue).toBeLessThan(0.001);
    expect(() => mcnemarExact(-1, 2)).toThrow(/b must be a non-negative integer/);
  });
});
