import { ppiMean, ppiPlan, ppiSpreads, type PpiPlan, type PpiResult } from "../stats";

/**
 * "What pass rate would our reviewers give this run?": the judge's verdict on every scored trial, a human gold label
 * on some of them, and prediction-powered inference (PPI++, lib/stats/ppi.ts) between the two. Valid when the
 * labeled trials are a random sample of the run's scored trials (a queue drawn at random from the run).
 */
export interface TrialReading {
  /** The judge's verdict on the trial. */
  judge: "pass" | "fail";
  /** The trial's human gold label (pass or fail), null when no human settled one. */
  human: "pass" | "fail" | null;
}

export interface HumanEquivalent {
  /** PPI++ estimate and interval with the humans-only one beside it; null when undefined (fewer than 2 labeled, none unlabeled). */
  ppi: PpiResult | null;
  /** The judge's raw pass rate over every scored trial. */
  judgeRate: number | null;
  n: number;
  N: number;
  plan: PpiPlan | null;
  /** Why ppi is null, in words. */
  undefinedBecause: string | null;
}

/** Aim of the plan: ±5 points, the precision a pass rate is usually read at. */
export const HUMAN_EQUIVALENT_TARGET = 0.05;

export function humanEquivalentPassRate(trials: readonly TrialReading[], target = HUMAN_EQUIVALENT_TARGET): HumanEquivalent {
  const bit = (v: string) => (v === "pass" ? 1 : 0);
  const labeled = trials.filter((t) => t.human !== null).map((t) => ({ human: bit(t.human!), judge: bit(t.judge) }));
  const unlabeled = trials.filter((t) => t.human === null).map((t) => bit(t.judge));
  const judgeRate = trials.length ? trials.filter((t) => t.judge === "pass").length / trials.length : null;
  const base = { judgeRate, n: labeled.length, N: trials.length };
  const ppi = ppiMean(labeled, unlabeled, { range: [0, 1] });
  if (!ppi)
    return {
      ...base,
      ppi: null,
      plan: null,
      undefinedBecause:
        labeled.length < 2
          ? `${labeled.length === 0 ? "no" : "only one"} trial of this run has a human gold label: label at least 2 (drawn at random from the run)`
          : "every scored trial has a human label: the humans' own pass rate is the answer",
    };
  const plan = ppi.ci95 ? ppiPlan(ppi, ppiSpreads(labeled, unlabeled, ppi.lambda), target) : null;
  return { ...base, ppi, plan, undefinedBecause: null };
}
