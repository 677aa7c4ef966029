import { describe, expect, it } from "vitest";
import { binomial, passAtK, passPowerK } from "./pass-at-k";

describe("binomial", () => {
  it("matches Pascal's triangle and hand values", () => {
    expect(binomial(5, 2)).toBe(10n);
    expect(binomial(10, 3)).toBe(120n);
    expect(binomial(4, 0)).toBe(1n);
    expect(binomial(3, 4)).toBe(0n);
    expect(binomial(300, 150)).toBe(binomial(299, 149) + binomial(299, 150));
  });
});

describe("passAtK", () => {
  it("matches hand-computed values", () => {
    // n=5, c=2, k=1: 1 − C(3,1)/C(5,1) = 1 − 3/5
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 15);
    // n=5, c=2, k=2: 1 − C(3,2)/C(5,2) = 1 − 3/10
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 15);
    // n=5, c=2, k=3: 1 − C(3,3)/C(5,3) = 1 − 1/10
    expect(passAtK(5, 2, 3)).toBeCloseTo(0.9, 15);
    // n − c < k: some drawn trial must pass
    expect(passAtK(5, 2, 4)).toBe(1);
    expect(passAtK(10, 3, 5)).toBeCloseTo(1 - 21 / 252, 15);
  });

  it("is 0 with no passes and 1 with all passes", () => {
    expect(passAtK(5, 0, 5)).toBe(0);
    expect(passAtK(5, 5, 1)).toBe(1);
  });

  it("is undefined (null, not 1.0) when n < k", () => {
    expect(passAtK(3, 3, 5)).toBeNull();
    expect(passAtK(0, 0, 1)).toBeNull();
    expect(passAtK(4, 4, 5)).toBeNull();
  });

  it("stays accurate for n in the hundreds", () => {
    // 1 − C(299,100)/C(300,100) = 1 − 200/300 exactly
    expect(passAtK(300, 1, 100)).toBeCloseTo(1 / 3, 14);
    // C(400−1, 200)/C(400, 200) = 200/400, so pass@200 with c=1 is exactly 0.5
    expect(passAtK(400, 1, 200)).toBe(0.5);
    // tiny: 1 − C(499,1)/C(500,1) = 1/500
    expect(passAtK(500, 1, 1)).toBeCloseTo(0.002, 17);
  });

  it("rejects impossible counts", () => {
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passAtK(3, 1, 0)).toThrow(RangeError);
    expect(() => passAtK(2.5, 1, 1)).toThrow(RangeError);
  });
});

describe("passPowerK", () => {
  it("matches hand-computed values", () => {
    // C(4,2)/C(5,2) = 6/10
    expect(passPowerK(5, 4, 2)).toBeCloseTo(0.6, 15);
    // C(3,3)/C(5,3) = 1/10
    expect(passPowerK(5, 3, 3)).toBeCloseTo(0.1, 15);
    expect(passPowerK(5, 2, 3)).toBe(0);
    expect(passPowerK(5, 5, 5)).toBe(1);
    expect(passPowerK(5, 4, 5)).toBe(0);
    expect(passPowerK(5, 2, 1)).toBeCloseTo(0.4, 15);
  });

  it("is undefined (null) when n < k", () => {
    expect(passPowerK(2, 2, 3)).toBeNull();
  });

  it("stays accurate for n in the hundreds", () => {
    // C(299,150)/C(300,150) = 150/300
    expect(passPowerK(300, 299, 150)).toBe(0.5);
    // C(200,100)/C(300,100): compare with the product form
    let product = 1;
    for (let i = 0; i < 100; i++) product *= (200 - i) / (300 - i);
    expect(passPowerK(300, 200, 100)! / product).toBeCloseTo(1, 12);
    expect(passPowerK(300, 200, 100)).toBeGreaterThan(0);
  });
});
