import { describe, expect, it } from "vitest";
import { correctedPassRate } from "./correction";

const base = { calibrationId: "c", calibrationN: 40 };

describe("correctedPassRate", () => {
  it("corrects the raw pass rate with the judge's TPR and TNR (Rogan–Gladen) and keeps the inputs", () => {
    // apparent 0.6, TPR 0.9, TNR 0.8: (0.6 + 0.8 − 1) / (0.9 + 0.8 − 1) = 0.4 / 0.7
    const result = correctedPassRate({ passed: 60, scored: 100, tpr: 0.9, tnr: 0.8, ...base });
    expect(result.raw).toBeCloseTo(0.6, 12);
    expect(result.corrected).toBeCloseTo(0.4 / 0.7, 12);
    expect(result).toMatchObject({
      clipped: false,
      undefinedBecause: null,
      inputs: { tpr: 0.9, tnr: 0.8, calibrationId: "c", calibrationN: 40 },
    });
  });

  it("is undefined, with the reason, when it cannot be computed", () => {
    expect(correctedPassRate({ passed: 0, scored: 0, tpr: 0.9, tnr: 0.9, ...base })).toMatchObject({
      raw: null,
      corrected: null,
      undefinedBecause: "no scored trials",
    });
    expect(correctedPassRate({ passed: 5, scored: 10, tpr: null, tnr: 0.9, ...base })).toMatchObject({
      raw: 0.5,
      corrected: null,
      undefinedBecause: expect.stringContaining("TPR and TNR"),
    });
    expect(correctedPassRate({ passed: 5, scored: 10, tpr: 0.5, tnr: 0.5, ...base })).toMatchObject({
      corrected: null,
      undefinedBecause: expect.stringContaining("no better than chance"),
    });
  });

  it("clips an estimate outside [0, 1] and says so", () => {
    expect(correctedPassRate({ passed: 1, scored: 100, tpr: 0.9, tnr: 0.8, ...base })).toMatchObject({ corrected: 0, clipped: true });
  });

  it("refuses impossible counts", () => {
    expect(() => correctedPassRate({ passed: 11, scored: 10, tpr: 0.9, tnr: 0.9, ...base })).toThrow(/between 0 and scored/);
  });
});
