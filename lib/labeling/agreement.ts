import { itemKind, kindCategories, labelValues, type ItemKind } from "../items/kinds";
import {
  raterPairs,
  cohensKappa,
  confusionMatrix,
  kappaWaldInterval,
  krippendorffAlpha,
  ceilingCategories,
  humanCeiling,
  weightedKappa,
  wilsonInterval,
  type AlphaLevel,
  type Interval,
} from "../stats";

/**
 * Human–human agreement on one label queue: Cohen's κ for every pair of reviewers on the items both
 * labeled, Krippendorff's α (and Fleiss' κ where it applies) across all of them, and the items on
 * which reviewers disagree. Pure: the caller loads the labels of one rubric version. Every statistic
 * that has no value is null, with a sentence saying why; nothing is rounded here.
 */
export interface ReviewerLabel {
  transcriptId: string;
  reviewerId: string;
  value: string;
}

export interface QueueShape {
  kind: ItemKind;
  /** The declared scale of a graded queue; null when none is declared (the observed values are the scale). */
  scale: { min: number; max: number } | null;
  /** Declared categories that replace the kind's (a categorical score dimension: lib/labeling/dimension-agreement.ts). */
  categories?: readonly string[];
}

export interface PairAgreement {
  reviewerA: string;
  reviewerB: string;
  /** Items both reviewers labeled. */
  n: number;
  /** Items on which they gave the same value. */
  agreed: number;
  /** agreed / n; null when n = 0. */
  percentAgreement: number | null;
  /** Wilson 95% interval of the percent agreement. */
  percentAgreementCi: Interval | null;
  /** Cohen's κ on the shared items; null when n = 0 or p_e = 1. */
  kappa: number | null;
  /** Asymptotic SE (Fleiss, Cohen & Everitt 1969) and the Wald 95% interval κ ± 1.96·SE; null when κ is or n < 2. */
  se: number | null;
  ci95: Interval | null;
  /** Graded queues only: quadratic-weighted κ on the declared (or observed) scale. */
  weightedKappa: number | null;
  /** Why κ is undefined, in words; null when it is defined. */
  undefinedReason: string | null;
  /** Rows reviewer A, columns reviewer B, over `categories`. */
  confusion: number[][];
}

export interface GroupAgreement {
  /** Krippendorff's α over every item with at least two labels (missing labels allowed). */
  alpha: number | null;
  alphaLevel: AlphaLevel;
  alphaUndefinedReason: string | null;
  /**
   * The human ceiling: Fleiss' κ in Gwet's form over every item with at least two labels, whatever their number
   * (lib/stats/human-ceiling.ts — the same rule and code as the judge pages' ceiling). Quadratic weights for graded.
   */
  fleissKappa: number | null;
  fleissUndefinedReason: string | null;
  /** Items with labels from at least two reviewers. */
  items: number;
  /** Of those, the items on which every reviewer gave the same value. */
  unanimous: number;
  /** unanimous / items; null when items = 0. */
  percentUnanimous: number | null;
  /** Labels per multiply-labeled item when that number is the same for all of them, else null. */
  labelsPerItem: number | null;
}

export interface Disagreement {
  transcriptId: string;
  /** Each reviewer's value, in the order the labels were given. */
  labels: { reviewerId: string; value: string }[];
  /** The distinct values, in scale order. */
  values: string[];
}

export interface QueueAgreement {
  categories: string[];
  reviewers: { reviewerId: string; labels: number; counts: Record<string, number> }[];
  pairs: PairAgreement[];
  group: GroupAgreement;
  disagreements: Disagreement[];
}

/** The values a label (or a gold decision) may take in a queue of this shape. */
export function allowedValues(shape: QueueShape): string[] {
  return shape.categories ? [...shape.categories] : (kindCategories(shape.kind, shape.scale) ?? labelValues(shape.kind));
}

function byItem(labels: readonly ReviewerLabel[]): Map<string, { reviewerId: string; value: string }[]> {
  const items = new Map<string, { reviewerId: string; value: string }[]>();
  for (const { transcriptId, reviewerId, value } of labels) {
    const list = items.get(transcriptId) ?? [];
    if (list.some((l) => l.reviewerId === reviewerId))
      throw new Error(`Reviewer "${reviewerId}" labeled item "${transcriptId}" more than once.`);
    list.push({ reviewerId, value });
    items.set(transcriptId, list);
  }
  return items;
}

function pairAgreement(
  reviewerA: string,
  reviewerB: string,
  a: string[],
  b: string[],
  shape: QueueShape,
  categories: string[],
): PairAgreement {
  const n = a.length;
  const agreed = a.filter((value, i) => value === b[i]).length;
  const kappa = cohensKappa(a, b, categories);
  const wald = kappaWaldInterval(a, b, { categories });
  let undefinedReason: string | null = null;
  if (n === 0) undefinedReason = "They labeled no item in common.";
  else if (kappa === null) {
    undefinedReason = `Both gave every shared item the same label ("${a[0]}"), so chance agreement p_e = 1 and κ = 0/0. Label more varied items.`;
  }
  return {
    reviewerA,
    reviewerB,
    n,
    agreed,
    percentAgreement: n === 0 ? null : agreed / n,
    percentAgreementCi: wilsonInterval(agreed, n),
    kappa,
    se: wald?.se ?? null,
    ci95: wald ? { low: wald.low, high: wald.high } : null,
    weightedKappa: itemKind(shape.kind).ordinal ? weightedKappa(a, b, { weights: "quadratic", categories }) : null,
    undefinedReason,
    confusion: confusionMatrix(a, b, categories).matrix,
  };
}

function groupAgreement(
  items: Map<string, { reviewerId: string; value: string }[]>,
  shape: QueueShape,
  categories: string[],
): GroupAgreement {
  const multi = [...items.values()].filter((labels) => labels.length >= 2).map((labels) => labels.map((l) => l.value));
  const alphaLevel: AlphaLevel = itemKind(shape.kind).ordinal ? "ordinal" : "nominal";
  const unanimous = multi.filter((values) => new Set(values).size === 1).length;
  const sizes = new Set(multi.map((values) => values.length));
  const labelsPerItem = sizes.size === 1 ? [...sizes][0]! : null;
  const base = {
    alphaLevel,
    items: multi.length,
    unanimous,
    percentUnanimous: multi.length === 0 ? null : unanimous / multi.length,
    labelsPerItem,
  };
  if (multi.length === 0) {
    const reason = "No item has labels from two reviewers yet.";
    return { ...base, alpha: null, alphaUndefinedReason: reason, fleissKappa: null, fleissUndefinedReason: reason };
  }
  const width = Math.max(...multi.map((values) => values.length));
  // Ordinal alpha ranks values by the number each stands for (the registry's numeric: "high" after "medium").
  const point: (value: string) => string | number = alphaLevel === "ordinal" ? itemKind(shape.kind).numeric : (value: string) => value;
  const alpha = krippendorffAlpha(
    multi.map((values) => [...values.map(point), ...Array<null>(width - values.length).fill(null)]),
    alphaLevel,
  );
  const oneValue = new Set(multi.flat()).size === 1;
  const constantReason = `Every label is "${multi[0]![0]}": there is no variation to agree on, so chance agreement is 1 and the statistic is 0/0.`;
  const ceiling = humanCeiling(itemKind(shape.kind).ordinal ? "quadratic" : "none", categories, multi);
  const fleiss = ceiling.kappa;
  const fleissUndefinedReason = ceiling.undefinedReason;
  return {
    ...base,
    alpha,
    alphaUndefinedReason: alpha === null && oneValue ? constantReason : null,
    fleissKappa: fleiss,
    fleissUndefinedReason,
  };
}

/**
 * Everything the agreement page and the adjudication view need from one rubric version's labels.
 *
 * @throws when a reviewer labeled one item twice, or a value lies outside the queue's categories.
 */
export function queueAgreement(labels: readonly ReviewerLabel[], shape: QueueShape): QueueAgreement {
  const items = byItem(labels);
  const declared = shape.categories ? [...shape.categories] : kindCategories(shape.kind, shape.scale);
  const categories = ceilingCategories(
    declared,
    labels.map((l) => l.value),
  );
  const known = new Set(categories);
  for (const label of labels) {
    if (!known.has(label.value)) {
      throw new Error(
        `Item "${label.transcriptId}": reviewer "${label.reviewerId}" gave "${label.value}", which is not one of ${categories.join(", ")}.`,
      );
    }
  }

  const rated = raterPairs(labels.map((l) => ({ item: l.transcriptId, rater: l.reviewerId, value: l.value })));
  const byReviewer = rated.byRater;
  const reviewerIds = rated.raters;
  const pairs: PairAgreement[] = rated.pairs.map((p) => pairAgreement(p.raterA, p.raterB, p.a, p.b, shape, categories));

  const reviewers = reviewerIds.map((reviewerId) => {
    const values = [...byReviewer.get(reviewerId)!.values()];
    return {
      reviewerId,
      labels: values.length,
      counts: Object.fromEntries(categories.map((c) => [c, values.filter((v) => v === c).length])),
    };
  });

  const disagreements: Disagreement[] = [];
  for (const [transcriptId, itemLabels] of items) {
    const distinct = new Set(itemLabels.map((l) => l.value));
    if (distinct.size > 1) disagreements.push({ transcriptId, labels: itemLabels, values: categories.filter((c) => distinct.has(c)) });
  }

  return { categories, reviewers, pairs, group: groupAgreement(items, shape, categories), disagreements };
}
