import type { ItemStatus } from "../schemas/item-browser";

/**
 * Where a queue item stands, as the item browser shows and filters it. One status per item, by
 * precedence: a gold label at the queue's current rubric version settles it (whatever its labels);
 * else it has every label it needs (labeled: waiting for consensus or adjudication); else the people
 * left cannot finish it (stranded: lib/db/labeling/stranded.ts); else someone skipped it; else it
 * needs labels. lib/db/labeling/browse.ts writes each of these as SQL in the same order, so a filter
 * finds exactly the items that show that status.
 */
export { ITEM_STATUSES, type ItemStatus } from "../schemas/item-browser";

export const STATUS_NAMES: Record<ItemStatus, string> = {
  "needs-labels": "needs labels",
  labeled: "labeled",
  gold: "gold",
  stranded: "stranded",
  skipped: "skipped",
};

export interface ItemStanding {
  /** Source of the gold label at the current rubric version, or null. */
  gold: string | null;
  /** Labels at the current rubric version (QueueItem.labelCount). */
  labelCount: number;
  reviewersPerItem: number;
  stranded: boolean;
  skips: number;
}

export function itemStatus(item: ItemStanding): ItemStatus {
  if (item.gold !== null) return "gold";
  if (item.labelCount >= item.reviewersPerItem) return "labeled";
  if (item.stranded) return "stranded";
  if (item.skips > 0) return "skipped";
  return "needs-labels";
}

/**
 * Reviewers disagree on an item when two of its labels at the current rubric version differ: the
 * adjudication page's rule (lib/db/adjudication.ts) before its "enough labels, no gold yet" part,
 * so a decided disagreement still shows here.
 */
export function disagrees(values: readonly string[]): boolean {
  return new Set(values).size > 1;
}

/** A short, single-line snippet of untrusted text: whitespace folded, cut at `max` characters. */
export function snippet(text: string | null | undefined, max = 140): string {
  if (!text) return "";
  const folded = text.replace(/\s+/g, " ").trim();
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
}
