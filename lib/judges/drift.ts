import { mcnemarExact, type McNemarExact } from "../stats/mcnemar";

/**
 * Old and new version of a judge on the same frozen gold items. Only the first answer in the original order counts
 * (the one calibration uses), and only items both versions answered are compared: an item one side has not judged,
 * skipped or errored on is "not compared", never a flip (before the new version has judged anything, nothing flipped).
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

export interface DriftSummary {
  gold: number;
  /** Items both versions answered. */
  compared: number;
  /** Items at least one version has not answered (not judged yet, skipped, error), by side. */
  notCompared: { total: number; oldUnanswered: number; newUnanswered: number };
  flipped: number;
  /** The old version was wrong and the new one is right. */
  fixed: number;
  /** The old version was right and the new one is wrong. */
  broken: number;
  /** Right (or wrong) under both versions. */
  unchanged: number;
  /** Changed answer, wrong under both (graded items only: two wrong scores). */
  changedStillWrong: number;
  /** McNemar's exact test of fixed against broken; null when none of either. */
  mcnemar: McNemarExact | null;
}

type Answered = Map<string, string>;

function answered(list: readonly DriftVerdict[]): Answered {
  return new Map(
    list
      .filter((v) => v.order === "original" && v.repeat === 0 && v.status === "ok" && v.value !== null)
      .map((v) => [v.transcriptId, v.value!]),
  );
}

export function flippedItems(
  gold: readonly { transcriptId: string; value: string }[],
  before: readonly DriftVerdict[],
  after: readonly DriftVerdict[],
): FlippedItem[] {
  const old = answered(before);
  const now = answered(after);
  const flipped: FlippedItem[] = [];
  for (const item of gold) {
    const a = old.get(item.transcriptId);
    const b = now.get(item.transcriptId);
    if (a === undefined || b === undefined || a === b) continue;
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

/** The net effect of the new version on the gold items both answered: fixed, broken, unchanged, and whether it is more than chance. */
export function driftSummary(
  gold: readonly { transcriptId: string; value: string }[],
  before: readonly DriftVerdict[],
  after: readonly DriftVerdict[],
): DriftSummary {
  const old = answered(before);
  const now = answered(after);
  const s = { compared: 0, oldUnanswered: 0, newUnanswered: 0, notCompared: 0, flipped: 0, fixed: 0, broken: 0, unchanged: 0, still: 0 };
  for (const item of gold) {
    const a = old.get(item.transcriptId);
    const b = now.get(item.transcriptId);
    if (a === undefined || b === undefined) {
      s.notCompared++;
      if (a === undefined) s.oldUnanswered++;
      if (b === undefined) s.newUnanswered++;
      continue;
    }
    s.compared++;
    if (a !== b) s.flipped++;
    const wasRight = a === item.value;
    const isRight = b === item.value;
    if (!wasRight && isRight) s.fixed++;
    else if (wasRight && !isRight) s.broken++;
    else if (a !== b) s.still++;
    else s.unchanged++;
  }
  return {
    gold: gold.length,
    compared: s.compared,
    notCompared: { total: s.notCompared, oldUnanswered: s.oldUnanswered, newUnanswered: s.newUnanswered },
    flipped: s.flipped,
    fixed: s.fixed,
    broken: s.broken,
    unchanged: s.unchanged,
    changedStillWrong: s.still,
    mcnemar: mcnemarExact(s.fixed, s.broken),
  };
}
