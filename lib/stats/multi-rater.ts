/**
 * Agreement among more than two raters: Fleiss' kappa, Krippendorff's alpha (missing values allowed) and Cohen's
 * kappa for every pair of raters.
 */
import { byCodeUnits, isNumericLabel } from "./confusion";
import { cohensKappa } from "./kappa";

/**
 * Fleiss' kappa for N items each rated by the same number m ≥ 2 of raters (not necessarily the same people):
 *
 *   P̄ = (Σ_ij n_ij² − N·m) / (N·m·(m − 1)),  P̄_e = Σ_j p_j²,  p_j = Σ_i n_ij / (N·m),  κ = (P̄ − P̄_e) / (1 − P̄_e)
 *
 * Fleiss (1971), "Measuring nominal scale agreement among many raters", Psychological Bulletin 76(5), 378–382.
 * Computed from integer sums, so rounding enters only in the last two divisions.
 *
 * @param counts rows = items, columns = categories, counts[i][j] = raters who put item i in category j.
 * @returns null when there are no items, or P̄_e = 1 (every rating fell in one category).
 * @throws when a count is not a non-negative integer, rows differ in length, or rows do not all sum to the same m ≥ 2.
 */
export function fleissKappa(counts: readonly (readonly number[])[]): number | null {
  if (counts.length === 0) return null;
  const k = counts[0]!.length;
  let m = 0;
  let sumSquares = 0;
  const columns = new Array<number>(k).fill(0);
  counts.forEach((row, i) => {
    if (row.length !== k) throw new Error(`Item ${i} has ${row.length} category counts, expected ${k}.`);
    let raters = 0;
    row.forEach((count, j) => {
      if (!Number.isInteger(count) || count < 0)
        throw new Error(`Item ${i}, category ${j}: a count must be a non-negative integer, got ${count}.`);
      raters += count;
      sumSquares += count * count;
      columns[j]! += count;
    });
    if (i === 0) m = raters;
    if (raters !== m) throw new Error(`Every item needs the same number of ratings: item 0 has ${m}, item ${i} has ${raters}.`);
  });
  if (m < 2) throw new Error(`Fleiss' kappa needs at least 2 ratings per item, got ${m}.`);
  const total = counts.length * m;
  const chance = columns.reduce((s, c) => s + c * c, 0);
  // Both P̄ − P̄_e and 1 − P̄_e multiplied by (N·m)², which keeps every term an integer but the first.
  const denominator = total * total - chance;
  if (denominator === 0) return null;
  return (((sumSquares - total) * total) / (m - 1) - chance) / denominator;
}

export type AlphaLevel = "nominal" | "ordinal" | "interval";

type Value = string | number;

function distinctValues(
  units: readonly (readonly (Value | null)[])[],
  level: AlphaLevel,
): { values: Value[]; numeric: Map<Value, number> } {
  if (!["nominal", "ordinal", "interval"].includes(level))
    throw new Error(`Unknown level "${String(level)}": use nominal, ordinal or interval.`);
  const seen = new Set<Value>();
  const kinds = new Set<string>();
  units.forEach((unit, u) =>
    unit.forEach((value, c) => {
      if (value === null) return;
      if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`Unit ${u}, coder ${c}: ${value} is not a finite number.`);
      if (typeof value !== "number" && typeof value !== "string")
        throw new Error(`Unit ${u}, coder ${c}: a value must be a string, a number or null.`);
      kinds.add(typeof value);
      seen.add(value);
    }),
  );
  if (kinds.size > 1)
    throw new Error('Mix of numbers and strings: give every value the same type, so that 1 and "1" cannot be two categories.');
  const numeric = new Map<Value, number>();
  if (level !== "nominal") {
    for (const value of seen) {
      if (typeof value === "string" && !isNumericLabel(value)) throw new Error(`The ${level} level needs numeric values, got "${value}".`);
      numeric.set(value, Number(value));
    }
  }
  // Order matters only for the ordinal level; sorting the others too keeps the arithmetic in one fixed order.
  const values = [...seen].sort((x, y) => (level === "nominal" ? byCodeUnits(String(x), String(y)) : numeric.get(x)! - numeric.get(y)!));
  return { values, numeric };
}

/**
 * Krippendorff's alpha, α = 1 − D_o / D_e = 1 − (n − 1) · Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck, from the coincidence
 * matrix o_ck = Σ_u (number of c–k pairs of values in unit u) / (m_u − 1) over units with m_u ≥ 2 values, with
 * n_c = Σ_k o_ck and n = Σ_c n_c. Differences: nominal δ² = [c ≠ k]; interval δ² = (c − k)²; ordinal
 * δ² = (Σ_{g from c to k} n_g − (n_c + n_k)/2)². Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability",
 * Annenberg School for Communication, https://repository.upenn.edu/asc_papers/43.
 *
 * @param units one entry per unit (item): the coders' values, null where a coder gave none. Units with fewer than two
 *   values are not pairable and are ignored.
 * @param level nominal (strings or numbers), ordinal or interval (numbers or numeric strings).
 * @returns null when no unit has two values (n = 0), or D_e = 0 (a single distinct value: no variation to agree on).
 * @throws on a non-finite number, a mix of strings and numbers, a non-numeric value at the ordinal or interval level,
 *   or an unknown level.
 */
export function krippendorffAlpha(units: readonly (readonly (Value | null)[])[], level: AlphaLevel): number | null {
  const { values, numeric } = distinctValues(units, level);
  const index = new Map(values.map((v, i) => [v, i]));
  const v = values.length;
  const o = values.map(() => new Array<number>(v).fill(0));
  for (const unit of units) {
    const present = unit.filter((x): x is Value => x !== null);
    if (present.length < 2) continue;
    const inUnit = new Array<number>(v).fill(0);
    for (const x of present) inUnit[index.get(x)!]! += 1;
    inUnit.forEach((nc, c) => {
      if (nc === 0) return;
      inUnit.forEach((nk, k) => {
        const pairs = nc * (c === k ? nk - 1 : nk);
        if (pairs > 0) o[c]![k]! += pairs / (present.length - 1);
      });
    });
  }
  const nc = o.map((row) => row.reduce((s, x) => s + x, 0));
  const n = nc.reduce((s, x) => s + x, 0);
  if (n === 0) return null;
  const delta2 = (c: number, k: number): number => {
    if (c === k) return 0;
    if (level === "nominal") return 1;
    if (level === "interval") return (numeric.get(values[c]!)! - numeric.get(values[k]!)!) ** 2;
    const [lo, hi] = c < k ? [c, k] : [k, c];
    let between = 0;
    for (let g = lo; g <= hi; g++) between += nc[g]!;
    return (between - (nc[c]! + nc[k]!) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) {
      const d = delta2(c, k);
      observed += o[c]![k]! * d;
      expected += nc[c]! * nc[k]! * d;
    }
  }
  if (expected === 0) return null;
  return 1 - ((n - 1) * observed) / expected;
}

export interface PairKappa {
  raterA: string;
  raterB: string;
  /** Items both raters labeled. */
  n: number;
  /** Cohen's κ on those items; null when n = 0 or p_e = 1. */
  kappa: number | null;
}

/**
 * Cohen's kappa for every pair of raters, on the items both of them rated: the human–human ceiling a judge is held
 * against. One row per pair, including pairs with no item in common (n = 0, κ null); raters sorted by id (UTF-16
 * code units), raterA < raterB.
 *
 * @throws when a rater rated the same item twice (which label would count is ambiguous).
 */
export function pairwiseKappas(ratings: readonly Rating[]): PairKappa[] {
  return raterPairs(ratings).pairs.map(({ raterA, raterB, a, b }) => ({ raterA, raterB, n: a.length, kappa: cohensKappa(a, b) }));
}

export interface Rating {
  item: string;
  rater: string;
  value: string;
}

/** Two raters' values on the items both rated, item by item in the order rater A rated them. */
export interface RaterPair {
  raterA: string;
  raterB: string;
  a: string[];
  b: string[];
}

/**
 * Ratings by rater (each rater's values by item, raters sorted by id in UTF-16 code units), and every
 * pair of raters, raterA < raterB, with what both said on the items they share: the input of any
 * pairwise agreement statistic. Pairs with no item in common are kept, with empty lists.
 *
 * @throws when a rater rated the same item twice (which label would count is ambiguous).
 */
export function raterPairs(ratings: readonly Rating[]): {
  raters: string[];
  byRater: Map<string, Map<string, string>>;
  pairs: RaterPair[];
} {
  const byRater = new Map<string, Map<string, string>>();
  for (const { item, rater, value } of ratings) {
    const labels = byRater.get(rater) ?? new Map<string, string>();
    if (labels.has(item)) throw new Error(`Rater "${rater}" rated item "${item}" more than once.`);
    labels.set(item, value);
    byRater.set(rater, labels);
  }
  const raters = [...byRater.keys()].sort(byCodeUnits);
  const pairs = raters.flatMap((raterA, i) => {
    const labelsA = byRater.get(raterA)!;
    return raters.slice(i + 1).map((raterB) => {
      const labelsB = byRater.get(raterB)!;
      const shared = [...labelsA.keys()].filter((item) => labelsB.has(item));
      return { raterA, raterB, a: shared.map((item) => labelsA.get(item)!), b: shared.map((item) => labelsB.get(item)!) };
    });
  });
  return { raters, byRater, pairs };
}
