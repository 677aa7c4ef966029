/**
 * Correlation between paired scores (a judge's 1–5 score against a reviewer's), from simple-statistics.
 */
import { sampleCorrelation, sampleRankCorrelation } from "simple-statistics";
import { assertSameLength } from "./confusion";

/**
 * Checks the shared preconditions and says whether the coefficient is defined: it is not for n < 2 or when either
 * vector is constant (its standard deviation is 0, so r = cov / (s_x s_y) is 0/0).
 */
function defined(x: readonly number[], y: readonly number[]): boolean {
  assertSameLength(x, y, "The two score vectors");
  [x, y].forEach((v, which) =>
    v.forEach((value, i) => {
      if (!Number.isFinite(value)) throw new Error(`Score ${i} of vector ${which === 0 ? "x" : "y"} is not a finite number: ${value}.`);
    }),
  );
  if (x.length < 2) return false;
  return x.some((v) => v !== x[0]) && y.some((v) => v !== y[0]);
}

/**
 * Spearman's rank correlation ρ: Pearson's r of the ranks, tied values sharing the average of the ranks they span
 * (Spearman 1904; the tie rule of scipy.stats.spearmanr). Computed by simple-statistics' sampleRankCorrelation.
 *
 * @returns null when n < 2 or either vector is constant.
 * @throws when the lengths differ or a value is not finite.
 */
export function spearmanRho(x: readonly number[], y: readonly number[]): number | null {
  if (!defined(x, y)) return null;
  const rho = sampleRankCorrelation(x, y);
  return Number.isFinite(rho) ? rho : null;
}

/**
 * Pearson's product-moment correlation r = Σ(x − x̄)(y − ȳ) / √(Σ(x − x̄)² Σ(y − ȳ)²) (Pearson 1895), computed by
 * simple-statistics' sampleCorrelation.
 *
 * @returns null when n < 2 or either vector is constant.
 * @throws when the lengths differ or a value is not finite.
 */
export function pearsonR(x: readonly number[], y: readonly number[]): number | null {
  if (!defined(x, y)) return null;
  const r = sampleCorrelation(x, y);
  return Number.isFinite(r) ? r : null;
}
