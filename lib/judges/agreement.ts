import {
  binaryAgreement,
  bootstrapKappaInterval,
  cohensKappa,
  confusionMatrix,
  isNumericLabel,
  kappaWaldInterval,
  kendallTauB,
  kendallTauBWaldInterval,
  krippendorffAlpha,
  sortLabels,
  spearmanRho,
  weightedKappa,
  wilsonInterval,
  type AlphaLevel,
  type Interval,
} from "../stats";

/**
 * The one function that turns two raters' labels into agreement statistics. The calibration page
 * (judge against gold) and `gavel agreement` (any two columns of a file) both call it, so the same
 * labels always give the same numbers. Rater a is the one measured (the judge), rater b the
 * reference (the human gold label): TPR is P(a says positive | b says positive).
 */
export const AGREEMENT_METRICS = ["kappa", "kappa-linear", "kappa-quadratic", "spearman", "kendall", "krippendorff"] as const;
export type AgreementMetric = (typeof AGREEMENT_METRICS)[number];

export interface AgreementOptions {
  metric: AgreementMetric;
  /** The label counted as positive for TPR / TNR; defaults to pass, A, true, yes or 1 when present. */
  positive?: string | null;
  /** Categories in scale order (a declared scale); otherwise the observed ones, sorted. */
  categories?: readonly string[] | null;
  /** Krippendorff's level; nominal by default. */
  level?: AlphaLevel;
  /** Seed of the bootstrap interval (the same seed always gives the same interval). */
  seed?: number;
  bootstrapIterations?: number;
}

export interface AgreementReport {
  metric: AgreementMetric;
  n: number;
  /** The chosen metric's value; null when undefined (a constant rater, n < 2, ...). */
  value: number | null;
  /** Asymptotic standard error: kappa metrics (Fleiss, Cohen & Everitt 1969) and Kendall's τ-b (Brown & Benedetti 1977). */
  se: number | null;
  /** Wald 95% interval, value ± 1.96·SE (kappa metrics and Kendall's τ-b), clipped to [−1, 1] (κ and τ live there). */
  ci95: [number, number] | null;
  /** Whether a Wald bound fell outside [−1, 1] and was clipped: the normal approximation is poor here (absent in older reports). */
  ci95Clipped?: boolean;
  /** Seeded percentile bootstrap 95% interval (kappa metrics only). */
  bootstrap: { low: number; high: number; iterations: number; undefinedResamples: number; seed: number } | null;
  categories: string[];
  confusion: { labels: string[]; matrix: number[][] };
  /** Share of items on which a and b give the same label, with its Wilson interval. */
  accuracy: number | null;
  accuracyCi: Interval | null;
  positive: string | null;
  tpr: number | null;
  tprCi: Interval | null;
  tnr: number | null;
  tnrCi: Interval | null;
  balancedAccuracy: number | null;
  /** Every kappa, whatever the chosen metric, for the page. */
  kappa: number | null;
  kappaLinear: number | null;
  kappaQuadratic: number | null;
  /** Spearman's rho when every label is a number; null otherwise or when undefined. */
  spearman: number | null;
  /** Kendall's τ-b when every label is a number; null otherwise or when undefined. */
  kendall: number | null;
}

const DEFAULT_POSITIVES = ["pass", "A", "true", "yes", "1"];

export function defaultPositive(categories: readonly string[]): string | null {
  if (categories.length > 2) return null;
  return DEFAULT_POSITIVES.find((p) => categories.includes(p)) ?? null;
}

export function agreementReport(a: readonly string[], b: readonly string[], options: AgreementOptions): AgreementReport {
  if (a.length !== b.length) throw new Error(`The two raters have ${a.length} and ${b.length} labels: pair every item.`);
  const categories = options.categories?.length ? [...options.categories] : sortLabels([...a, ...b]);
  const confusion = confusionMatrix(a, b, categories);
  const n = a.length;

  const positive = options.positive ?? defaultPositive(categories);
  if (positive !== null && !categories.includes(positive)) {
    throw new Error(`The positive label "${positive}" is not one of the labels (${categories.join(", ")}).`);
  }
  const binary =
    positive === null
      ? null
      : binaryAgreement(
          a.map((x) => x === positive),
          b.map((x) => x === positive),
        );
  const agreed = a.filter((x, i) => x === b[i]).length;

  const numeric = n > 0 && [...a, ...b].every(isNumericLabel);
  const spearman = numeric ? spearmanRho(a.map(Number), b.map(Number)) : null;
  const kendall = numeric ? kendallTauB(a.map(Number), b.map(Number)) : null;
  const kappa = cohensKappa(a, b, categories);
  const kappaLinear = weightedKappa(a, b, { weights: "linear", categories });
  const kappaQuadratic = weightedKappa(a, b, { weights: "quadratic", categories });

  let value: number | null;
  let se: number | null = null;
  let ci95: [number, number] | null = null;
  let bootstrap: AgreementReport["bootstrap"] = null;
  if (options.metric === "spearman") {
    if (!numeric && n > 0) throw new Error("Spearman's rho needs numeric ratings in both columns.");
    value = spearman;
  } else if (options.metric === "kendall") {
    if (!numeric && n > 0) throw new Error("Kendall's tau needs numeric ratings in both columns.");
    value = kendall;
    const wald = numeric ? kendallTauBWaldInterval(a.map(Number), b.map(Number)) : null;
    se = wald?.se ?? null;
    ci95 = wald ? [wald.low, wald.high] : null;
  } else if (options.metric === "krippendorff") {
    const level = options.level ?? "nominal";
    value = krippendorffAlpha(
      a.map((x, i) => [x, b[i]!]),
      level,
    );
  } else {
    const weights = options.metric === "kappa-linear" ? "linear" : options.metric === "kappa-quadratic" ? "quadratic" : undefined;
    value = weights === "linear" ? kappaLinear : weights === "quadratic" ? kappaQuadratic : kappa;
    const wald = kappaWaldInterval(a, b, { weights, categories });
    se = wald?.se ?? null;
    ci95 = wald ? [wald.low, wald.high] : null;
    const seed = options.seed ?? 1;
    const boot = bootstrapKappaInterval(a, b, { seed, iterations: options.bootstrapIterations ?? 2000, weights, categories });
    bootstrap = boot ? { ...boot, seed } : null;
  }

  const clipped = ci95 !== null && (ci95[0] < -1 || ci95[1] > 1);
  if (ci95) ci95 = [Math.max(-1, ci95[0]), Math.min(1, ci95[1])];
  return {
    metric: options.metric,
    n,
    value,
    se,
    ci95,
    ci95Clipped: clipped,
    bootstrap,
    categories,
    confusion: { labels: confusion.labels, matrix: confusion.matrix },
    accuracy: n === 0 ? null : agreed / n,
    accuracyCi: wilsonInterval(agreed, n),
    positive,
    tpr: binary?.tpr ?? null,
    tprCi: binary?.tprCi ?? null,
    tnr: binary?.tnr ?? null,
    tnrCi: binary?.tnrCi ?? null,
    balancedAccuracy: binary?.balancedAccuracy ?? null,
    kappa,
    kappaLinear,
    kappaQuadratic,
    spearman,
    kendall,
  };
}

/** The machine-readable summary `gavel agreement --json` prints (null for anything undefined). */
export function agreementJson(report: AgreementReport) {
  return {
    metric: report.metric,
    n: report.n,
    value: report.value,
    se: report.se,
    ci95: report.ci95,
    accuracy: report.accuracy,
    confusion: report.confusion,
    tpr: report.tpr,
    tnr: report.tnr,
  };
}
