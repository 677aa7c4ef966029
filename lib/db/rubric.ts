import "server-only";
import { UserError } from "../errors";
import { recordAudit } from "./audit";
import { db } from "./client";
import { noticeGoldChanged } from "./judge-staleness";

/**
 * "New rubric version": the queue's rubric text changes and its rubricVersion goes up by one.
 * Gold labels made under the old version stay stored with that version; every current view
 * (agreement, adjudication, judge calibration) reads the new version only, so every item is served to
 * reviewers again, and a reviewer's new label replaces their label from the earlier version (one
 * label per reviewer per transcript). The old text is kept in the audit log.
 */
export async function newRubricVersion(queueId: string, rubric: string, actorId: string) {
  return db().$transaction(async (tx) => {
    const queue = await tx.labelQueue.findUnique({
      where: { id: queueId },
      select: { id: true, name: true, rubric: true, rubricVersion: true },
    });
    if (!queue) throw new UserError("No such label queue.", 404);
    const text = rubric.trim();
    if (text === queue.rubric.trim())
      throw new UserError("That is the current rubric: change its text to make a new version.", 422, "rubric");
    const updated = await tx.labelQueue.update({
      where: { id: queue.id },
      data: { rubric: text, rubricVersion: { increment: 1 } },
      select: { id: true, name: true, rubric: true, rubricVersion: true },
    });
    // Every item is open again under the new rubric: no labels at this version yet, no skips, no holds.
    await tx.queueItem.updateMany({ where: { queueId: queue.id }, data: { labelCount: 0 } });
    await tx.labelSkip.deleteMany({ where: { queueItem: { queueId: queue.id } } });
    await tx.queueClaim.deleteMany({ where: { queueItem: { queueId: queue.id } } });
    await recordAudit(tx, {
      actorId,
      action: "queue.rubric_changed",
      targetType: "queue",
      targetId: queue.id,
      details: { queue: queue.name, from: queue.rubricVersion, to: updated.rubricVersion, previousRubric: queue.rubric },
    });
    // Gold is per rubric version: a judge approved on this set has no current gold to stand on now.
    await noticeGoldChanged(tx, queue.id, `rubric version ${updated.rubricVersion}`);
    return updated;
  });
}

/** Earlier versions of the queue's rubric, from the audit log, newest first. */
export async function rubricHistory(queueId: string) {
  const events = await db().auditEvent.findMany({
    where: { targetType: "queue", targetId: queueId, action: "queue.rubric_changed" },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true, details: true, actor: { select: { email: true } } },
  });
  return events.map((e) => {
    const details = (e.details ?? {}) as { from?: number; previousRubric?: string };
    return {
      version: details.from ?? null,
      rubric: details.previousRubric ?? "",
      replacedAt: e.createdAt,
      replacedBy: e.actor?.email ?? null,
    };
  });
}
