import "server-only";
import type { SplitName } from "../judges/calibration";
import { db } from "./client";

/** Every reviewer's label on these items at the rubric version, with who and why (the judge workbench shows them). */
export async function labelsWithReasons(queueId: string, rubricVersion: number, transcriptIds: readonly string[]) {
  if (transcriptIds.length === 0) return [];
  return db().label.findMany({
    where: { queueId, rubricVersion, transcriptId: { in: [...transcriptIds] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { transcriptId: true, value: true, reason: true, reviewer: { select: { email: true } } },
  });
}

/** Which of these transcripts are items of the queue's given split. */
export async function itemsInSplit(queueId: string, split: SplitName, transcriptIds: readonly string[]): Promise<Set<string>> {
  const rows = await db().queueItem.findMany({
    where: { queueId, split, transcriptId: { in: [...transcriptIds] } },
    select: { transcriptId: true },
  });
  return new Set(rows.map((r) => r.transcriptId));
}
