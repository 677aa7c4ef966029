import { itemKind, labelValues, type ItemKind, type ItemScale } from "../items/kinds";

/**
 * One label button and its hotkey. No tone: every choice looks the same, because a filled "Pass"
 * beside an outlined "Fail" is a nudge, and this tool exists to measure without one.
 */
export interface LabelChoice {
  value: string;
  /** The key that picks it (lower case). */
  key: string;
  label: string;
}

/**
 * The buttons for a queue's kind, as the item-kind registry spells them: P / F for pass and fail, A / B for
 * pairwise, the digits for a graded scale. S (skip), U (undo) and ? (help) are taken, so no choice may use them.
 */
export function labelChoices(kind: ItemKind, scale?: ItemScale | null): LabelChoice[] {
  return labelValues(kind, scale).map((value) => ({ value, ...itemKind(kind).choice(value) }));
}
