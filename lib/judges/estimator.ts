import { weightedAgreement, type WeightedAgreement } from "../stats";
import { itemKind, type ItemKind } from "../items/kinds";

/**
 * Which estimator a calibration used, and why: the plain sample statistics when every gold item had the same chance of
 * being drawn, Horvitz–Thompson weights when a stratified draw ("Label more for this judge") gave items different
 * chances. Items that no draw put in the set count with probability 1 (they are all there is of themselves).
 */
export interface DesignEntry {
  probability: number;
  stratum: string;
}

export type Estimator =
  | { name: "unweighted"; reason: string }
  | {
      name: "horvitz-thompson";
      reason: string;
      weighted: WeightedAgreement;
      strata: Record<string, { items: number; probability: number }>;
    };

/** A gold item's place in the design: its draw's π and stratum, or π = 1 for an item no draw put in the set. */
export function designEntry(design: Readonly<Record<string, DesignEntry>> | undefined, transcriptId: string): DesignEntry {
  return design?.[transcriptId] ?? { probability: 1, stratum: "not drawn (π = 1)" };
}

export function chooseEstimator(
  pairs: readonly { transcriptId: string; judge: string; gold: string }[],
  design: Readonly<Record<string, DesignEntry>> | undefined,
  shape: { kind: ItemKind; categories: readonly string[]; positive: string | null; seed: number },
): Estimator {
  const entries = pairs.map((p) => designEntry(design, p.transcriptId));
  if (entries.every((e) => e.probability === entries[0]?.probability)) {
    return {
      name: "unweighted",
      reason:
        design && Object.keys(design).length
          ? "every gold item had the same chance of being in the set, so the sample's own statistics are the population's"
          : "the gold items were not drawn with unequal chances, so the sample's own statistics apply",
    };
  }
  const weighted = weightedAgreement({
    a: pairs.map((p) => p.judge),
    b: pairs.map((p) => p.gold),
    inclusion: entries.map((e) => e.probability),
    strata: entries.map((e) => e.stratum),
    categories: shape.categories,
    positive: shape.positive,
    kappaWeights: itemKind(shape.kind).ordinal ? "quadratic" : undefined,
    seed: shape.seed,
  });
  const strata: Record<string, { items: number; probability: number }> = {};
  entries.forEach((e) => {
    const s = (strata[e.stratum] ??= { items: 0, probability: e.probability });
    s.items += 1;
  });
  return {
    name: "horvitz-thompson",
    reason:
      "a stratified draw gave gold items different chances of being labeled (it over-samples the judge's rare verdict), so each item counts 1/π times and κ, accuracy, TPR and TNR estimate the whole population rather than the sample",
    weighted,
    strata,
  };
}

/** The numbers a calibration row stores and the gate reads: the weighted ones when the design calls for them. */
export function headlineNumbers(
  report: {
    value: number | null;
    se: number | null;
    ci95: [number, number] | null;
    accuracy: number | null;
    tpr: number | null;
    tnr: number | null;
  },
  estimator: Estimator | undefined,
) {
  if (estimator?.name !== "horvitz-thompson")
    return {
      kappa: report.value,
      se: report.se,
      low: report.ci95?.[0] ?? null,
      high: report.ci95?.[1] ?? null,
      accuracy: report.accuracy,
      tpr: report.tpr,
      tnr: report.tnr,
    };
  const w = estimator.weighted;
  return {
    kappa: w.kappa,
    se: w.bootstrap?.se ?? null,
    low: w.bootstrap?.low ?? null,
    high: w.bootstrap?.high ?? null,
    accuracy: w.accuracy,
    tpr: w.tpr,
    tnr: w.tnr,
  };
}

/**
 * How a calibration's stored interval was made: the Wald interval of the asymptotic SE, unless a
 * stratified draw weighted the items, when it is the seeded percentile bootstrap of the weighted κ.
 */
export function intervalMethod(stats: unknown): "Wald" | "bootstrap" {
  const name = (stats as { estimator?: { name?: string } } | null | undefined)?.estimator?.name;
  return name === "horvitz-thompson" ? "bootstrap" : "Wald";
}

/**
 * The numbers every surface reports for a calibration (CLI JSON, the audit event, exports): the estimator the gate
 * uses, named, with its interval; the unweighted sample numbers beside them, labelled, when a draw weighted the items.
 */
export function calibrationHeadline(stats: { report: Parameters<typeof headlineNumbers>[0] & { n: number }; estimator?: Estimator }) {
  const h = headlineNumbers(stats.report, stats.estimator);
  const weighted = stats.estimator?.name === "horvitz-thompson";
  const r = stats.report;
  return {
    estimator: weighted ? ("horvitz-thompson" as const) : ("unweighted" as const),
    interval: weighted ? ("bootstrap" as const) : ("Wald" as const),
    n: r.n,
    value: h.kappa,
    se: h.se,
    ci95: h.low !== null && h.high !== null ? ([h.low, h.high] as [number, number]) : null,
    accuracy: h.accuracy,
    tpr: h.tpr,
    tnr: h.tnr,
    unweighted: weighted ? { value: r.value, se: r.se, ci95: r.ci95, accuracy: r.accuracy, tpr: r.tpr, tnr: r.tnr } : null,
  };
}
