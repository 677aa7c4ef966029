import { itemKind, kindCategories } from "../items/kinds";
import { ceilingCategories, humanCeiling, type HumanCeiling } from "../stats";
import type { QueueShape } from "./agreement";

/**
 * The human ceiling of one population of a queue (the whole queue, or a split): every item in it with at least two
 * labels under the current rubric, pending disagreements included, with the queue's categories (its declared scale,
 * or every label seen on the queue). The rule of lib/stats/human-ceiling.ts, applied the same way for every surface:
 * the Agreement page, a calibration (lib/judges/calibration.ts) and `gavel queue agreement`.
 *
 * @param labels every label on the queue at its current rubric version.
 * @param population the items compared (a split's ids); undefined: the whole queue.
 */
export function populationCeiling(
  shape: QueueShape,
  labels: readonly { transcriptId: string; value: string }[],
  population?: ReadonlySet<string>,
): HumanCeiling {
  const declared = shape.categories ? [...shape.categories] : kindCategories(shape.kind, shape.scale);
  const categories = ceilingCategories(
    declared,
    labels.map((l) => l.value),
  );
  const perItem = new Map<string, string[]>();
  for (const label of labels) {
    if (population && !population.has(label.transcriptId)) continue;
    perItem.set(label.transcriptId, [...(perItem.get(label.transcriptId) ?? []), label.value]);
  }
  return humanCeiling(itemKind(shape.kind).ordinal ? "quadratic" : "none", categories, [...perItem.values()]);
}
