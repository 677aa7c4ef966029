/**
 * Prediction-powered inference for a mean (a pass rate): the judge's verdict on every trial, a human label on a random
 * subset of them, and an estimate of what the humans would say on all of them with a valid 95% interval.
 *
 * Angelopoulos, Bates, Fannjiang, Jordan & Zrnic (2023), "Prediction-powered inference", Science 382(6671), 669–674;
 * PPI++ (the power-tuning parameter λ): Angelopoulos, Duchi & Zrnic (2023), "PPI++: Efficient prediction-powered
 * inference", arXiv:2311.01453. The formulas follow the authors' reference implementation (ppi_py, ppi_mean_ci and
 * _calc_lam_glm), so the numbers can be recomputed there.
 *
 * With labeled pairs (Yᵢ human, fᵢ judge), i = 1..n, and the judge alone on N other trials f̃ⱼ (the paper's N; the result
 * reports N as every trial the judge saw, n + unlabeled):
 *
 *   θ̂_λ = mean(Y) + λ · (mean(f̃) − mean(f))
 *   SE² = Var₀(Y − λf) / n + λ² · Var₀(f̃) / N            (Var₀: population variance, divisor n or N)
 *   λ̂   = Cov₀(Y, f) / ((1 + n/N) · Var₁(f ∪ f̃)),  clipped to [0, 1]   (Var₁: sample variance, divisor n + N − 1)
 *
 * λ = 1 is the original PPI, λ = 0 the humans-only (classical) estimate; the tuned λ̂ makes the interval no wider
 * than the humans-only one up to sampling noise in λ̂, and narrower whenever the judge is informative.
 */
import { Z_95 } from "./kappa";
import type { Interval } from "./proportions";

export interface MeanEstimate {
  estimate: number;
  se: number;
  /** null when SE is 0: no zero-width interval is shown as a measurement. */
  ci95: Interval | null;
}

export interface PpiResult extends MeanEstimate {
  /** Human-labeled trials (with a judge verdict too). */
  n: number;
  /** Every trial the judge saw: n + unlabeled. */
  N: number;
  /** Trials the judge alone saw (the paper's N, the unlabeled set). */
  unlabeled: number;
  lambda: number;
  /** The classical estimate from the n human labels alone (λ = 0): what PPI is compared with. */
  humansOnly: MeanEstimate;
}

export interface PpiOptions {
  /** Fix λ (1: plain PPI; 0: humans only) instead of tuning it. */
  lambda?: number;
  z?: number;
  /** Clip the interval to a known range, e.g. [0, 1] for a pass rate (clipping never lowers coverage). */
  range?: readonly [number, number];
}

function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Σ(x − x̄)² / (n − ddof). */
function variance(xs: readonly number[], ddof: 0 | 1): number {
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return s / (xs.length - ddof);
}

function interval(estimate: number, se: number, z: number, range?: readonly [number, number]): Interval | null {
  if (!(se > 0)) return null;
  let low = estimate - z * se;
  let high = estimate + z * se;
  if (range) {
    low = Math.min(Math.max(low, range[0]), range[1]);
    high = Math.min(Math.max(high, range[0]), range[1]);
  }
  return { low, high };
}

/**
 * PPI++'s power-tuning parameter for a mean (ppi_py's _calc_lam_glm with the identity Hessian), clipped to [0, 1].
 * @returns 0 when the judge's verdicts do not vary (they carry nothing to borrow).
 */
export function ppiLambda(y: readonly number[], f: readonly number[], fUnlabeled: readonly number[]): number {
  const n = y.length;
  const N = fUnlabeled.length;
  const my = mean(y);
  const mf = mean(f);
  let cov = 0;
  for (let i = 0; i < n; i++) cov += (y[i]! - my) * (f[i]! - mf);
  cov /= n;
  // The sample variance of f ∪ f̃ in two passes, without copying N values.
  const total = n + N;
  const mAll = (mf * n + mean(fUnlabeled) * N) / total;
  let squares = 0;
  for (const xs of [f, fUnlabeled]) for (const x of xs) squares += (x - mAll) ** 2;
  const varAll = squares / (total - 1);
  if (!(varAll > 0)) return 0;
  const lambda = cov / ((1 + n / N) * varAll);
  return Math.min(1, Math.max(0, lambda));
}

/**
 * The prediction-powered (PPI++) estimate of the human mean with its 95% interval, and the humans-only one beside it.
 *
 * @param labeled pairs on the trials humans labeled: human = Yᵢ, judge = fᵢ (pass = 1, fail = 0 for a pass rate).
 * @param unlabeled the judge's value on every trial no human labeled.
 * @returns null when undefined: fewer than 2 labeled pairs or no unlabeled trial.
 * @throws when a value is not a finite number or a fixed λ is not finite.
 */
export function ppiMean(
  labeled: readonly { human: number; judge: number }[],
  unlabeled: readonly number[],
  options: PpiOptions = {},
): PpiResult | null {
  const z = options.z ?? Z_95;
  const y = labeled.map((p) => p.human);
  const f = labeled.map((p) => p.judge);
  for (const [name, xs] of [
    ["human", y],
    ["judge", f],
    ["unlabeled judge", unlabeled],
  ] as const) {
    const bad = xs.findIndex((x) => !Number.isFinite(x));
    if (bad >= 0) throw new Error(`ppiMean: ${name} value ${bad + 1} is not a finite number (${xs[bad]}).`);
  }
  if (options.lambda !== undefined && !Number.isFinite(options.lambda)) throw new Error(`λ must be a number, got ${options.lambda}.`);
  const n = y.length;
  const N = unlabeled.length;
  if (n < 2 || N < 1) return null;
  const lambda = options.lambda ?? ppiLambda(y, f, unlabeled);
  const estimate = mean(y) + lambda * (mean(unlabeled) - mean(f));
  const rectifier = y.map((yi, i) => yi - lambda * f[i]!);
  const se = Math.sqrt(variance(rectifier, 0) / n + (lambda ** 2 * variance(unlabeled, 0)) / N);
  const humans = mean(y);
  const humansSe = Math.sqrt(variance(y, 0) / n);
  return {
    estimate: clip(estimate, options.range),
    se,
    ci95: interval(estimate, se, z, options.range),
    n,
    N: n + N,
    unlabeled: N,
    lambda,
    humansOnly: { estimate: humans, se: humansSe, ci95: interval(humans, humansSe, z, options.range) },
  };
}

function clip(x: number, range?: readonly [number, number]): number {
  return range ? Math.min(Math.max(x, range[0]), range[1]) : x;
}

export interface PpiPlan {
  /** The half-width aimed at. */
  halfWidth: number;
  /** The half-width now. */
  current: number;
  /** Labeled trials in total for the interval to reach ±halfWidth; null when labels alone cannot get there. */
  nStar: number | null;
  /** max(0, nStar − n); null with nStar. */
  more: number | null;
}

/**
 * "Label n more to get the interval to ±x": the labeled term of SE² shrinks as 1/n while the judge-only term stays,
 * so the half-width z·√(Var₀(Y − λf)/n* + λ²Var₀(f̃)/N) reaches x at
 *
 *   n* = ceil(Var₀(Y − λf) / ((x/z)² − λ²Var₀(f̃)/N))
 *
 * if λ and the spreads hold (a plan, not a promise). nStar is null when the judge-only term alone is wider than x.
 * @param spreads the two variances behind result.se: rectifier = Var₀(Y − λf), unlabeled = Var₀(f̃).
 */
export function ppiPlan(result: PpiResult, spreads: { rectifier: number; unlabeled: number }, halfWidth: number, z = Z_95): PpiPlan {
  if (!(halfWidth > 0)) throw new Error(`The half-width must be positive, got ${halfWidth}.`);
  const room = (halfWidth / z) ** 2 - (result.lambda ** 2 * spreads.unlabeled) / result.unlabeled;
  const nStar = room > 0 ? Math.max(2, Math.ceil(spreads.rectifier / room)) : null;
  return { halfWidth, current: z * result.se, nStar, more: nStar === null ? null : Math.max(0, nStar - result.n) };
}

/** The two variances behind a PPI result's SE, for ppiPlan. */
export function ppiSpreads(
  labeled: readonly { human: number; judge: number }[],
  unlabeled: readonly number[],
  lambda: number,
): { rectifier: number; unlabeled: number } {
  return {
    rectifier: variance(
      labeled.map((p) => p.human - lambda * p.judge),
      0,
    ),
    unlabeled: variance(unlabeled, 0),
  };
}
