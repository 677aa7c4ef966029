/**
 * Cohen's kappa between two raters who labeled the same items, with its asymptotic standard error, a Wald interval
 * and a seeded percentile bootstrap. Arrays are paired by position: a[i] and b[i] are the two labels of item i.
 */
import { confusionMatrix } from "./confusion";
import { disagreementWeights, kappaFromTable, kappaStandardErrorFromTable, type WeightScheme } from "./kappa-table";
import { quantileSorted } from "simple-statistics";
import { mulberry32State } from "./random";

export { disagreementWeights, kappaFromTable, kappaStandardErrorFromTable, WEIGHT_SCHEMES, type WeightScheme } from "./kappa-table";

/** z_{0.975}, the standard normal quantile for a two-sided 95% interval (to double precision). */
export const Z_95 = 1.959963984540054;

export interface KappaOptions {
  /** Disagreement weights for an ordinal scale; unweighted when absent. */
  weights?: WeightScheme;
  /**
   * The declared categories in scale order. Weights come from each category's position here; without it, from the
   * observed categories sorted (numerically when all are numbers). A value outside these categories throws.
   */
  categories?: readonly string[];
}

function tableOf(a: readonly string[], b: readonly string[], options: KappaOptions = {}) {
  const { labels, matrix } = confusionMatrix(a, b, options.categories);
  const weights = disagreementWeights(labels.length, options.weights);
  return { labels, matrix, weights };
}

/**
 * Cohen's kappa, κ = (p_o − p_e) / (1 − p_e): p_o the share of items where a and b agree, p_e = Σ_k p_a(k)·p_b(k)
 * the agreement expected from each rater's own label frequencies. Cohen (1960), Educational and Psychological
 * Measurement 20(1), 37–46.
 *
 * @param labels the categories; they do not change κ, but a value outside them throws (scikit-learn would drop the
 *   item instead).
 * @returns null when n = 0 or p_e = 1 (both raters gave every item the same single label): undefined, not 0 or 1.
 * @throws when a and b differ in length.
 */
export function cohensKappa(a: readonly string[], b: readonly string[], labels?: readonly string[]): number | null {
  return kappaFromTable(confusionMatrix(a, b, labels).matrix);
}

/**
 * Weighted kappa for ordinal labels, κ_w = 1 − Σ v_ij n_ij / Σ v_ij r_i c_j / n, with disagreement weights
 * v_ij = |i − j|/(k − 1) (linear) or ((i − j)/(k − 1))² (quadratic) from the categories' positions i, j.
 * Cohen (1968), Psychological Bulletin 70(4), 213–220. Positions are those in `categories` when given, otherwise the
 * observed categories sorted, numerically when all are numeric: the same as scikit-learn's
 * cohen_kappa_score(weights=...) (which sorts the union of observed labels) and R irr::kappa2.
 *
 * @returns null when n = 0 or p_e = 1.
 * @throws on unequal lengths, an unknown weight scheme, or a value outside `categories`.
 */
export function weightedKappa(
  a: readonly string[],
  b: readonly string[],
  options: { weights: WeightScheme; categories?: readonly string[] },
): number | null {
  if (options.weights === undefined) throw new Error('weightedKappa needs weights: "linear" or "quadratic".');
  const { matrix, weights } = tableOf(a, b, options);
  return kappaFromTable(matrix, weights);
}

/**
 * The asymptotic (non-null) standard error of κ, or of weighted κ when `weights` is given: Fleiss, Cohen & Everitt
 * (1969), Psychological Bulletin 72(5), 323–327; see {@link kappaStandardErrorFromTable} for the formula.
 *
 * @returns null when κ is undefined or n < 2.
 */
export function kappaStandardError(a: readonly string[], b: readonly string[], options?: KappaOptions): number | null {
  const { matrix, weights } = tableOf(a, b, options);
  return kappaStandardErrorFromTable(matrix, weights);
}

/**
 * The 95% Wald interval κ ± z·SE with z = 1.959963984540054 and the Fleiss–Cohen–Everitt SE.
 *
 * Not clipped: low and high are exactly κ ∓ z·SE, so high can exceed 1 (or low fall below −1) for a small sample
 * with high agreement, which honestly shows that the normal approximation is poor there (SAS and statsmodels do the
 * same). Display code may cap what it shows; prefer {@link bootstrapKappaInterval} for small n.
 *
 * @returns null when κ or its SE is undefined.
 */
export function kappaWaldInterval(
  a: readonly string[],
  b: readonly string[],
  options?: KappaOptions,
): { low: number; high: number; se: number } | null {
  const { matrix, weights } = tableOf(a, b, options);
  const kappa = kappaFromTable(matrix, weights);
  const se = kappaStandardErrorFromTable(matrix, weights);
  if (kappa === null || se === null) return null;
  return { low: kappa - Z_95 * se, high: kappa + Z_95 * se, se };
}

export interface BootstrapOptions extends KappaOptions {
  /** Seed for the PRNG ({@link mulberry32}); the same seed always gives the same interval. */
  seed: number;
  /** Number of resamples; default 2000. */
  iterations?: number;
  /** Confidence level in (0, 1); default 0.95. */
  level?: number;
}

export interface BootstrapInterval {
  low: number;
  high: number;
  /** Resamples drawn, including the undefined ones. */
  iterations: number;
  /** Resamples where κ was undefined (p_e = 1), skipped rather than counted as 0 or 1. */
  undefinedResamples: number;
}

/**
 * Percentile bootstrap interval for κ (Efron & Tibshirani 1993, "An Introduction to the Bootstrap", ch. 13): draw n
 * items with replacement, `iterations` times, from a seeded mulberry32 stream; compute κ on each resample with the
 * categories (and so the weights) fixed from the full sample; take the (1 − level)/2 and (1 + level)/2 quantiles
 * (Hyndman & Fan definition 7) of the defined values. Resamples where κ is undefined are skipped and counted.
 *
 * @returns null when κ of the full sample is undefined, or when no resample gave a defined κ.
 * @throws on a non-integer seed, iterations < 1 or not an integer, or a level outside (0, 1).
 */
export function bootstrapKappaInterval(a: readonly string[], b: readonly string[], options: BootstrapOptions): BootstrapInterval | null {
  const iterations = options.iterations ?? 2000;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`iterations must be a positive integer, got ${iterations}.`);
  if (!(level > 0 && level < 1)) throw new Error(`level must be between 0 and 1, got ${level}.`);
  let state = mulberry32State(options.seed);
  const { labels, matrix, weights } = tableOf(a, b, options);
  if (kappaFromTable(matrix, weights) === null) return null;

  const index = new Map(labels.map((label, i) => [label, i]));
  const rows = a.map((label) => index.get(label)!);
  const cols = b.map((label) => index.get(label)!);
  const n = rows.length;
  const k = labels.length;
  // The hot loop of every calibration (the first start computes hundreds): one flat table reused for
  // every resample, cells addressed as row * k + col, and κ computed in place with exactly the
  // arithmetic of kappaFromTable, so the interval is the same to the last bit.
  const cell = Int32Array.from(rows, (row, i) => row * k + cols[i]!);
  const v = Float64Array.from(weights.flat());
  const kk = k * k;
  // Four tables of counts, the draws dealt to them in turn and summed after: with two categories
  // every draw lands in one of four cells, and counting them all in one table made each increment
  // wait for the one before it to the same cell. Counts are integers, so the sum is exact.
  const tables = new Int32Array(4 * kk);
  const table = new Float64Array(kk);
  const rowSums = new Float64Array(k);
  const colSums = new Float64Array(k);
  // floor(u / 2^32 · n) = floor(u · (n / 2^32)): both round the same exact product once (dividing by
  // a power of two is exact), so the index is the same to the last bit without the division.
  const scale = n / 4294967296;
  const values: number[] = [];
  let undefinedResamples = 0;
  for (let it = 0; it < iterations; it++) {
    tables.fill(0);
    // randomIndex(mulberry32(seed), n), inlined: the same stream and the same draws, several times as
    // fast (2,000 resamples of 100,000 items are 200 million draws; lib/stats/random.ts has the reference).
    let draw = 0;
    for (; draw + 4 <= n; draw += 4) {
      let z: number;
      state = (state + 0x6d2b79f5) >>> 0;
      z = state;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      tables[cell[Math.floor(((z ^ (z >>> 14)) >>> 0) * scale)]!]! += 1;
      state = (state + 0x6d2b79f5) >>> 0;
      z = state;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      tables[kk + cell[Math.floor(((z ^ (z >>> 14)) >>> 0) * scale)]!]! += 1;
      state = (state + 0x6d2b79f5) >>> 0;
      z = state;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      tables[2 * kk + cell[Math.floor(((z ^ (z >>> 14)) >>> 0) * scale)]!]! += 1;
      state = (state + 0x6d2b79f5) >>> 0;
      z = state;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      tables[3 * kk + cell[Math.floor(((z ^ (z >>> 14)) >>> 0) * scale)]!]! += 1;
    }
    for (; draw < n; draw++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      tables[cell[Math.floor(((z ^ (z >>> 14)) >>> 0) * scale)]!]! += 1;
    }
    for (let c = 0; c < kk; c++) table[c] = tables[c]! + tables[kk + c]! + tables[2 * kk + c]! + tables[3 * kk + c]!;
    const kappa = flatKappa(table, v, k, rowSums, colSums);
    if (kappa === null) undefinedResamples += 1;
    else values.push(kappa);
  }
  values.sort((x, y) => x - y);
  // Every resample undefined: no interval (simple-statistics' quantileSorted is type 7, and throws on no values).
  if (values.length === 0) return null;
  return { low: quantileSorted(values, (1 - level) / 2), high: quantileSorted(values, (1 + level) / 2), iterations, undefinedResamples };
}

/** κ of a flat k × k table of counts with flat disagreement weights: kappaFromTable's sums, in its order. */
function flatKappa(table: Float64Array, v: Float64Array, k: number, rows: Float64Array, cols: Float64Array): number | null {
  let n = 0;
  for (let i = 0; i < k; i++) {
    let sum = 0;
    for (let j = 0; j < k; j++) sum += table[i * k + j]!;
    rows[i] = sum;
  }
  for (let j = 0; j < k; j++) {
    let sum = 0;
    for (let i = 0; i < k; i++) sum += table[i * k + j]!;
    cols[j] = sum;
  }
  for (let i = 0; i < k; i++) n += rows[i]!;
  if (n === 0) return null;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = v[i * k + j]!;
      observed += w * table[i * k + j]!;
      expected += (w * rows[i]! * cols[j]!) / n;
    }
  }
  if (expected === 0) return null;
  return 1 - observed / expected;
}
