/**
 * Calibration at scale (pure computation, no database):
 *
 *   npm run bench:calibration [-- --n 100000 --repeats 5]
 *
 * 100,000 binary labels against a judge that agrees 85% of the time: Cohen's κ with its Wald interval,
 * and the 2,000-resample percentile bootstrap of κ; 100,000 graded pairs (1–5): Spearman's ρ. The same
 * functions the calibration page, `gavel agreement` and every stored calibration use (lib/stats). Each
 * is timed `repeats` times after one warm-up; the median, min and max are printed with the machine's
 * load (other processes on the same cores show in these times).
 */
import { cpus, loadavg } from "node:os";
import { bootstrapKappaInterval, cohensKappa, kappaWaldInterval, mulberry32, spearmanRho } from "../lib/stats";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const n = flag("n", 100_000);
const repeats = flag("repeats", 5);
const rng = mulberry32(20261201);

const human = Array.from({ length: n }, () => (rng() < 0.6 ? "pass" : "fail"));
const judge = human.map((h) => (rng() < 0.85 ? h : h === "pass" ? "fail" : "pass"));
const gold = Array.from({ length: n }, () => 1 + Math.floor(rng() * 5));
const scores = gold.map((g) => Math.min(5, Math.max(1, g + Math.round((rng() - 0.5) * 3))));

function time<T>(name: string, fn: () => T, show: (value: T) => string) {
  fn();
  const ms: number[] = [];
  let value!: T;
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    value = fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)]!;
  const f = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(`| ${name} | ${f(median)} ms | ${f(ms[0]!)}–${f(ms.at(-1)!)} ms | ${median < 1000 ? "yes" : "no"} | ${show(value)} |`);
}

console.log(
  `Calibration benchmark: n = ${n.toLocaleString("en-US")}, ${repeats} timed repeats after a warm-up; ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log("");
console.log("| Computation | Median | Range | Under 1 s | Result |");
console.log("| --- | --- | --- | --- | --- |");
time(
  "κ + Wald 95% interval (binary)",
  () => ({ kappa: cohensKappa(judge, human), wald: kappaWaldInterval(judge, human) }),
  (r) => `κ ${r.kappa?.toFixed(4)}, [${r.wald?.low.toFixed(4)}, ${r.wald?.high.toFixed(4)}]`,
);
time(
  "κ bootstrap, 2,000 resamples (binary)",
  () => bootstrapKappaInterval(judge, human, { seed: 1 }),
  (r) => `[${r?.low.toFixed(4)}, ${r?.high.toFixed(4)}]`,
);
time(
  "Spearman ρ (graded 1–5)",
  () => spearmanRho(scores, gold),
  (r) => `ρ ${r?.toFixed(4)}`,
);
console.log("");
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
