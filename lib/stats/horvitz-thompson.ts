/**
 * Agreement statistics from a sample drawn with unequal inclusion probabilities (a queue stratified by the judge's
 * verdict): each item counts 1/π times, so the confusion matrix estimates the population's and κ, accuracy, TPR and
 * TNR estimate the population values rather than the sample's.
 */
import { encodeLabels, labelIndex } from "./confusion";
import { disagreementWeights, kappaFromTable, type WeightScheme } from "./kappa-table";
import { quantileSorted } from "simple-statistics";
import { mulberry32, randomIndex } from "./random";

export interface WeightedAgreementInput {
  /** The rater measured (the judge) and the reference (the gold label), paired by position. */
  a: readonly string[];
  b: readonly string[];
  /** Each item's inclusion probability π in (0, 1]. */
  inclusion: readonly number[];
  /** Each item's stratum (the bootstrap resamples within it). */
  strata: readonly string[];
  categories: readonly string[];
  /** The category counted as positive for TPR / TNR; none for graded scales. */
  positive: string | null;
  /** κ's disagreement weights for an ordinal scale; unweighted when absent. */
  kappaWeights?: WeightScheme;
  seed: number;
  iterations?: number;
}

export interface WeightedAgreement {
  n: number;
  /** Σ 1/π: the estimated number of items in the population. */
  populationSize: number;
  /** Every π was the same: the weights cancel and every number equals the unweighted one, bit for bit. */
  equalWeights: boolean;
  /** Estimated population totals: rows rater a, columns rater b. */
  confusion: number[][];
  kappa: number | null;
  accuracy: number | null;
  tpr: number | null;
  tnr: number | null;
  /** Percentile bootstrap of κ resampling within strata, with the standard deviation of the resamples as its SE. */
  bootstrap: { low: number; high: number; se: number; iterations: number; undefinedResamples: number; seed: number } | null;
}

function check(input: WeightedAgreementInput): void {
  const n = input.a.length;
  for (const [name, list] of [
    ["b", input.b],
    ["inclusion", input.inclusion],
    ["strata", input.strata],
  ] as const) {
    if (list.length !== n) throw new Error(`${name} has ${list.length} entries for ${n} items: pair every item.`);
  }
  input.inclusion.forEach((p, i) => {
    if (!(Number.isFinite(p) && p > 0 && p <= 1)) throw new Error(`Item ${i}: an inclusion probability must be in (0, 1], got ${p}.`);
  });
}

function weightedTable(
  rows: readonly number[],
  cols: readonly number[],
  weights: readonly number[],
  k: number,
  pick?: readonly number[],
): number[][] {
  const table = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const items = pick ?? rows.map((_, i) => i);
  for (const i of items) table[rows[i]!]![cols[i]!]! += weights[i]!;
  return table;
}

function rates(table: number[][], positive: number | null) {
  let total = 0;
  let agreed = 0;
  table.forEach((row, i) =>
    row.forEach((cell, j) => {
      total += cell;
      if (i === j) agreed += cell;
    }),
  );
  if (positive === null) return { accuracy: total === 0 ? null : agreed / total, tpr: null, tnr: null };
  let tp = 0;
  let fn = 0;
  let tn = 0;
  let fp = 0;
  table.forEach((row, i) =>
    row.forEach((cell, j) => {
      // Rows rater a (the judge), columns rater b (the reference): a positive reference is a column.
      if (j === positive && i === positive) tp += cell;
      else if (j === positive) fn += cell;
      else if (i === positive) fp += cell;
      else tn += cell;
    }),
  );
  return {
    accuracy: total === 0 ? null : agreed / total,
    tpr: tp + fn === 0 ? null : tp / (tp + fn),
    tnr: tn + fp === 0 ? null : tn / (tn + fp),
  };
}

/**
 * Horvitz–Thompson estimates: N̂_jk = Σ_{items in cell jk} 1/π_i (Horvitz & Thompson 1952, "A generalization of
 * sampling without replacement from a finite universe", JASA 47, 663–685) — an unbiased estimate of each cell's
 * population count — and κ, accuracy, TPR, TNR computed from N̂ as from counts (ratio estimators: consistent, and
 * nearly unbiased for samples of the sizes a gate asks for). The interval is a percentile bootstrap that resamples
 * n_h items with replacement within each stratum h, keeping every item's weight, seeded mulberry32 (the naive
 * stratified bootstrap; Rao & Wu 1988, JASA 83, 231–241, show its variance is low by a factor (n_h − 1)/n_h, which
 * matters only for tiny strata).
 *
 * When every π is the same the weights are set to 1, so the table is the table of counts and each number is exactly
 * what the unweighted functions give.
 *
 * @throws when the lists differ in length, a π is outside (0, 1], a value is not a category, or iterations < 1.
 */
export function weightedAgreement(input: WeightedAgreementInput): WeightedAgreement {
  check(input);
  const index = labelIndex(input.categories);
  const rows = encodeLabels(input.a, index, "Rater a");
  const cols = encodeLabels(input.b, index, "Rater b");
  const k = input.categories.length;
  const equalWeights = input.inclusion.every((p) => p === input.inclusion[0]);
  const weights = input.inclusion.map((p) => (equalWeights ? 1 : 1 / p));
  const v = disagreementWeights(k, input.kappaWeights);
  const positive = input.positive === null ? null : (index.get(input.positive) ?? null);
  if (input.positive !== null && positive === null) throw new Error(`The positive label "${input.positive}" is not one of the categories.`);

  const confusion = weightedTable(rows, cols, weights, k);
  const kappa = kappaFromTable(confusion, v);
  const iterations = input.iterations ?? 2000;
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error(`iterations must be a positive integer, got ${iterations}.`);

  let bootstrap: WeightedAgreement["bootstrap"] = null;
  if (kappa !== null) {
    const byStratum = new Map<string, number[]>();
    input.strata.forEach((s, i) => byStratum.set(s, [...(byStratum.get(s) ?? []), i]));
    const groups = [...byStratum.keys()].sort().map((s) => byStratum.get(s)!);
    const rng = mulberry32(input.seed);
    const values: number[] = [];
    let undefinedResamples = 0;
    const pick: number[] = [];
    for (let it = 0; it < iterations; it++) {
      pick.length = 0;
      for (const group of groups) for (let d = 0; d < group.length; d++) pick.push(group[randomIndex(rng, group.length)]!);
      const value = kappaFromTable(weightedTable(rows, cols, weights, k, pick), v);
      if (value === null) undefinedResamples += 1;
      else values.push(value);
    }
    values.sort((x, y) => x - y);
    if (values.length > 0) {
      const low = quantileSorted(values, 0.025);
      const high = quantileSorted(values, 0.975);
      const mean = values.reduce((s, x) => s + x, 0) / values.length;
      const se = values.length > 1 ? Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / (values.length - 1)) : 0;
      bootstrap = { low, high, se, iterations, undefinedResamples, seed: input.seed };
    }
  }
  return {
    n: rows.length,
    populationSize: input.inclusion.reduce((s, p) => s + 1 / p, 0),
    equalWeights,
    confusion,
    kappa,
    ...rates(confusion, positive),
    bootstrap,
  };
}
