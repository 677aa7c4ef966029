import { sortLabels } from "./confusion";
import { spearmanRho } from "./correlation";
import { fleissKappaGeneralized } from "./fleiss-gwet";
import { disagreementWeights } from "./kappa";

/**
 * The human ceiling: how far reviewers agree with each other on the items several of them labeled, measured the way
 * the judge is measured (unweighted for pass/fail and A/B, quadratic weights for graded scores). The ONE rule, used by
 * a queue's Agreement page, the calibration and judge pages, HANNA's page and `gavel queue agreement`, so the same
 * labels always give the same ceiling (docs/statistics.md):
 *
 * - population: every item of the compared population (the queue; a split) with at least two human labels under the
 *   current rubric, disagreements still awaiting adjudication included — no item trimmed to a common number of
 *   labels, none dropped for having more or for having no gold label yet;
 * - categories: the queue's declared scale, or else every label seen on the queue (ceilingCategories), so a split
 *   and its queue weigh disagreements alike;
 * - statistic: Fleiss' κ in Gwet's form for items with different numbers of labels (fleiss-gwet.ts).
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

/** The ceiling's categories: the declared scale when there is one, else every label seen on the queue, sorted. */
export function ceilingCategories(declared: readonly string[] | null | undefined, seenOnQueue: Iterable<string>): string[] {
  return declared?.length ? [...declared] : sortLabels(seenOnQueue);
}

/**
 * @param weights "quadratic" for an ordinal scale (graded), "none" otherwise.
 * @param categories the scale in order (ceilingCategories).
 * @param valuesPerItem each item's human labels under the current rubric (items with fewer than two are left out).
 * @throws when a value is not one of the categories.
 */
export function humanCeiling(
  weights: "none" | "quadratic",
  categories: readonly string[],
  valuesPerItem: readonly (readonly string[])[],
): HumanCeiling {
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
 * The leave-one-out ρ, the yardstick for a graded judge measured by Spearman's ρ against the mean of r raters: each
 * rater against the mean of the other r − 1, averaged over the raters. It is not "the ceiling" (that is humanCeiling's
 * κ): it is a conservative reference for ρ, since the judge is compared with the mean of all r, which is less noisy.
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
