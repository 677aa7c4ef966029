import { describe, expect, it } from "vitest";
import { DEFAULT_GATE_POLICY, evaluateGate, gatePolicySchema, type GateCalibration, type GateRuleId } from "./gate";

const passing: GateCalibration = {
  id: "c1",
  split: "test",
  labelSetHash: "h",
  n: 40,
  kappa: 0.72,
  kappaCiLow: 0.55,
  tpr: 0.9,
  tnr: 0.8,
  classCounts: { pass: 22, fail: 18 },
  flipRate: 0.05,
};

const failing = (result: ReturnType<typeof evaluateGate>) => result.rules.filter((r) => !r.passed).map((r) => r.id);

describe("evaluateGate", () => {
  it("passes a calibration that clears every default rule, listing each with its number", () => {
    const result = evaluateGate(DEFAULT_GATE_POLICY, { kind: "binary", calibration: passing, currentLabelSetHash: "h" });
    expect(result.passed).toBe(true);
    expect(result.rules.map((r) => [r.id, r.actual])).toEqual([
      ["calibrated", "split test"],
      ["current", "current"],
      ["items", "40 items"],
      ["classes", "pass 22 · fail 18"],
      ["kappa", "κ 0.720"],
    ]);
  });

  it.each<[string, Partial<GateCalibration>, string | null, GateRuleId]>([
    ["a dev-split calibration", { split: "dev" }, "h", "calibrated"],
    ["gold labels that changed since", {}, "other", "current"],
    ["a test split without gold now", {}, null, "current"],
    ["29 items", { n: 29 }, "h", "items"],
    ["9 of one class", { classCounts: { pass: 31, fail: 9 } }, "h", "classes"],
    ["one class only", { classCounts: { pass: 40 } }, "h", "classes"],
    ["kappa 0.59", { kappa: 0.59 }, "h", "kappa"],
    ["undefined kappa", { kappa: null }, "h", "kappa"],
  ])("fails exactly one rule for %s", (_name, change, current, rule) => {
    const result = evaluateGate(DEFAULT_GATE_POLICY, {
      kind: "binary",
      calibration: { ...passing, ...change },
      currentLabelSetHash: current,
    });
    expect(result.passed).toBe(false);
    expect(failing(result)).toEqual([rule]);
  });

  it("fails every rule without a calibration", () => {
    const result = evaluateGate(DEFAULT_GATE_POLICY, { kind: "binary", calibration: null, currentLabelSetHash: "h" });
    expect(result.passed).toBe(false);
    expect(failing(result)).toEqual(["calibrated", "current", "items", "classes", "kappa"]);
  });

  it("holds the lower interval bound to the bar when the policy says so", () => {
    const policy = gatePolicySchema.parse({ useKappaLowerBound: true });
    const result = evaluateGate(policy, { kind: "binary", calibration: passing, currentLabelSetHash: "h" });
    expect(failing(result)).toEqual(["kappa"]);
    expect(result.rules.find((r) => r.id === "kappa")).toMatchObject({
      label: "Lower 95% bound of κ ≥ 0.60",
      actual: "κ lower bound 0.550",
    });
    expect(
      failing(evaluateGate(policy, { kind: "binary", calibration: { ...passing, kappaCiLow: null }, currentLabelSetHash: "h" })),
    ).toEqual(["kappa"]);
  });

  it("adds the optional TPR, TNR and flip-rate rules, and undefined numbers fail them", () => {
    const policy = gatePolicySchema.parse({ minTpr: 0.85, minTnr: 0.85, maxFlipRate: 0.1 });
    expect(failing(evaluateGate(policy, { kind: "binary", calibration: passing, currentLabelSetHash: "h" }))).toEqual(["tnr"]);
    const undefinedRates = { ...passing, tpr: null, tnr: 0.9, flipRate: null };
    const result = evaluateGate(policy, { kind: "binary", calibration: undefinedRates, currentLabelSetHash: "h" });
    expect(failing(result)).toEqual(["tpr", "flip"]);
    expect(result.rules.find((r) => r.id === "flip")?.actual).toMatch(/undefined/);
  });

  it("needs two classes with enough items for pairwise and graded judges too", () => {
    expect(
      failing(
        evaluateGate(DEFAULT_GATE_POLICY, {
          kind: "pairwise",
          calibration: { ...passing, classCounts: { A: 20, B: 20 } },
          currentLabelSetHash: "h",
        }),
      ),
    ).toEqual([]);
    expect(
      failing(
        evaluateGate(DEFAULT_GATE_POLICY, {
          kind: "pairwise",
          calibration: { ...passing, classCounts: { A: 40, B: 0 } },
          currentLabelSetHash: "h",
        }),
      ),
    ).toEqual(["classes"]);
    const graded = { ...passing, classCounts: { "1": 0, "2": 12, "3": 9, "4": 19 } };
    expect(failing(evaluateGate(DEFAULT_GATE_POLICY, { kind: "graded", calibration: graded, currentLabelSetHash: "h" }))).toEqual([
      "classes",
    ]);
  });

  it("rejects a malformed policy naming the field", () => {
    const result = gatePolicySchema.safeParse({ minKappa: 2 });
    expect(result.error?.issues[0]).toMatchObject({ path: ["minKappa"], message: "minKappa must be between -1 and 1" });
    expect(gatePolicySchema.safeParse({ minKappa: 0.5, extra: 1 }).success).toBe(false);
  });
});
