import { disagreementWeights, fleissKappaGeneralized, spearmanRho } from "../stats";
import { itemKind, type ItemKind } from "../items/kinds";

/**
 * The human ceiling: how far reviewers agree with each other on the items several of them labeled, measured the way
 * the judge is measured (unweighted for pass/fail and A/B, quadratic weights for graded scores). The ONE rule, used by
 * a queue's Agreement page and by every judge page, so the same labels always give the same ceiling: Fleiss' κ in
 * Gwet's form for items with different numbers of labels (lib/stats/fleiss-gwet.ts), over every item with at least
 * two labels under the current rubric — no item trimmed to a common number of labels, none dropped for having more.
 */
export interface HumanCeiling {
  /** null when undefined: no item has two labels, or every label is the same. */
  kappa: number | null;
  weights: "none" | "quadratic";
  /** Items with at least two labels, and the labels on them. */
  items: number;
  labels: number;
  /** Fewest and most labels on one of those items (equal: classic Fleiss). */
  labelsPerItem: { min: number; max: number } | null;
  /** Why kappa is undefined, in words; null when it is defined. */
  undefinedReason: string | null;
}

export const CEILING_NAME = "Fleiss' κ (Gwet's form: items may carry different numbers of labels)";

/**
 * @param categories the scale in order (declared, or the observed labels sorted).
 * @param valuesPerItem each item's human labels under the current rubric.
 * @throws when a value is not one of the categories.
 */
export function humanCeiling(kind: ItemKind, categories: readonly string[], valuesPerItem: readonly (readonly string[])[]): HumanCeiling {
  const weights = itemKind(kind).ordinal ? "quadratic" : "none";
  const multi = valuesPerItem.filter((values) => values.length >= 2);
  const index = new Map(categories.map((c, i) => [c, i]));
  const counts = multi.map((values, item) => {
    const row = new Array<number>(categories.length).fill(0);
    for (const value of values) {
      const at = index.get(value);
      if (at === undefined) throw new Error(`Item ${item}: "${value}" is not one of ${categories.join(", ")}.`);
      row[at]! += 1;
    }
    return row;
  });
  const agreement =
    weights === "quadratic" ? disagreementWeights(categories.length, "quadratic").map((row) => row.map((v) => 1 - v)) : undefined;
  const kappa = counts.length ? fleissKappaGeneralized(counts, agreement) : null;
  const sizes = multi.map((v) => v.length);
  const undefinedReason =
    kappa !== null
      ? null
      : multi.length === 0
        ? "No item has labels from two reviewers yet."
        : `Every label is "${multi[0]![0]}": there is no variation to agree on, so chance agreement is 1 and κ is 0/0.`;
  return {
    kappa,
    weights,
    items: multi.length,
    labels: sizes.reduce((s, x) => s + x, 0),
    labelsPerItem: sizes.length ? { min: Math.min(...sizes), max: Math.max(...sizes) } : null,
    undefinedReason,
  };
}

/**
 * The human ceiling for a graded judge measured by Spearman's ρ against the mean of r raters: each
 * rater against the mean of the other r − 1, averaged over the raters (a leave-one-out ρ). It is a
 * conservative ceiling: the judge is compared with the mean of all r, which is less noisy.
 *
 * @param ratings ratings[item] = the raters' scores on that item, in rater order; items without
 *   exactly r ratings are left out.
 * @returns the mean ρ (null when any rater's ρ is undefined or no item qualifies), each rater's ρ, and n.
 */
export function leaveOneOutRho(
  ratings: readonly (readonly number[])[],
  raters = 3,
): { rho: number | null; perRater: (number | null)[]; n: number } {
  const items = ratings.filter((r) => r.length === raters);
  const perRater = Array.from({ length: raters }, (_, k) => {
    const own = items.map((r) => r[k]!);
    const others = items.map((r) => (r.reduce((a, b) => a + b, 0) - r[k]!) / (raters - 1));
    return spearmanRho(own, others);
  });
  const rho = items.length === 0 || perRater.some((r) => r === null) ? null : perRater.reduce<number>((a, b) => a + b!, 0) / raters;
  return { rho, perRater, n: items.length };
}
