/**
 * Fleiss' kappa when items carry different numbers of ratings (a reviewer skipped one, a third label is still
 * missing): Gwet's generalisation, which is Fleiss (1971) exactly when every item has the same number.
 */

/**
 * Fleiss' generalized kappa over items with at least two ratings, Gwet (2014), "Handbook of Inter-Rater
 * Reliability", 4th ed., §2.3 (the `fleiss()` of his irrCAC package), with agreement weights w (identity when
 * unweighted; 1 − ((k − l)/(q − 1))² for quadratic):
 *
 *   p_a = (1/n) Σ_i Σ_k r_ik (r*_ik − 1) / (r_i (r_i − 1)),  r*_ik = Σ_l w_kl r_il
 *   π_k = (1/n) Σ_i r_ik / r_i,  p_e = Σ_kl w_kl π_k π_l,  κ = (p_a − p_e) / (1 − p_e)
 *
 * with r_ik the ratings of item i in category k, r_i = Σ_k r_ik, and n the items with r_i ≥ 2 (an item rated once
 * says nothing about agreement and is left out of both sums). With the same r on every item this is Fleiss (1971).
 *
 * @param counts rows = items, columns = categories in scale order.
 * @param weights agreement weights (1 on the diagonal); identity when absent.
 * @returns null when no item has two ratings, or p_e = 1 (every rating in one category).
 * @throws when a count is not a non-negative integer, rows differ in length, or the weights do not fit.
 */
export function fleissKappaGeneralized(counts: readonly (readonly number[])[], weights?: readonly (readonly number[])[]): number | null {
  const q = counts[0]?.length ?? 0;
  const w = weights ?? Array.from({ length: q }, (_, k) => Array.from({ length: q }, (_, l) => (k === l ? 1 : 0)));
  if (w.length !== q || w.some((row) => row.length !== q))
    throw new Error(`The weights must be ${q} × ${q}, one row and column per category.`);
  counts.forEach((row, i) => {
    if (row.length !== q) throw new Error(`Item ${i} has ${row.length} category counts, expected ${q}.`);
    row.forEach((count, k) => {
      if (!Number.isInteger(count) || count < 0)
        throw new Error(`Item ${i}, category ${k}: a count must be a non-negative integer, got ${count}.`);
    });
  });
  const rated = counts.filter((row) => row.reduce((s, x) => s + x, 0) >= 2);
  if (rated.length === 0) return null;
  let pa = 0;
  const pi = new Array<number>(q).fill(0);
  for (const row of rated) {
    const r = row.reduce((s, x) => s + x, 0);
    let agree = 0;
    for (let k = 0; k < q; k++) {
      if (row[k] === 0) continue;
      let weighted = 0;
      for (let l = 0; l < q; l++) weighted += w[k]![l]! * row[l]!;
      agree += row[k]! * (weighted - 1);
      pi[k]! += row[k]! / r;
    }
    pa += agree / (r * (r - 1));
  }
  pa /= rated.length;
  for (let k = 0; k < q; k++) pi[k]! /= rated.length;
  let pe = 0;
  for (let k = 0; k < q; k++) for (let l = 0; l < q; l++) pe += w[k]![l]! * pi[k]! * pi[l]!;
  if (1 - pe <= 1e-12) return null;
  return (pa - pe) / (1 - pe);
}
