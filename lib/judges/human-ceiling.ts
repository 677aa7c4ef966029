import { spearmanRho } from "../stats";

/**
 * The human ceiling for a graded judge measured by Spearman's ρ against the mean of r raters: each
 * rater against the mean of the other r − 1, averaged over the raters (a leave-one-out ρ). It is a
 * conservative ceiling: the judge is compared with the mean of all r, which is less noisy.
 *
 * @param ratings ratings[item] = the raters' scores on that item, in rater order; items without
 *   exactly r ratings are left out.
 * @returns the mean ρ (null when any rater's ρ is undefined or no item qualifies), each rater's ρ, and n.
 */
export function leaveOneOutRho(ratings: readonly (readonly number[])[], raters = 3): { rho: number | null; perRater: (number | null)[]; n: number } {
  const items = ratings.filter((r) => r.length === raters);
  const perRater = Array.from({ length: raters }, (_, k) => {
    const own = items.map((r) => r[k]!);
    const others = items.map((r) => (r.reduce((a, b) => a + b, 0) - r[k]!) / (raters - 1));
    return spearmanRho(own, others);
  });
  const rho = items.length === 0 || perRater.some((r) => r === null) ? null : perRater.reduce<number>((a, b) => a + b!, 0) / raters;
  return { rho, perRater, n: items.length };
}
