import { contentHash } from "../hash";
import { itemKind, kindCategories, type ItemKind } from "../items/kinds";
import {
  ceilingCategories,
  flipRate,
  humanCeiling,
  krippendorffAlpha,
  positionConsistency,
  sortLabels,
  spearmanRho,
  type HumanCeiling,
} from "../stats";
import { agreementReport, type AgreementMetric, type AgreementReport } from "./agreement";
import { degeneracyOf, type Degeneracy } from "./degenerate";
import { chooseEstimator, designEntry, type DesignEntry, type Estimator } from "./estimator";
import { accuracyByOrder, type OrderAccuracy } from "./pairwise-orders";

/**
 * Calibration: one judge version's verdicts against the gold labels of one split of a label set.
 * Pure: the caller loads rows, this computes everything the page shows and the gate reads.
 * Items the judge skipped or errored on are left out of every statistic and counted.
 */
export type SplitName = "dev" | "test";

export interface GoldItem {
  transcriptId: string;
  value: string;
  /** Output length (pairwise: len(A) − len(B)) for the verbosity check; null when unknown. */
  length: number | null;
}

export interface VerdictRow {
  transcriptId: string;
  order: string;
  repeat: number;
  status: "ok" | "skipped" | "error";
  value: string | null;
}

export interface HumanLabel {
  transcriptId: string;
  reviewerId: string;
  value: string;
}

export interface CalibrationInput {
  kind: ItemKind;
  /** The declared scale of a graded label set; null when none is declared. */
  scale: { min: number; max: number } | null;
  gold: GoldItem[];
  verdicts: VerdictRow[];
  humanLabels: HumanLabel[];
  /**
   * The human ceiling's population (lib/stats/human-ceiling.ts): every reviewer's label on the split's items, those
   * with no gold label yet (disagreements awaiting adjudication) included, and every value seen on the queue (the
   * categories when no scale is declared). Absent: the labels on the gold items and the values among them.
   */
  ceiling?: { labels: HumanLabel[]; queueValues: string[] };
  seed?: number;
  /** Inclusion probability and stratum of gold items a stratified draw put in the set (others: π = 1). */
  design?: Record<string, DesignEntry>;
}

export interface CalibrationStats {
  version: 1;
  kind: ItemKind;
  metric: AgreementMetric;
  goldCount: number;
  skipped: number;
  errored: number;
  /** Gold items the judge has not been asked about yet. */
  missing: number;
  /** Gold labels per class among the items that entered the statistics. */
  classCounts: Record<string, number>;
  report: AgreementReport;
  /**
   * Exactly the pairs behind the numbers (for export and `gavel agreement`). With the Horvitz–Thompson estimator each
   * carries its inclusion probability and stratum, so the export reproduces the weighted numbers the gate reads
   * (absent in calibrations stored before).
   */
  pairs: { transcriptId: string; judge: string; gold: string; inclusion?: number; stratum?: string }[];
  /**
   * The human ceiling (lib/stats/human-ceiling.ts, the rule the Agreement page uses too): fleissKappa is its value;
   * raters is the number of labels per item when every item has the same number, else null. `ceiling` is absent in
   * calibrations made before the one rule (they trimmed every item to the commonest number of labels).
   */
  human: {
    fleissKappa: number | null;
    krippendorffAlpha: number | null;
    alphaLevel: "nominal" | "ordinal";
    items: number;
    raters: number | null;
    ceiling?: HumanCeiling;
  };
  flip: { repeats: number; items: number; flipped: number; rate: number | null } | null;
  position: { n: number; consistent: number; rate: number | null; excluded: number } | null;
  /** Pairwise judges asked in both orders: accuracy in each order, an error counted as wrong (absent in older calibrations). */
  orders?: { original: OrderAccuracy; swapped: OrderAccuracy } | null;
  /** skipped: why the check was not made (a constant judge: ρ would only measure the humans). */
  verbosity: { n: number; rho: number | null; skipped?: string } | null;
  /** A constant judge or a one-class gold set, named (absent in older calibrations: read it with degeneracyOf). */
  degenerate?: Degeneracy | null;
  labelSetHash: string;
  /** Which estimator the headline numbers come from, and why (absent in calibrations made before stratified draws). */
  estimator?: Estimator;
}

/** An ordinal kind (graded) is measured with quadratic-weighted kappa, the others with Cohen's kappa. */
export function metricFor(kind: ItemKind): AgreementMetric {
  return itemKind(kind).ordinal ? "kappa-quadratic" : "kappa";
}

/** sha256 of the sorted (transcript, gold value) pairs: any change to the gold set changes it. */
export function labelSetHash(gold: readonly { transcriptId: string; value: string }[]): string {
  const pairs = gold.map((g) => [g.transcriptId, g.value]).sort((x, y) => (x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : 0));
  return contentHash({ labelSet: 1, pairs });
}

export function buildCalibration(input: CalibrationInput): CalibrationStats {
  const metric = metricFor(input.kind);
  const categories = kindCategories(input.kind, input.scale);
  const byKey = new Map(input.verdicts.map((v) => [`${v.transcriptId}/${v.order}/${v.repeat}`, v]));
  const pairs: CalibrationStats["pairs"] = [];
  const lengths: { length: number | null; judge: string; gold: string }[] = [];
  let skipped = 0;
  let errored = 0;
  let missing = 0;
  for (const item of input.gold) {
    const verdict = byKey.get(`${item.transcriptId}/original/0`);
    if (!verdict) missing++;
    else if (verdict.status === "skipped") skipped++;
    else if (verdict.status === "error" || verdict.value === null) errored++;
    else {
      pairs.push({ transcriptId: item.transcriptId, judge: verdict.value, gold: item.value });
      lengths.push({ length: item.length, judge: verdict.value, gold: item.value });
    }
  }
  const report = agreementReport(
    pairs.map((p) => p.judge),
    pairs.map((p) => p.gold),
    { metric, categories, positive: itemKind(input.kind).positive, seed: input.seed ?? 1 },
  );
  const degenerate = degeneracyOf(report);
  const classCounts: Record<string, number> = Object.fromEntries((categories ?? sortLabels(pairs.map((p) => p.gold))).map((c) => [c, 0]));
  for (const p of pairs) classCounts[p.gold] = (classCounts[p.gold] ?? 0) + 1;

  const estimator = chooseEstimator(pairs, input.design, {
    kind: input.kind,
    categories: report.categories,
    positive: report.positive,
    seed: input.seed ?? 1,
  });
  if (estimator.name === "horvitz-thompson")
    for (const p of pairs) {
      const entry = designEntry(input.design, p.transcriptId);
      p.inclusion = entry.probability;
      p.stratum = entry.stratum;
    }
  return {
    version: 1,
    kind: input.kind,
    metric,
    goldCount: input.gold.length,
    skipped,
    errored,
    missing,
    classCounts,
    report,
    pairs,
    human: humanAgreement(input),
    flip: flipOf(input, byKey),
    position: positionOf(input, byKey),
    orders: askedSwapped(input) ? accuracyByOrder(input.gold, input.verdicts) : null,
    verbosity: verbosityOf(input.kind, lengths, degenerate),
    degenerate,
    labelSetHash: labelSetHash(input.gold),
    estimator,
  };
}

/**
 * The human–human ceiling on the split: humanCeiling (one rule for every page) over every item of the population with
 * two labels or more, and Krippendorff's alpha over the same labels (nominal; ordinal for graded items).
 */
function humanAgreement(input: CalibrationInput): CalibrationStats["human"] {
  const ids = new Set(input.gold.map((g) => g.transcriptId));
  const perItem = new Map<string, string[]>();
  const population = input.ceiling ? input.ceiling.labels : input.humanLabels.filter((label) => ids.has(label.transcriptId));
  for (const label of population) perItem.set(label.transcriptId, [...(perItem.get(label.transcriptId) ?? []), label.value]);
  const multi = [...perItem.values()].filter((values) => values.length >= 2);
  const alphaLevel = itemKind(input.kind).ordinal ? "ordinal" : "nominal";
  const categories = ceilingCategories(kindCategories(input.kind, input.scale), input.ceiling?.queueValues ?? multi.flat());
  const ceiling = humanCeiling(itemKind(input.kind).ordinal ? "quadratic" : "none", categories, multi);
  if (multi.length === 0) return { fleissKappa: null, krippendorffAlpha: null, alphaLevel, items: 0, raters: null, ceiling };
  const width = Math.max(...multi.map((v) => v.length));
  // Ordinal alpha ranks values by the number each stands for (the registry's numeric: "high" after "medium").
  const point: (value: string) => string | number = alphaLevel === "ordinal" ? itemKind(input.kind).numeric : (value: string) => value;
  const units = multi.map((values) => [...values.map(point), ...Array<null>(width - values.length).fill(null)]);
  const same = ceiling.labelsPerItem && ceiling.labelsPerItem.min === ceiling.labelsPerItem.max ? ceiling.labelsPerItem.min : null;
  return {
    fleissKappa: ceiling.kappa,
    krippendorffAlpha: krippendorffAlpha(units, alphaLevel),
    alphaLevel,
    items: ceiling.items,
    raters: same,
    ceiling,
  };
}

function flipOf(input: CalibrationInput, byKey: Map<string, VerdictRow>): CalibrationStats["flip"] {
  const repeats = Math.max(0, ...input.verdicts.filter((v) => v.order === "original").map((v) => v.repeat)) + 1;
  if (repeats < 2) return null;
  const rows = input.gold.map((item) =>
    Array.from({ length: repeats }, (_, r) => {
      const v = byKey.get(`${item.transcriptId}/original/${r}`);
      return v?.status === "ok" ? v.value : null;
    }),
  );
  // An item answered fewer than twice cannot flip: count it out rather than as stable.
  const pairable = rows.filter((values) => values.filter((v) => v !== null).length >= 2);
  const result = flipRate(pairable);
  return { repeats, items: result.items, flipped: result.flipped, rate: result.rate };
}

/** Two outputs shown both ways round: position consistency and accuracy by order are measured. */
function askedSwapped(input: CalibrationInput): boolean {
  return itemKind(input.kind).outputs === 2 && input.verdicts.some((v) => v.order === "swapped");
}

function positionOf(input: CalibrationInput, byKey: Map<string, VerdictRow>): CalibrationStats["position"] {
  if (!askedSwapped(input)) return null;
  const value = (id: string, order: string) => {
    const v = byKey.get(`${id}/${order}/0`);
    return v?.status === "ok" ? v.value : null;
  };
  return positionConsistency(
    input.gold.map((g) => value(g.transcriptId, "original")),
    input.gold.map((g) => value(g.transcriptId, "swapped")),
  );
}

/**
 * Verbosity bias: Spearman's rho between output length and judge − human (pass = 1, fail = 0; A = 1,
 * B = 0 with length = len(A) − len(B); graded: the score difference). A positive rho means the judge
 * is more generous than the humans on longer outputs. Undefined when the judge never disagrees.
 */
function verbosityOf(
  kind: ItemKind,
  rows: { length: number | null; judge: string; gold: string }[],
  degenerate: Degeneracy | null,
): CalibrationStats["verbosity"] {
  const numeric = itemKind(kind).numeric;
  const usable = rows.filter((r) => r.length !== null);
  if (usable.length === 0) return null;
  // With one answer from the judge, judge − human varies only with the humans: ρ would measure them, not the judge.
  if (degenerate?.judgeValue != null)
    return { n: usable.length, rho: null, skipped: `skipped: ${degenerate.message.split(":")[0]}, so ρ would only measure the humans` };
  const rho = spearmanRho(
    usable.map((r) => r.length!),
    usable.map((r) => numeric(r.judge) - numeric(r.gold)),
  );
  return { n: usable.length, rho };
}
