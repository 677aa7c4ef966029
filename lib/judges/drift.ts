/**
 * Old and new version of a judge on the same frozen gold items: which items changed verdict. Only
 * the first answer in the original order counts (the one calibration uses); a change of status
 * (an answer that became an error) is a change too.
 */
export interface DriftVerdict {
  transcriptId: string;
  order: string;
  repeat: number;
  status: string;
  value: string | null;
}

export interface FlippedItem {
  transcriptId: string;
  gold: string;
  before: string;
  after: string;
  /** Which side now agrees with the gold label: "new" fixed it, "old" was right, "neither". */
  agreesWithGold: "new" | "old" | "neither";
}

const shown = (v: DriftVerdict | undefined) => (!v ? "not judged" : v.status === "ok" && v.value !== null ? v.value : v.status);

export function flippedItems(
  gold: readonly { transcriptId: string; value: string }[],
  before: readonly DriftVerdict[],
  after: readonly DriftVerdict[],
): FlippedItem[] {
  const first = (list: readonly DriftVerdict[]) =>
    new Map(list.filter((v) => v.order === "original" && v.repeat === 0).map((v) => [v.transcriptId, v]));
  const old = first(before);
  const now = first(after);
  const flipped: FlippedItem[] = [];
  for (const item of gold) {
    const a = shown(old.get(item.transcriptId));
    const b = shown(now.get(item.transcriptId));
    if (a === b) continue;
    flipped.push({
      transcriptId: item.transcriptId,
      gold: item.value,
      before: a,
      after: b,
      agreesWithGold: b === item.value ? "new" : a === item.value ? "old" : "neither",
    });
  }
  return flipped;
}
