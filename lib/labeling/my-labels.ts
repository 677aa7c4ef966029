/**
 * When a reviewer may still change their own label from "My labels". A person's decision on the item
 * (adjudicated or imported gold) closes it: changing a label under a decision would quietly reopen a
 * disagreement someone settled. A label made under an earlier rubric version is superseded, not
 * edited. A label whose judge verdict the reviewer has seen stays as it was: a change made after
 * seeing the judge is no longer a blind label (the same rule as undo).
 */
export interface EditContext {
  /** The label is in a queue (labels imported with a data set have none). */
  inQueue: boolean;
  labelRubricVersion: number;
  queueRubricVersion: number;
  judgeSeen: boolean;
  /** Where the item's gold label at the label's rubric version came from, if it has one. */
  gold: "consensus" | "adjudication" | "import" | null;
}

export function editBlocked(context: EditContext): string | null {
  if (!context.inQueue) return "This label is not in a queue.";
  if (context.labelRubricVersion < context.queueRubricVersion)
    return `Made under rubric version ${context.labelRubricVersion}; the queue is at version ${context.queueRubricVersion}: label the item again instead.`;
  if (context.gold === "adjudication") return "An adjudicator decided this item.";
  if (context.gold === "import") return "This item's gold label was imported.";
  if (context.judgeSeen) return "You have seen the judge's verdict on this item.";
  return null;
}

/**
 * The consensus gold an item should have once its labels are these: every reviewer it needs has
 * labeled and all agree → that value; otherwise none. (submitLabel makes the same rule on the way in.)
 */
export function consensusOf(values: readonly string[], reviewersPerItem: number): string | null {
  return values.length >= reviewersPerItem && new Set(values).size === 1 ? values[0]! : null;
}
