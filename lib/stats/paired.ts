import tQuantile from "@stdlib/stats-base-dists-t-quantile";

export interface PairedDifference {
  /** Pairs counted. */
  n: number;
  /** Mean of head − base over the pairs; null with no pair. */
  mean: number | null;
  /** Standard error of the mean difference, s_d / √n; null below two pairs. */
  se: number | null;
  /** The interval's ends; null below two pairs. Not clipped to [−1, 1]. */
  low: number | null;
  high: number | null;
  level: number;
}

/**
 * The mean of paired differences d_i = head_i − base_i (one pair per task: the same task's pass rate
 * in two runs) with a Student-t interval: d̄ ± t_{(1+level)/2, n−1} · s_d / √n, s_d the sample
 * standard deviation (n − 1).
 *
 * Pairing removes the spread of task difficulty from the comparison, which is what makes two runs of
 * the same suite comparable at all: Miller (2024), "Adding Error Bars to Evals: A Statistical
 * Approach to Language Model Evaluations", arXiv:2411.00640, §4 "Paired differences". The t quantile
 * (rather than 1.96) keeps the interval honest for suites of a few dozen tasks (Student 1908).
 *
 * @returns mean null with no pair; se and the interval null with fewer than two.
 * @throws when the arrays differ in length or hold a non-finite number.
 */
export function pairedDifference(base: readonly number[], head: readonly number[], level = 0.95): PairedDifference {
  if (base.length !== head.length) throw new Error(`Paired samples need equal lengths, got ${base.length} and ${head.length}.`);
  if (!(level > 0 && level < 1)) throw new Error(`A confidence level is in (0, 1), got ${level}.`);
  const d = head.map((h, i) => {
    const b = base[i]!;
    if (!Number.isFinite(h) || !Number.isFinite(b)) throw new Error(`Pair ${i} is not a pair of finite numbers.`);
    return h - b;
  });
  const n = d.length;
  if (n === 0) return { n, mean: null, se: null, low: null, high: null, level };
  const mean = d.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, se: null, low: null, high: null, level };
  const variance = d.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1);
  const se = Math.sqrt(variance / n);
  const half = tQuantile((1 + level) / 2, n - 1) * se;
  return { n, mean, se, low: mean - half, high: mean + half, level };
}
