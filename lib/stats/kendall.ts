/**
 * Kendall's rank correlation τ-b between paired scores, with its asymptotic standard error: O(n log n), ties
 * handled (rating scales are full of them).
 */
import { assertSameLength } from "./confusion";
import { Z_95 } from "./kappa";

interface KendallCounts {
  n: number;
  /** Pairs tied in x: Σ t(t − 1)/2 over groups of equal x. */
  xTies: number;
  /** Pairs tied in y. */
  yTies: number;
  /** Per observation k: (pairs concordant with k) − (pairs discordant with k). Σ_k d_k = 2(C − D). */
  d: Float64Array;
  /** Per observation: how many observations share its x (itself included), and its y. */
  xGroup: Float64Array;
  yGroup: Float64Array;
}

function checkScores(x: readonly number[], y: readonly number[]): void {
  assertSameLength(x, y, "The two score vectors");
  [x, y].forEach((v, which) =>
    v.forEach((value, i) => {
      if (!Number.isFinite(value)) throw new Error(`Score ${i} of vector ${which === 0 ? "x" : "y"} is not a finite number: ${value}.`);
    }),
  );
}

/** A Fenwick tree of counts over ranks 0..size−1: add one, count the ranks below r, both O(log size). */
function fenwick(size: number) {
  const tree = new Float64Array(size + 1);
  return {
    add(rank: number) {
      for (let i = rank + 1; i <= size; i += i & -i) tree[i]! += 1;
    },
    /** How many added ranks are < rank. */
    below(rank: number) {
      let sum = 0;
      for (let i = rank; i > 0; i -= i & -i) sum += tree[i]!;
      return sum;
    },
  };
}

/** Sizes of runs of equal values in `order` (indices sorted by `values`), written to each member. */
function groupSizes(order: readonly number[], values: readonly number[]): { sizes: Float64Array; tiedPairs: number } {
  const sizes = new Float64Array(order.length);
  let tiedPairs = 0;
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && values[order[end]!] === values[order[start]!]) end++;
    const t = end - start;
    tiedPairs += (t * (t - 1)) / 2;
    for (let i = start; i < end; i++) sizes[order[i]!] = t;
    start = end;
  }
  return { sizes, tiedPairs };
}

/**
 * Concordance per observation in O(n log n): sweep the observations in order of x, one group of equal x at a time,
 * counting with a Fenwick tree over the ranks of y how many earlier ones (smaller x) lie below and above; then the
 * same sweep in descending x. A pair tied in x or in y is neither concordant nor discordant.
 */
function kendallCounts(x: readonly number[], y: readonly number[]): KendallCounts {
  const n = x.length;
  const byY = Array.from({ length: n }, (_, i) => i).sort((i, j) => y[i]! - y[j]!);
  const yRank = new Int32Array(n);
  let ranks = 0;
  byY.forEach((item, position) => {
    if (position > 0 && y[item] !== y[byY[position - 1]!]) ranks++;
    yRank[item] = ranks;
  });
  const byX = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i]! - x[j]!);
  const xs = groupSizes(byX, x);
  const ys = groupSizes(byY, y);
  const d = new Float64Array(n);
  const sweep = (order: readonly number[], sign: 1 | -1) => {
    const tree = fenwick(ranks + 1);
    let seen = 0;
    for (let start = 0; start < n;) {
      let end = start + 1;
      while (end < n && x[order[end]!] === x[order[start]!]) end++;
      for (let i = start; i < end; i++) {
        const k = order[i]!;
        const below = tree.below(yRank[k]!);
        const above = seen - tree.below(yRank[k]! + 1);
        // Ascending sweep: earlier observations have smaller x, so one below in y is concordant. Descending: the reverse.
        d[k]! += sign * (below - above);
      }
      for (let i = start; i < end; i++) tree.add(yRank[order[i]!]!);
      seen += end - start;
      start = end;
    }
  };
  sweep(byX, 1);
  sweep([...byX].reverse(), -1);
  return { n, xTies: xs.tiedPairs, yTies: ys.tiedPairs, d, xGroup: xs.sizes, yGroup: ys.sizes };
}

function tauOf(c: KendallCounts): number | null {
  const total = (c.n * (c.n - 1)) / 2;
  if (c.n < 2 || total === c.xTies || total === c.yTies) return null;
  let sum = 0;
  for (const dk of c.d) sum += dk;
  // Σ d_k = 2(C − D), an exact integer; divided as scipy.stats.kendalltau does, so the last bit agrees.
  return sum / 2 / Math.sqrt(total - c.xTies) / Math.sqrt(total - c.yTies);
}

/**
 * Kendall's τ-b: (C − D) / √((n₀ − n₁)(n₀ − n₂)) with C, D the concordant and discordant pairs, n₀ = n(n − 1)/2,
 * n₁ and n₂ the pairs tied in x and in y. Kendall (1945), "The treatment of ties in ranking problems", Biometrika 33,
 * 239–251; the variant scipy.stats.kendalltau computes by default. O(n log n) (Knight 1966's idea, with a Fenwick
 * tree).
 *
 * @returns null when n < 2 or either vector is constant (the denominator is 0).
 * @throws when the lengths differ or a value is not finite.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  checkScores(x, y);
  return tauOf(kendallCounts(x, y));
}

/**
 * The asymptotic (non-null) standard error of τ-b, by the delta method: Brown & Benedetti (1977), "Sampling behavior
 * of tests for correlation in two-way contingency tables", JASA 72(358), 309–315; the "ASE" of SAS PROC FREQ and of
 * R DescTools::KendallTauB. Per observation k, with d_k = concordant − discordant pairs with k, r_k and c_k the
 * counts of observations sharing its x and its y, w_r = n² − Σ r², w_c = n² − Σ c², w = √(w_r w_c),
 * v_k = r_k w_c + c_k w_r:
 *
 *   Var(τ_b) = [ Σ_k (2w·d_k + τ_b·v_k)² − n³ τ_b² (w_r + w_c)² ] / w⁴
 *
 * computed as the spread of x_k = 2w·d_k + τ_b·v_k about its mean n·τ_b(w_r + w_c)/n (the same quantity, without the
 * cancellation), on scaled terms so nothing overflows.
 *
 * @returns null when τ-b is undefined. 0 at τ_b = ±1 without ties: the formula degenerates there, as for κ.
 */
export function kendallTauBStandardError(x: readonly number[], y: readonly number[]): number | null {
  checkScores(x, y);
  const c = kendallCounts(x, y);
  const tau = tauOf(c);
  if (tau === null) return null;
  const n = c.n;
  // Scaled: w'_r = w_r / n², d'_k = d_k / n, v'_k = v_k / n³; then Var = mean_k (x'_k − x̄')² / (n w'⁴).
  let sumR = 0;
  let sumC = 0;
  for (let k = 0; k < n; k++) {
    sumR += c.xGroup[k]!;
    sumC += c.yGroup[k]!;
  }
  // Σ_k r_k = Σ over groups of t², the Σ n_i·² of the table.
  const wr = 1 - sumR / (n * n);
  const wc = 1 - sumC / (n * n);
  const w = Math.sqrt(wr * wc);
  const terms = new Float64Array(n);
  let mean = 0;
  for (let k = 0; k < n; k++) {
    const v = (c.xGroup[k]! * wc + c.yGroup[k]! * wr) / n;
    terms[k] = (2 * w * c.d[k]!) / n + tau * v;
    mean += terms[k]!;
  }
  mean /= n;
  let spread = 0;
  for (const t of terms) spread += (t - mean) ** 2;
  return Math.sqrt(spread / n / (n * w ** 4));
}

/**
 * The 95% Wald interval τ_b ± z·SE with z = 1.959963984540054 and the Brown–Benedetti SE. Not clipped to [−1, 1]
 * (as for κ): an end past ±1 shows the normal approximation is poor there.
 *
 * @returns null when τ-b or its SE is undefined.
 */
export function kendallTauBWaldInterval(x: readonly number[], y: readonly number[]): { low: number; high: number; se: number } | null {
  const tau = kendallTauB(x, y);
  const se = kendallTauBStandardError(x, y);
  if (tau === null || se === null) return null;
  return { low: tau - Z_95 * se, high: tau + Z_95 * se, se };
}
