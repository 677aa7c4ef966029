import { itemKind, type ItemKind } from "../items/kinds";
import { formatStat } from "./format";
import type { GatePolicy } from "./gate-policy";

export { DEFAULT_GATE_POLICY, gatePolicySchema, type GatePolicy } from "./gate-policy";

/*
 * The judge gate: may this judge version gate CI? Every rule is evaluated and returned with the
 * number behind it, so the page can show exactly why. An undefined number (null) never passes.
 */
/** What the gate reads from a calibration (the latest on the test split). */
export interface GateCalibration {
  id: string;
  split: string;
  labelSetHash: string;
  n: number;
  kappa: number | null;
  kappaCiLow: number | null;
  tpr: number | null;
  tnr: number | null;
  classCounts: Record<string, number>;
  flipRate: number | null;
}

export interface GateInput {
  kind: ItemKind;
  calibration: GateCalibration | null;
  /** The hash of the gold set's test split as it is now; null when it has no gold labels. */
  currentLabelSetHash: string | null;
}

export type GateRuleId = "calibrated" | "current" | "items" | "classes" | "kappa" | "tpr" | "tnr" | "flip";

export interface GateRule {
  id: GateRuleId;
  label: string;
  passed: boolean;
  /** The number behind it, as shown ("0.71", "undefined", "pass 12 · fail 9"). */
  actual: string;
}

export interface GateResult {
  passed: boolean;
  rules: GateRule[];
  calibrationId: string | null;
}

export function formatNumber(value: number | null | undefined, digits = 3): string {
  return formatStat(value, digits);
}

const atLeast = (value: number | null, bar: number) => value !== null && Number.isFinite(value) && value >= bar;

export function evaluateGate(policy: GatePolicy, input: GateInput): GateResult {
  const c = input.calibration;
  const none = "no calibration on the test split";
  const rules: GateRule[] = [];
  rules.push({
    id: "calibrated",
    label: "Calibrated on the held-out test split",
    passed: c?.split === "test",
    actual: c ? `split ${c.split}` : none,
  });
  rules.push({
    id: "current",
    label: "Calibrated on the current gold set",
    passed: Boolean(c && input.currentLabelSetHash && c.labelSetHash === input.currentLabelSetHash),
    actual: !c
      ? none
      : !input.currentLabelSetHash
        ? "the test split has no gold labels now"
        : c.labelSetHash === input.currentLabelSetHash
          ? "current"
          : "the gold labels changed since",
  });
  rules.push({
    id: "items",
    label: `At least ${policy.minItems} gold items judged`,
    passed: Boolean(c && c.n >= policy.minItems),
    actual: c ? `${c.n} items` : none,
  });

  const classes = expectedClasses(input.kind, c?.classCounts ?? {});
  const classesOk = Boolean(c) && classes.length >= 2 && classes.every((k) => (c!.classCounts[k] ?? 0) >= policy.minPerClass);
  rules.push({
    id: "classes",
    label: `At least ${policy.minPerClass} of each class`,
    passed: classesOk,
    actual: !c
      ? none
      : classes.length < 2
        ? "fewer than two classes present"
        : classes.map((k) => `${k} ${c.classCounts[k] ?? 0}`).join(" · "),
  });

  const kappaValue = c ? (policy.useKappaLowerBound ? c.kappaCiLow : c.kappa) : null;
  rules.push({
    id: "kappa",
    label: policy.useKappaLowerBound ? `Lower 95% bound of κ ≥ ${policy.minKappa.toFixed(2)}` : `κ ≥ ${policy.minKappa.toFixed(2)}`,
    passed: atLeast(kappaValue, policy.minKappa),
    actual: c ? `κ${policy.useKappaLowerBound ? " lower bound" : ""} ${formatNumber(kappaValue)}` : none,
  });
  // The true positive and true negative rates are one rule, each on its own class.
  const rates = [
    ["tpr", policy.minTpr],
    ["tnr", policy.minTnr],
  ] as const;
  for (const [id, min] of rates) {
    if (min === null) continue;
    const name = id.toUpperCase();
    rules.push({
      id,
      label: `${name} ≥ ${min.toFixed(2)}`,
      passed: atLeast(c?.[id] ?? null, min),
      actual: c ? `${name} ${formatNumber(c[id])}` : none,
    });
  }
  if (policy.maxFlipRate !== null) {
    const rate = c?.flipRate ?? null;
    rules.push({
      id: "flip",
      label: `Flip rate ≤ ${policy.maxFlipRate.toFixed(2)}`,
      passed: rate !== null && rate <= policy.maxFlipRate,
      actual: !c ? none : rate === null ? "undefined (judge each item at least twice)" : `flip rate ${formatNumber(rate)}`,
    });
  }
  return { passed: rules.every((r) => r.passed), rules, calibrationId: c?.id ?? null };
}

/** A kind with fixed values (binary, pairwise) expects each of them; a scale kind (graded): every score observed in the gold set. */
export function expectedClasses(kind: ItemKind, counts: Record<string, number>): string[] {
  const fixed = itemKind(kind).fixedValues;
  if (fixed) return [...fixed];
  return Object.keys(counts).filter((k) => (counts[k] ?? 0) > 0);
}
