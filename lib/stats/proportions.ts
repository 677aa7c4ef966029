/**
 * Proportions with Wilson score intervals, and a binary judge's agreement with human verdicts (accuracy, TPR, TNR).
 */
import { assertSameLength } from "./confusion";
import { Z_95 } from "./kappa";

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval for a binomial proportion x/n, without continuity correction (Wilson 1927; Newcombe 1998,
 * "Two-sided confidence intervals for the single proportion: comparison of seven methods", Statistics in Medicine
 * 17, 857–872, method 3):
 *
 *   (2x + z² ∓ z·√(z² + 4x(n − x)/n)) / (2(n + z²))
 *
 * The limits are exactly 0 when x = 0 and exactly 1 when x = n (the formula gives those values; they are set
 * directly so that rounding cannot leave them a hair outside [0, 1]).
 *
 * @param z the normal quantile; default 1.959963984540054 (95%).
 * @returns null when n = 0 (no trials: no proportion to bound).
 * @throws when x or n is not a non-negative integer, x > n, or z is not positive.
 */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): Interval | null {
  if (!Number.isInteger(n) || n < 0) throw new Error(`n must be a non-negative integer, got ${n}.`);
  if (!Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new Error(`successes must be an integer between 0 and n = ${n}, got ${successes}.`);
  }
  if (!(Number.isFinite(z) && z > 0)) throw new Error(`z must be a positive number, got ${z}.`);
  if (n === 0) return null;
  const z2 = z * z;
  const centre = 2 * successes + z2;
  const half = z * Math.sqrt(z2 + (4 * successes * (n - successes)) / n);
  const denominator = 2 * (n + z2);
  return {
    low: successes === 0 ? 0 : (centre - half) / denominator,
    high: successes === n ? 1 : (centre + half) / denominator,
  };
}

export interface BinaryAgreement {
  n: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  /** (tp + tn) / n; null when n = 0. */
  accuracy: number | null;
  /** Sensitivity tp / (tp + fn); null when there is no actual positive. */
  tpr: number | null;
  /** Specificity tn / (tn + fp); null when there is no actual negative. */
  tnr: number | null;
  /** (TPR + TNR) / 2; null when either is undefined. */
  balancedAccuracy: number | null;
  accuracyCi: Interval | null;
  tprCi: Interval | null;
  tnrCi: Interval | null;
}

function rate(hits: number, total: number): number | null {
  return total === 0 ? null : hits / total;
}

/**
 * Agreement of binary verdicts with the truth (e.g. a judge's pass/fail against the human label): the 2 × 2 counts,
 * accuracy, true-positive rate, true-negative rate and balanced accuracy (Brodersen et al. 2010), each rate with its
 * 95% Wilson interval (null when the rate is undefined).
 *
 * @throws when the arrays differ in length.
 */
export function binaryAgreement(predicted: readonly boolean[], actual: readonly boolean[]): BinaryAgreement {
  assertSameLength(predicted, actual, "Predicted and actual verdicts");
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  predicted.forEach((p, i) => {
    if (actual[i]) {
      if (p) tp += 1;
      else fn += 1;
    } else if (p) fp += 1;
    else tn += 1;
  });
  const n = predicted.length;
  const tpr = rate(tp, tp + fn);
  const tnr = rate(tn, tn + fp);
  return {
    n,
    tp,
    fp,
    tn,
    fn,
    accuracy: rate(tp + tn, n),
    tpr,
    tnr,
    balancedAccuracy: tpr === null || tnr === null ? null : (tpr + tnr) / 2,
    accuracyCi: wilsonInterval(tp + tn, n),
    tprCi: wilsonInterval(tp, tp + fn),
    tnrCi: wilsonInterval(tn, tn + fp),
  };
}
