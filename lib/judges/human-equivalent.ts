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
  /**
   * Set when that label's queue did not take the trial at random (lib/db/runs.ts says why): the label is left out and
   * the trial counts as unlabeled, since PPI is valid only when the labeled trials are a random sample of the run.
   */
  notRandom?: string | null;
}

export interface HumanEquivalent {
  /** PPI++ estimate and interval with the humans-only one beside it; null when undefined (fewer than 2 labeled, none unlabeled). */
  ppi: PpiResult | null;
  /** The judge's raw pass rate over every scored trial. */
  judgeRate: number | null;
  n: number;
  N: number;
  /** Human labels left out because their queue did not take the trials at random: how many, and the distinct reasons. */
  leftOut: { n: number; why: string[] } | null;
  plan: PpiPlan | null;
  /** The plan in words (the run page and `gavel run --json` say the same); null with plan. */
  planSentence: string | null;
  /** Why ppi is null, in words. */
  undefinedBecause: string | null;
}

/** Aim of the plan: ±5 points, the precision a pass rate is usually read at. */
export const HUMAN_EQUIVALENT_TARGET = 0.05;

export function humanEquivalentPassRate(trials: readonly TrialReading[], target = HUMAN_EQUIVALENT_TARGET): HumanEquivalent {
  const bit = (v: string) => (v === "pass" ? 1 : 0);
  const used = (t: TrialReading) => t.human !== null && !t.notRandom;
  const labeled = trials.filter(used).map((t) => ({ human: bit(t.human!), judge: bit(t.judge) }));
  const unlabeled = trials.filter((t) => !used(t)).map((t) => bit(t.judge));
  const judgeRate = trials.length ? trials.filter((t) => t.judge === "pass").length / trials.length : null;
  const dropped = trials.filter((t) => t.human !== null && t.notRandom);
  const leftOut = dropped.length ? { n: dropped.length, why: [...new Set(dropped.map((t) => t.notRandom!))] } : null;
  const base = { judgeRate, n: labeled.length, N: trials.length, leftOut };
  const ppi = ppiMean(labeled, unlabeled, { range: [0, 1] });
  if (!ppi)
    return {
      ...base,
      ppi: null,
      plan: null,
      planSentence: null,
      undefinedBecause:
        labeled.length < 2
          ? `${labeled.length === 0 ? "no" : "only one"} trial of this run has a human gold label${leftOut ? " from a random sample" : ""}: label at least 2 (drawn at random from the run)`
          : "every scored trial has a human label: the humans' own pass rate is the answer",
    };
  const plan = ppi.ci95 ? ppiPlan(ppi, ppiSpreads(labeled, unlabeled, ppi.lambda), target) : null;
  return { ...base, ppi, plan, planSentence: plan ? planWords(plan, trials.length) : null, undefinedBecause: null };
}

/**
 * "Label 140 more trials … to get the interval to ±5 points": what the plan asks for, and where labels cannot get there
 * (the judge-only part of the interval is wider than the aim by itself, or the labels needed outnumber the run's trials).
 */
export function planWords(plan: PpiPlan, N: number): string {
  const aim = `±${+(plan.halfWidth * 100).toFixed(1)} points`;
  if (plan.current <= plan.halfWidth) return `The interval is already within ${aim}.`;
  if (plan.nStar === null)
    return `Labels alone cannot narrow it to ${aim}: the judge-only part of the interval is wider than that by itself. A more accurate judge would.`;
  if (plan.nStar > N)
    return `About ${plan.nStar} labeled trials would narrow it to ${aim}, more than this run's ${N}: a bigger run or a more accurate judge would.`;
  return `Label ${plan.more} more trials, drawn at random from this run, to get the interval to ${aim} (about ${plan.nStar} in all).`;
}
