import { ppiMean, ppiPlan, ppiSpreads, type PpiPlan, type PpiResult } from "../../stats";
import { UsageError } from "../exit";
import type { ColumnPairs } from "./agreement-input";

/**
 * `gavel agreement FILE --a judge --b human --ppi`: the pass rate humans would give over every row the judge rated,
 * by prediction-powered inference (lib/stats/ppi.ts). Rows with a judge value and no human value are the unlabeled
 * trials; rows with both are the labeled ones; rows without a judge value are left out (and counted).
 */
export interface PpiJson {
  estimator: "ppi++";
  positive: string;
  estimate: number;
  se: number;
  ci95: [number, number] | null;
  n: number;
  N: number;
  lambda: number;
  humansOnly: { estimate: number; ci95: [number, number] | null };
  /** The raw judge pass rate over all N. */
  judge: number;
  plan: PpiPlan | null;
}

const pair = (i: { low: number; high: number } | null): [number, number] | null => (i ? [i.low, i.high] : null);

/** The plan's default aim: ±0.05, or half the current half-width once that is met. */
export function ppiTarget(result: PpiResult): number {
  const current = result.ci95 ? (result.ci95.high - result.ci95.low) / 2 : Infinity;
  return current > 0.05 ? 0.05 : Math.max(0.005, Math.round((current / 2) * 1000) / 1000);
}

export function ppiFromRows(rows: ColumnPairs["rows"], positive: string, target?: number): PpiJson {
  const judged = rows.filter((r): r is typeof r & { a: string } => r.a !== null);
  const labeled = judged.filter((r) => r.b !== null).map((r) => ({ human: r.b === positive ? 1 : 0, judge: r.a === positive ? 1 : 0 }));
  const unlabeled = judged.filter((r) => r.b === null).map((r) => (r.a === positive ? 1 : 0));
  const result = ppiMean(labeled, unlabeled, { range: [0, 1] });
  if (!result)
    throw new UsageError(
      `--ppi needs at least 2 rows with both values and 1 row with only the judge's (rows with an empty human value are the unlabeled trials); found ${labeled.length} and ${unlabeled.length}.`,
    );
  const aim = target ?? ppiTarget(result);
  return {
    estimator: "ppi++",
    positive,
    estimate: result.estimate,
    se: result.se,
    ci95: pair(result.ci95),
    n: result.n,
    N: result.N,
    lambda: result.lambda,
    humansOnly: { estimate: result.humansOnly.estimate, ci95: pair(result.humansOnly.ci95) },
    judge: [...labeled.map((l) => l.judge), ...unlabeled].reduce((s, x) => s + x, 0) / result.N,
    plan: result.ci95 ? ppiPlan(result, ppiSpreads(labeled, unlabeled, result.lambda), aim) : null,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const range = (ci: [number, number] | null) => (ci ? `[${pct(ci[0])}, ${pct(ci[1])}]` : "no interval (no variation among the labels)");

/** The plan in words: "label about 240 more to get the interval to ±5.0%". */
export function ppiPlanSentence(plan: PpiPlan | null, n: number, N: number): string {
  if (!plan) return "label items of both outcomes: with no variation among the labels there is no interval yet";
  if (plan.current <= plan.halfWidth) return `the interval is already within ±${pct(plan.halfWidth)}`;
  if (plan.nStar === null || plan.nStar > N)
    return `labels alone cannot get the interval to ±${pct(plan.halfWidth)}: the judge-only part is wider — a more accurate judge would`;
  return `label about ${plan.more} more (${plan.nStar} of ${N}, now ${n}) to get the interval to ±${pct(plan.halfWidth)}`;
}

export function ppiTable(p: PpiJson, a: string, b: string): string {
  return [
    `  human-equivalent pass rate ("${b}" = ${p.positive}) by prediction-powered inference (PPI++)`,
    `    estimate ${pct(p.estimate)}   95% ${range(p.ci95)}   λ ${p.lambda.toFixed(3)}`,
    `    humans only (the ${p.n} labeled rows) ${pct(p.humansOnly.estimate)}   95% ${range(p.humansOnly.ci95)}`,
    `    "${a}" alone on all ${p.N} rows ${pct(p.judge)} (no interval: it is the judge's rate, not the humans')`,
    `    plan: ${ppiPlanSentence(p.plan, p.n, p.N)}`,
  ].join("\n");
}
