/**
 * How many more labelled items would let a Wald interval decide a bar: the sample-size arithmetic behind "label about
 * 41 more items to decide".
 */
import { Z_95 } from "./kappa";

/**
 * |estimate − bar| at or below this is "at the bar": a κ one rounding step away (0.3999999999999999 vs 0.4) is the bar,
 * and no finite number of labels separates them (without it the plan read "about 1.4e+32 more items").
 */
export const AT_BAR_TOLERANCE = 1e-9;

export interface SamplePlan {
  /** The 95% Wald interval estimate ± z·SE already excludes the bar. */
  decided: boolean;
  /** Planned total n* = ceil(n · (z·SE / |estimate − bar|)²). */
  nStar: number;
  /** max(0, n* − n). */
  moreToDecide: number;
}

/**
 * With n items, an estimate (κ̂) and its asymptotic standard error SE, the decision against bar b is made when the
 * Wald interval κ̂ ± z·SE excludes b. SE shrinks as 1/√n, so the interval's half-width at n* items is z·SE·√(n/n*);
 * it reaches |κ̂ − b| at
 *
 *   n* = ceil(n · (z·SE / |κ̂ − b|)²),  moreToDecide = max(0, n* − n)
 *
 * assuming κ̂ and the per-item spread stay where they are (a plan, not a promise: new labels move κ̂). It is the
 * normal-approximation sample size of a two-sided 95% test of κ = b, solved for n with the observed SE.
 *
 * @returns null when the estimate or SE is undefined, n < 1, SE = 0 (a degenerate interval: with no spread among the
 *   items there is nothing to scale, and "decided on 2 items" would be a zero-width interval taken for certainty), or
 *   the estimate is at the bar within AT_BAR_TOLERANCE (no finite n separates them).
 * @throws when n is not a non-negative integer, SE is negative, or z is not positive.
 */
export function samplesToDecide(input: {
  n: number;
  estimate: number | null;
  se: number | null;
  bar: number;
  z?: number;
}): SamplePlan | null {
  const { n, estimate, se, bar } = input;
  const z = input.z ?? Z_95;
  if (!Number.isInteger(n) || n < 0) throw new Error(`n must be a non-negative integer, got ${n}.`);
  if (!(Number.isFinite(z) && z > 0)) throw new Error(`z must be a positive number, got ${z}.`);
  if (se !== null && (!Number.isFinite(se) || se < 0)) throw new Error(`The standard error must be a non-negative number, got ${se}.`);
  if (!Number.isFinite(bar)) throw new Error(`The bar must be a number, got ${bar}.`);
  if (estimate === null || se === null || !Number.isFinite(estimate) || n < 1 || se === 0) return null;
  const gap = Math.abs(estimate - bar);
  if (gap <= AT_BAR_TOLERANCE) return null;
  const nStar = Math.ceil(n * ((z * se) / gap) ** 2);
  return { decided: z * se < gap, nStar, moreToDecide: Math.max(0, nStar - n) };
}
