/**
 * How many human labels does it take to decide a judge's gate, sampling uniformly versus stratified by the judge's
 * verdict? And is the Horvitz–Thompson estimate from a stratified sample unbiased for the κ on all items?
 *
 *   npm run bench:labels-to-decide [-- --seeds 50 --hanna]
 *
 * Reviewers are simulated by revealing the published gold labels (LLMBar; HANNA's mean rating with --hanna) one item
 * at a time in queue order. Per judge version and seed:
 * - uniform: items in a random order; after each label, the gate is decided once ≥ 30 items, ≥ 10 of each gold class
 *   (LLMBar) and the 95% Wald interval of κ excludes 0.60;
 * - stratified: the judge's verdict splits the items into strata and draws alternate between them (equal allocation,
 *   so the judge's rarer verdict is over-sampled), each item weighted 1/π with π_h = n_h / N_h; decided by the same
 *   rules on the Horvitz–Thompson κ with its within-strata bootstrap SE.
 * - bias: the mean over seeds of the weighted κ and of the plain κ on the same stratified samples of half the items,
 *   against κ on all items.
 * Items the judge could not answer (error verdicts) are left out, as in every Gavel calibration.
 */
import path from "node:path";
import { HANNA_CRITERIA } from "../lib/real-data/hanna";
import { readHanna, readLlmbar } from "../lib/real-data/read";
import {
  cohensKappa,
  kappaFromTable,
  kappaStandardErrorFromTable,
  mulberry32,
  weightedAgreement,
  weightedKappa,
  disagreementWeights,
  type Rng,
} from "../lib/stats";

interface Case {
  name: string;
  judge: string[];
  gold: string[];
  categories: string[];
  weights?: "quadratic";
  /** Graded: the per-class rule is left out (HANNA's gold means take 13 values; no sample meets 10 of each). */
  perClass: boolean;
}

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SEEDS = option("seeds", 50);
const BAR = 0.6;
const MIN_ITEMS = 30;
const MIN_PER_CLASS = 10;
const Z = 1.959963984540054;
const CHECK_EVERY = option("check-every", 2);
const BOOTSTRAP = option("bootstrap", 200);

function shuffle<T>(list: T[], rng: Rng): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function llmbarCases(): Case[] {
  const cases: Case[] = [];
  for (const subset of readLlmbar(path.resolve("datasets/llmbar"))) {
    for (const evaluator of subset.evaluators) {
      const kept = evaluator.answers.map((a, i) => [a.original.winner, subset.items[i]!.gold] as const).filter(([w]) => w !== null);
      cases.push({
        name: `LLMBar ${subset.name} · ${evaluator.strategy} · ${evaluator.judge}`,
        judge: kept.map(([w]) => w!),
        gold: kept.map(([, g]) => g),
        categories: ["A", "B"],
        perClass: true,
      });
    }
  }
  return cases;
}

function hannaCases(): Case[] {
  const data = readHanna(path.resolve("datasets/hanna/hanna_metric_scores_llm.csv"));
  const criterion = HANNA_CRITERIA[1]!.name; // Coherence: one criterion keeps the run short.
  const text = (v: number) => String(Math.round(v));
  return data.judges.map((j) => {
    const kept = j.ratings[criterion].map((v, i) => [v, data.mean[criterion][i]!] as const).filter(([v]) => v >= 1 && v <= 5);
    return {
      name: `HANNA ${criterion} · ${j.llm} · prompt ${j.variant}`,
      judge: kept.map(([v]) => text(v)),
      gold: kept.map(([, m]) => text(m)),
      categories: ["1", "2", "3", "4", "5"],
      weights: "quadratic" as const,
      perClass: false,
    };
  });
}

function counted(c: Case, labeled: number[]): boolean {
  if (labeled.length < MIN_ITEMS) return false;
  if (!c.perClass) return true;
  return c.categories.every((k) => labeled.filter((i) => c.gold[i] === k).length >= MIN_PER_CLASS);
}

function uniformLabels(c: Case, rng: Rng): number | null {
  const order = shuffle(
    c.judge.map((_, i) => i),
    rng,
  );
  const v = disagreementWeights(c.categories.length, c.weights);
  const index = new Map(c.categories.map((k, i) => [k, i]));
  const table = c.categories.map(() => c.categories.map(() => 0));
  const labeled: number[] = [];
  for (const i of order) {
    labeled.push(i);
    table[index.get(c.judge[i]!)!]![index.get(c.gold[i]!)!]! += 1;
    if (labeled.length % CHECK_EVERY !== 0 || !counted(c, labeled)) continue;
    const kappa = kappaFromTable(table, v);
    const se = kappaStandardErrorFromTable(table, v);
    if (kappa !== null && se !== null && Math.abs(kappa - BAR) > Z * se) return labeled.length;
  }
  return null;
}

/** Equal allocation across the judge's verdicts: draws alternate between strata until one runs out. */
function stratifiedOrder(c: Case, rng: Rng): number[] {
  const strata = c.categories
    .map((k) =>
      shuffle(
        c.judge.map((_, i) => i).filter((i) => c.judge[i] === k),
        rng,
      ),
    )
    .filter((s) => s.length > 0);
  const order: number[] = [];
  for (let round = 0; order.length < c.judge.length; round++) for (const s of strata) if (round < s.length) order.push(s[round]!);
  return order;
}

function weighted(c: Case, labeled: number[], seed: number, iterations: number) {
  const size = new Map<string, number>();
  for (const j of c.judge) size.set(j, (size.get(j) ?? 0) + 1);
  const drawn = new Map<string, number>();
  for (const i of labeled) drawn.set(c.judge[i]!, (drawn.get(c.judge[i]!) ?? 0) + 1);
  return weightedAgreement({
    a: labeled.map((i) => c.judge[i]!),
    b: labeled.map((i) => c.gold[i]!),
    inclusion: labeled.map((i) => drawn.get(c.judge[i]!)! / size.get(c.judge[i]!)!),
    strata: labeled.map((i) => c.judge[i]!),
    categories: c.categories,
    positive: null,
    kappaWeights: c.weights,
    seed,
    iterations,
  });
}

function stratifiedLabels(c: Case, rng: Rng, seed: number): number | null {
  const order = stratifiedOrder(c, rng);
  for (let n = MIN_ITEMS; n <= order.length; n += CHECK_EVERY) {
    const labeled = order.slice(0, n);
    if (!counted(c, labeled)) continue;
    const w = weighted(c, labeled, seed, BOOTSTRAP);
    if (w.kappa !== null && w.bootstrap && Math.abs(w.kappa - BAR) > Z * w.bootstrap.se) return n;
  }
  return null;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const fmt = (x: number | null, digits = 3) => (x === null || Number.isNaN(x) ? "—" : x.toFixed(digits));
const labelsCell = (runs: (number | null)[], total: number) => {
  const done = runs.filter((r): r is number => r !== null);
  return done.length === 0
    ? `not decided in ${total}`
    : `${mean(done).toFixed(0)}${done.length < runs.length ? ` (${runs.length - done.length} of ${runs.length} undecided)` : ""}`;
};

function main() {
  const cases = [...llmbarCases(), ...(flag("hanna") ? hannaCases() : [])];
  const started = Date.now();
  console.log(
    `labels to decide the gate (κ ≥ ${BAR}, ≥ ${MIN_ITEMS} items, ≥ ${MIN_PER_CLASS} per class; 95% interval excludes the bar), ${SEEDS} seeds each`,
  );
  console.log("");
  console.log(
    "| Judge | Items | κ all items | Labels to decide, uniform | Labels to decide, stratified | Weighted κ, mean of seeds (n = half) | |Δ| | Plain κ on the same samples | |Δ| |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  let worst = 0;
  for (const c of cases) {
    const all = c.weights
      ? weightedKappa(c.judge, c.gold, { weights: c.weights, categories: c.categories })
      : cohensKappa(c.judge, c.gold, c.categories);
    const uniform: (number | null)[] = [];
    const stratified: (number | null)[] = [];
    const w: number[] = [];
    const plain: number[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      uniform.push(uniformLabels(c, mulberry32(seed)));
      stratified.push(stratifiedLabels(c, mulberry32(1000 + seed), seed));
      const sample = stratifiedOrder(c, mulberry32(2000 + seed)).slice(0, Math.floor(c.judge.length / 2));
      const estimate = weighted(c, sample, seed, 1).kappa;
      const naive = c.weights
        ? weightedKappa(
            sample.map((i) => c.judge[i]!),
            sample.map((i) => c.gold[i]!),
            { weights: c.weights, categories: c.categories },
          )
        : cohensKappa(
            sample.map((i) => c.judge[i]!),
            sample.map((i) => c.gold[i]!),
            c.categories,
          );
      if (estimate !== null) w.push(estimate);
      if (naive !== null) plain.push(naive);
    }
    const dw = Math.abs(mean(w) - all!);
    const dp = Math.abs(mean(plain) - all!);
    if (c.name.startsWith("LLMBar")) worst = Math.max(worst, dw);
    console.log(
      `| ${c.name} | ${c.judge.length} | ${fmt(all)} | ${labelsCell(uniform, c.judge.length)} | ${labelsCell(stratified, c.judge.length)} | ${fmt(mean(w))} | ${fmt(dw)} | ${fmt(mean(plain))} | ${fmt(dp)} |`,
    );
  }
  console.log("");
  console.log(
    `Largest |weighted mean − all-items κ| over the LLMBar judges: ${worst.toFixed(4)} (aim: ≤ 0.02). ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main();
