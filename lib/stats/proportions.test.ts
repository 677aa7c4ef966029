import { describe, expect, it } from "vitest";
import { binaryAgreement, wilsonInterval } from "./proportions";

// Newcombe (1998), Statistics in Medicine 17, 857–872, Table I, method 3 (score interval without continuity
// correction), to four decimals; `exact` is the same formula evaluated at 40 digits with z = 1.959963984540054, then rounded to a double.
const NEWCOMBE: { x: number; n: number; table: [number, number]; exact: [number, number] }[] = [
  { x: 81, n: 263, table: [0.2553, 0.3662], exact: [0.2552885198782742, 0.36620957698280004] },
  { x: 15, n: 148, table: [0.0624, 0.1605], exact: [0.06238639953073628, 0.16048724172330803] },
  { x: 0, n: 20, table: [0, 0.1611], exact: [0, 0.16112515805281935] },
  { x: 1, n: 29, table: [0.0061, 0.1718], exact: [0.006113214292762662, 0.17175521879320285] },
  { x: 29, n: 29, table: [0.883, 1], exact: [0.8830302015002592, 1] },
];

describe("wilsonInterval", () => {
  for (const { x, n, table, exact } of NEWCOMBE) {
    it(`matches Newcombe (1998) Table I for ${x}/${n}: ${table[0]} to ${table[1]}`, () => {
      const interval = wilsonInterval(x, n)!;
      expect(interval.low).toBeCloseTo(exact[0], 9);
      expect(interval.high).toBeCloseTo(exact[1], 9);
      expect(Math.abs(interval.low - table[0])).toBeLessThanOrEqual(5e-5);
      expect(Math.abs(interval.high - table[1])).toBeLessThanOrEqual(5e-5);
    });
  }

  it("puts the limits exactly at 0 for x = 0 and at 1 for x = n", () => {
    expect([wilsonInterval(0, 7)!.low, wilsonInterval(7, 7)!.high]).toEqual([0, 1]);
  });

  it("is undefined for n = 0", () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it("throws when successes exceed n", () => {
    expect(() => wilsonInterval(5, 4)).toThrow(/between 0 and n = 4, got 5/);
  });
});

describe("binaryAgreement", () => {
  // 3 TP, 1 FN, 4 TN, 2 FP.
  const predicted = [true, true, true, false, false, false, false, false, true, true];
  const actual = [true, true, true, true, false, false, false, false, false, false];

  it("counts the 2 × 2 table", () => {
    const r = binaryAgreement(predicted, actual);
    expect([r.n, r.tp, r.fn, r.tn, r.fp]).toEqual([10, 3, 1, 4, 2]);
  });

  it("gives accuracy, TPR, TNR and balanced accuracy", () => {
    const r = binaryAgreement(predicted, actual);
    expect([r.accuracy, r.tpr, r.tnr]).toEqual([0.7, 0.75, 4 / 6]);
    expect(r.balancedAccuracy).toBeCloseTo((0.75 + 4 / 6) / 2, 15);
  });

  it("gives each rate its Wilson interval", () => {
    const r = binaryAgreement(predicted, actual);
    expect([r.accuracyCi, r.tprCi, r.tnrCi]).toEqual([wilsonInterval(7, 10), wilsonInterval(3, 4), wilsonInterval(4, 6)]);
  });

  it("leaves TPR, its interval and balanced accuracy undefined when there is no actual positive", () => {
    const r = binaryAgreement([true, false], [false, false]);
    expect([r.tpr, r.tprCi, r.balancedAccuracy]).toEqual([null, null, null]);
    expect(r.tnr).toBe(0.5);
  });

  it("leaves every rate undefined for no items", () => {
    const r = binaryAgreement([], []);
    expect([r.accuracy, r.tpr, r.tnr, r.balancedAccuracy, r.accuracyCi]).toEqual([null, null, null, null, null]);
  });

  it("throws on unequal lengths", () => {
    expect(() => binaryAgreement([true], [])).toThrow(/same items: got 1 and 0/);
  });
});
