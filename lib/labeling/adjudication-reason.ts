/**
 * Why an item is on the adjudication page, in words, when it is not the plain case (reviewers disagree).
 * An item opened from the item browser (`?item=`) may have neither a disagreement nor an open flag: saying
 * "here for its flag" then would send the adjudicator looking for a flag that is not there.
 */
export function adjudicationNote(item: { disagreement: boolean; openFlags: number }): string | null {
  if (item.disagreement) return null;
  if (item.openFlags > 0) return `no disagreement: here for its flag${item.openFlags === 1 ? "" : "s"}`;
  return "opened from the item browser: no disagreement and no open flag";
}
