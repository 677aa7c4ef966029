/**
 * The p-quantile of an ascending array by linear interpolation between order statistics: with h = (N − 1)·p,
 * Q(p) = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋ + 1] − x[⌊h⌋]).
 *
 * Hyndman & Fan (1996), "Sample quantiles in statistical packages", The American Statistician 50(4), definition 7:
 * the default of R's quantile() and NumPy's percentile(), which scipy.stats.bootstrap uses for percentile intervals.
 *
 * @returns null for an empty array.
 * @throws when p is outside [0, 1].
 */
export function quantileSorted(sorted: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 1)) throw new Error(`A quantile needs p in [0, 1], got ${p}.`);
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const below = sorted[lo]!;
  const above = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return below + (h - lo) * (above - below);
}
