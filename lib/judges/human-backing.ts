/**
 * Whether a gold set stands on more than one person: a gating judge is tied to its humans, so each gold item it is
 * approved on needs at least two independent human labels (distinct reviewers, at the current rubric version) or a
 * label an adjudicator settled. One reviewer's labels, however many, are that reviewer's opinion, not a gold set.
 */
export interface GoldBackingRow {
  transcriptId: string;
  source: string;
  /** Distinct reviewers who labeled the item at the current rubric version. */
  reviewers: number;
}

export interface HumanBacking {
  items: number;
  /** Items with two or more reviewers' labels, or an adjudicated gold label. */
  backed: number;
  /** Items whose gold rests on one reviewer's label. */
  singleReviewer: number;
  /** Items whose gold has no human label behind it in Gavel (imported, or labels since removed). */
  noLabels: number;
}

export function humanBacking(rows: readonly GoldBackingRow[]): HumanBacking {
  let backed = 0;
  let singleReviewer = 0;
  let noLabels = 0;
  for (const row of rows) {
    if (row.source === "adjudication" || row.reviewers >= 2) backed++;
    else if (row.reviewers === 1) singleReviewer++;
    else noLabels++;
  }
  return { items: rows.length, backed, singleReviewer, noLabels };
}

/** The backing in words, for the page and the refusal ("28 of 30 gold items have that; 2 rest on one reviewer"). */
export function backingText(b: HumanBacking): string {
  const gaps = [
    b.singleReviewer ? `${b.singleReviewer} rest${b.singleReviewer === 1 ? "s" : ""} on one reviewer` : null,
    b.noLabels ? `${b.noLabels} ha${b.noLabels === 1 ? "s" : "ve"} no human label in Gavel` : null,
  ].filter(Boolean);
  return `${b.backed} of ${b.items} gold items have that${gaps.length ? `; ${gaps.join(", ")}` : ""}`;
}

/** Whether the gate's κ bar is above what the humans reach among themselves: a judge would have to beat its teachers. */
export function barAboveCeiling(bar: number, ceiling: number | null): boolean {
  return ceiling !== null && Number.isFinite(ceiling) && bar > ceiling;
}
