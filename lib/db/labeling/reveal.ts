import "server-only";
import { UserError } from "../../errors";
import type { RevealJudgeInput } from "../../schemas/labeling";
import { db } from "../client";
import { recordSightings } from "../sightings";
import { VERDICT_ANSWER_SELECT } from "../verdicts";

export interface RevealedVerdict {
  judge: string;
  version: number;
  model: string;
  order: string;
  repeat: number;
  status: "ok" | "skipped" | "error";
  value: string | null;
  score: number | null;
  reason: string | null;
}

/**
 * The judge's verdicts on an item, for a reviewer who labeled it in this queue; records on their
 * label that the judge was shown (judgeSeen, and when it was first revealed).
 */
export async function revealJudge(reviewerId: string, input: RevealJudgeInput, now = new Date()): Promise<RevealedVerdict[]> {
  const client = db();
  const label = await client.label.findUnique({
    where: { transcriptId_reviewerId: { transcriptId: input.transcriptId, reviewerId } },
    select: { id: true, queueId: true, judgeRevealedAt: true },
  });
  if (!label || label.queueId !== input.queueId)
    throw new UserError("Label this item first: the judge's verdict is shown only after your own label.", 409);
  await client.label.update({ where: { id: label.id }, data: { judgeSeen: true, judgeRevealedAt: label.judgeRevealedAt ?? now } });
  // Kept apart from the label, which a new rubric version's label replaces: that one is not blind either.
  await recordSightings(reviewerId, [input.transcriptId], now);
  const verdicts = await client.judgeVerdict.findMany({
    where: { transcriptId: input.transcriptId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      ...VERDICT_ANSWER_SELECT,
      judgeVersion: { select: { version: true, model: true, judge: { select: { name: true } } } },
    },
  });
  return verdicts.map((v) => ({
    judge: v.judgeVersion.judge.name,
    version: v.judgeVersion.version,
    model: v.judgeVersion.model,
    order: v.order,
    repeat: v.repeat,
    status: v.status,
    value: v.value,
    score: v.score,
    reason: v.reason,
  }));
}

/**
 * Which label is the reviewer's most recent in a queue (newest first, the id breaking a tie): undo takes back
 * the very label lastOwnLabel shows, so both find it the same way.
 */
export function newestOwnLabel(queueId: string, reviewerId: string) {
  return { where: { queueId, reviewerId }, orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }] };
}

/** The reviewer's own most recent label in the queue (theirs to see), for "reveal the judge" and undo. */
export async function lastOwnLabel(queueId: string, reviewerId: string) {
  return db().label.findFirst({
    ...newestOwnLabel(queueId, reviewerId),
    select: {
      id: true,
      transcriptId: true,
      value: true,
      dimensions: true,
      judgeSeen: true,
      transcript: { select: { externalId: true } },
    },
  });
}
