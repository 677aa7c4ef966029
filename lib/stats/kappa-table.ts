/**
 * Cohen's kappa, weighted kappa and the asymptotic standard error of Fleiss, Cohen & Everitt (1969), computed from a
 * k × k table of counts. kappa.ts builds the table from two raters' labels; callers that already hold a confusion
 * matrix (a stored calibration, a published table) use these directly.
 */

export type WeightScheme = "linear" | "quadratic";

export const WEIGHT_SCHEMES: readonly WeightScheme[] = ["linear", "quadratic"];

/**
 * Disagreement weights v_ij for k ordered categories at positions 0..k−1:
 * - unweighted (no scheme): v_ij = 0 when i = j, else 1;
 * - linear: v_ij = |i − j| / (k − 1);
 * - quadratic: v_ij = ((i − j) / (k − 1))².
 *
 * Cohen (1968), "Weighted kappa"; the same weights as scikit-learn's cohen_kappa_score(weights=...) up to the factor
 * 1/(k − 1) or 1/(k − 1)², which cancels in κ and in its standard error. With k = 1 every weight is 0.
 *
 * @throws when the scheme is neither "linear" nor "quadratic".
 */
export function disagreementWeights(k: number, scheme?: WeightScheme): number[][] {
  if (scheme !== undefined && !WEIGHT_SCHEMES.includes(scheme)) {
    throw new Error(`Unknown kappa weights "${String(scheme)}": use "linear" or "quadratic".`);
  }
  const span = Math.max(k - 1, 1);
  const weight = (i: number, j: number): number => {
    if (scheme === "linear") return Math.abs(i - j) / span;
    if (scheme === "quadratic") return ((i - j) / span) ** 2;
    return i === j ? 0 : 1;
  };
  return Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => weight(i, j)));
}

interface Margins {
  n: number;
  rows: number[];
  cols: number[];
}

function margins(table: readonly (readonly number[])[], weights: readonly (readonly number[])[]): Margins {
  const k = table.length;
  if (weights.length !== k) throw new Error(`The weights are ${weights.length} × ${weights.length} but the table has ${k} categories.`);
  table.forEach((row, i) => {
    if (row.length !== k) throw new Error(`The table must be square: row ${i} has ${row.length} cells, expected ${k}.`);
    row.forEach((cell, j) => {
      if (!Number.isFinite(cell) || cell < 0) throw new Error(`Cell [${i}][${j}] must be a non-negative count, got ${cell}.`);
    });
    if (weights[i]?.length !== k) throw new Error(`Weights row ${i} must have ${k} entries.`);
  });
  const rows = table.map((row) => row.reduce((s, x) => s + x, 0));
  const cols = table.map((_, j) => table.reduce((s, row) => s + row[j]!, 0));
  return { n: rows.reduce((s, x) => s + x, 0), rows, cols };
}

/**
 * Observed and chance-expected weighted disagreement, both as sums of counts (not proportions):
 * D_o = Σ v_ij n_ij and D_e = Σ v_ij r_i c_j / n, so that κ = 1 − D_o / D_e (the form scikit-learn computes).
 */
function disagreements(table: readonly (readonly number[])[], v: readonly (readonly number[])[], m: Margins) {
  let observed = 0;
  let expected = 0;
  table.forEach((row, i) =>
    row.forEach((cell, j) => {
      observed += v[i]![j]! * cell;
      expected += (v[i]![j]! * m.rows[i]! * m.cols[j]!) / m.n;
    }),
  );
  return { observed, expected };
}

/**
 * Cohen's kappa (unweighted, or weighted by disagreement weights v) of a k × k table of counts:
 *
 *   κ = (p_o − p_e) / (1 − p_e) = 1 − Σ v_ij n_ij / Σ v_ij r_i c_j / n
 *
 * with p_o = Σ w_ij p_ij, p_e = Σ w_ij p_i· p_·j and agreement weights w = 1 − v (identity when unweighted).
 * Cohen (1960), "A coefficient of agreement for nominal scales"; Cohen (1968), "Weighted kappa".
 *
 * @param weights disagreement weights ({@link disagreementWeights}); default unweighted. Must be 0 on the diagonal.
 * @returns null when n = 0 or p_e = 1 (both raters put every item in the same single category): κ is 0/0 there.
 */
export function kappaFromTable(table: readonly (readonly number[])[], weights?: readonly (readonly number[])[]): number | null {
  const v = weights ?? disagreementWeights(table.length);
  const m = margins(table, v);
  if (m.n === 0) return null;
  const { observed, expected } = disagreements(table, v, m);
  if (expected === 0) return null;
  return 1 - observed / expected;
}

/**
 * The large-sample (non-null) standard error of κ or weighted κ, Fleiss, Cohen & Everitt (1969), "Large sample
 * standard errors of kappa and weighted kappa", Psychological Bulletin 72(5), 323–327:
 *
 *   Var(κ_w) = [ Σ_ij p_ij (w_ij − (w̄_i· + w̄_·j)(1 − κ_w))² − (κ_w − p_e(1 − κ_w))² ] / [ n (1 − p_e)² ]
 *
 * with agreement weights w = 1 − v, w̄_i· = Σ_j p_·j w_ij and w̄_·j = Σ_i p_i· w_ij; unweighted κ is the case w = I.
 * This is the "ASE" that SAS PROC FREQ (AGREE) and statsmodels report. The bracket is the variance, under p_ij, of
 * x_ij = w_ij − (w̄_i· + w̄_·j)(1 − κ_w), because Σ p_ij x_ij = κ_w − p_e(1 − κ_w); it is computed in that form,
 * which cannot go negative through rounding.
 *
 * @returns null when κ is undefined (n = 0 or p_e = 1) or n < 2 (one item gives no estimate of spread). It is 0 at
 *   perfect agreement: the asymptotic formula degenerates there, so prefer the bootstrap for small samples.
 */
export function kappaStandardErrorFromTable(
  table: readonly (readonly number[])[],
  weights?: readonly (readonly number[])[],
): number | null {
  const v = weights ?? disagreementWeights(table.length);
  const m = margins(table, v);
  if (m.n < 2) return null;
  const { observed, expected } = disagreements(table, v, m);
  if (expected === 0) return null;
  const kappa = 1 - observed / expected;
  const k = table.length;
  const pRow = m.rows.map((r) => r / m.n);
  const pCol = m.cols.map((c) => c / m.n);
  const w = v.map((row) => row.map((x) => 1 - x));
  const wRow = w.map((row) => row.reduce((s, wij, j) => s + pCol[j]! * wij, 0));
  const wCol = pCol.map((_, j) => w.reduce((s, row, i) => s + pRow[i]! * row[j]!, 0));
  const cells: { p: number; x: number }[] = [];
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const p = table[i]![j]! / m.n;
      if (p > 0) cells.push({ p, x: w[i]![j]! - (wRow[i]! + wCol[j]!) * (1 - kappa) });
    }
  }
  const mean = cells.reduce((s, c) => s + c.p * c.x, 0);
  const spread = cells.reduce((s, c) => s + c.p * (c.x - mean) ** 2, 0);
  const oneMinusPe = expected / m.n;
  return Math.sqrt(spread / (m.n * oneMinusPe ** 2));
}
