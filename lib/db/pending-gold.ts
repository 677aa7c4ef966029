import "server-only";
import { randomUUID } from "node:crypto";
import { UserError } from "../errors";
import { consensusOf } from "../labeling/my-labels";
import { can, type Principal } from "../roles";
import { approvalStateOf, boundQueueId, GATE_SPLIT, latestApproval } from "./approvals";
import { recordAudit } from "./audit";
import { withoutHidden, type Viewer } from "./blind";
import { db, type Tx } from "./client";
import { noticeGoldChanged } from "./judge-staleness";
import { retryOnConflict } from "./retry";

/**
 * A gating judge is tied to its humans: no single person's label edit or undo changes the gold it stands on
 * unconfirmed. Every place a reviewer's own change of labels can move an item's consensus gold (My labels, undo,
 * the relabel after an undo) asks settleItemGold what happens:
 *
 * - the gold does not move (its labels still make the same value) → nothing; an open pending change is withdrawn;
 * - the labels now make a value two or more reviewers agree on, or the item had no gold yet → applied at once (two
 *   independent humans, or a first gold label, is how gold is made anyway);
 * - otherwise, when the item is in the split a standing (gating or stale) approval is bound to → held: the gold the
 *   gate reads stays as it was and a PendingGoldChange records who, from → to, until an adjudicator or a reviewer of
 *   the item other than the proposer confirms it (applied; the approval then goes stale as for any gold change) or
 *   rejects it (the gold stays; the labels stay as their reviewers left them);
 * - otherwise → applied at once, as before.
 *
 * Adjudication is a person's decision and is never held (it closes an open pending change on its item).
 */
export type ProposalCause = "edit" | "undo" | "label";

export interface Settled {
  /** The gold the gate reads changed. */
  goldChanged: boolean;
  /** The change is held for a second person's confirmation. */
  pending: boolean;
}

type Key = { queueId: string; transcriptId: string; rubricVersion: number };

/** Whether the item's gold is what a standing approval's gate reads: its queue is bound and the item is in the bound split. */
export async function heldForGate(tx: Tx, queueId: string, transcriptId: string): Promise<boolean> {
  const item = await tx.queueItem.findUnique({ where: { queueId_transcriptId: { queueId, transcriptId } }, select: { split: true } });
  if (item?.split !== GATE_SPLIT) return false;
  const standing = await tx.approval.findMany({
    where: { state: { in: ["gating", "stale"] }, revokedAt: null, OR: [{ queueId }, { queueId: null, calibration: { queueId } }] },
    select: { judgeVersionId: true },
    distinct: ["judgeVersionId"],
  });
  for (const { judgeVersionId } of standing) {
    // A version's state is its newest approval's.
    const row = await latestApproval(judgeVersionId, tx);
    const state = row ? approvalStateOf(row) : null;
    if (row && (state === "gating" || state === "stale") && boundQueueId(row) === queueId) return true;
  }
  return false;
}

async function openChange(tx: Tx, key: Key) {
  return tx.pendingGoldChange.findFirst({ where: { ...key, resolvedAt: null }, orderBy: { createdAt: "desc" } });
}

async function applyGold(tx: Tx, key: Key, value: string | null, now: Date) {
  if (value === null) await tx.goldLabel.deleteMany({ where: key });
  else
    await tx.goldLabel.upsert({
      where: { queueId_transcriptId_rubricVersion: key },
      create: { id: randomUUID(), ...key, value, source: "consensus", createdAt: now },
      update: { value },
    });
}

/** Closes an open change that no longer applies (the labels came back to the gold, or two reviewers now agree). */
async function dropChange(
  tx: Tx,
  change: { id: string; transcriptId: string; queueId: string },
  how: "withdrawn" | "superseded",
  actorId: string | null,
  now: Date,
) {
  await tx.pendingGoldChange.update({ where: { id: change.id }, data: { resolution: how, decidedById: actorId, resolvedAt: now } });
  await recordAudit(tx, {
    actorId,
    action: "gold.change_dropped",
    targetType: "transcript",
    targetId: change.transcriptId,
    details: { queueId: change.queueId, pendingChangeId: change.id, resolution: how },
  });
}

/**
 * Brings an item's consensus gold in line with its labels after `actorId` changed one of them (see the module
 * comment for when that is held instead). Call it inside the transaction that changed the labels.
 */
export async function settleItemGold(
  tx: Tx,
  change: Key & { reviewersPerItem: number; actorId: string; cause: ProposalCause; now?: Date },
): Promise<Settled> {
  const now = change.now ?? new Date();
  const key = { queueId: change.queueId, transcriptId: change.transcriptId, rubricVersion: change.rubricVersion };
  const labels = await tx.label.findMany({ where: key, select: { value: true, reviewerId: true } });
  const gold = await tx.goldLabel.findUnique({ where: { queueId_transcriptId_rubricVersion: key }, select: { value: true, source: true } });
  const open = await openChange(tx, key);
  // An adjudicated or imported gold label is a person's decision: labels changing under it do not move it.
  if (gold && gold.source !== "consensus") return { goldChanged: false, pending: false };
  const desired = consensusOf(
    labels.map((l) => l.value),
    change.reviewersPerItem,
  );
  const current = gold?.value ?? null;
  if (desired === current) {
    if (open) await dropChange(tx, open, "withdrawn", change.actorId, now);
    return { goldChanged: false, pending: false };
  }
  const agreed = desired !== null && new Set(labels.map((l) => l.reviewerId)).size >= 2;
  if (current !== null && !agreed && (await heldForGate(tx, key.queueId, key.transcriptId))) {
    const proposal = { toValue: desired, cause: change.cause, proposedById: change.actorId };
    const held = open
      ? await tx.pendingGoldChange.update({ where: { id: open.id }, data: { ...proposal, updatedAt: now } })
      : await tx.pendingGoldChange.create({ data: { ...key, fromValue: current, ...proposal, createdAt: now, updatedAt: now } });
    await recordAudit(tx, {
      actorId: change.actorId,
      action: "gold.change_held",
      targetType: "transcript",
      targetId: key.transcriptId,
      details: {
        queueId: key.queueId,
        pendingChangeId: held.id,
        rubricVersion: key.rubricVersion,
        from: current,
        to: desired,
        cause: change.cause,
      },
    });
    return { goldChanged: false, pending: true };
  }
  await applyGold(tx, key, desired, now);
  if (open) await dropChange(tx, open, "superseded", change.actorId, now);
  return { goldChanged: true, pending: false };
}

/** An adjudication decided the item: an open change on it is superseded by that decision. */
export async function supersedeByDecision(tx: Tx, key: Key, adjudicatorId: string, now = new Date()) {
  const open = await openChange(tx, key);
  if (open) await dropChange(tx, open, "superseded", adjudicatorId, now);
}

export interface PendingChangeRow {
  id: string;
  transcriptId: string;
  itemKey: string;
  fromValue: string;
  toValue: string | null;
  cause: string;
  proposedBy: string;
  proposedAt: Date;
  /** Whether the viewer may confirm or reject it. */
  mayDecide: boolean;
  /** The viewer proposed it. */
  mine: boolean;
}

/** Who may decide a change: never its proposer; an adjudicator, or another reviewer who labeled the item. */
function decideRefusal(viewer: Principal & { id: string }, proposedById: string, labeledIt: boolean): string | null {
  if (viewer.id === proposedById) return "You proposed this change: a second person confirms or rejects it.";
  if (can(viewer, "labels:adjudicate") || (labeledIt && can(viewer, "labels:write"))) return null;
  return "Only an adjudicator or another reviewer who labeled this item can decide this change.";
}

/**
 * The open changes of a queue at its current rubric version, oldest first, as the viewer may see them: blind review
 * holds (an item the viewer may still label is left out, lib/db/blind.ts).
 */
export async function listPendingGoldChanges(queueId: string, viewer: Viewer): Promise<{ rows: PendingChangeRow[]; hidden: number }> {
  const queue = await db().labelQueue.findUnique({ where: { id: queueId }, select: { rubricVersion: true } });
  if (!queue) return { rows: [], hidden: 0 };
  const changes = await db().pendingGoldChange.findMany({
    where: { queueId, rubricVersion: queue.rubricVersion, resolvedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      transcriptId: true,
      fromValue: true,
      toValue: true,
      cause: true,
      proposedById: true,
      createdAt: true,
      proposedBy: { select: { email: true } },
      transcript: { select: { externalId: true } },
    },
  });
  const visible = await withoutHidden(viewer, changes);
  const mine = new Set(
    (
      await db().label.findMany({
        where: {
          queueId,
          rubricVersion: queue.rubricVersion,
          reviewerId: viewer.id,
          transcriptId: { in: visible.rows.map((c) => c.transcriptId) },
        },
        select: { transcriptId: true },
      })
    ).map((l) => l.transcriptId),
  );
  return {
    hidden: visible.hidden,
    rows: visible.rows.map((c) => ({
      id: c.id,
      transcriptId: c.transcriptId,
      itemKey: c.transcript.externalId ?? c.transcriptId,
      fromValue: c.fromValue,
      toValue: c.toValue,
      cause: c.cause,
      proposedBy: c.proposedBy.email,
      proposedAt: c.createdAt,
      mayDecide: decideRefusal(viewer, c.proposedById, mine.has(c.transcriptId)) === null,
      mine: c.proposedById === viewer.id,
    })),
  };
}

/** How many changes wait on each of these queues (at their current rubric version): the judge pages' notice. */
export async function pendingGoldCounts(queueIds: readonly string[]): Promise<Map<string, number>> {
  if (queueIds.length === 0) return new Map();
  const queues = await db().labelQueue.findMany({ where: { id: { in: [...queueIds] } }, select: { id: true, rubricVersion: true } });
  const open = await db().pendingGoldChange.groupBy({
    by: ["queueId", "rubricVersion"],
    where: { queueId: { in: [...queueIds] }, resolvedAt: null },
    _count: { _all: true },
  });
  const version = new Map(queues.map((q) => [q.id, q.rubricVersion]));
  return new Map(open.filter((o) => version.get(o.queueId) === o.rubricVersion).map((o) => [o.queueId, o._count._all]));
}

/**
 * Confirms (applies) or rejects an open change. Confirming writes the gold its labels make now, and every approval
 * bound to the set goes stale as for any gold change; rejecting leaves the gold as it was. Refused when the viewer
 * proposed it or may not decide it, when it was decided already, or when the item's labels changed since it was shown.
 */
export async function decideGoldChange(
  input: { changeId: string; decision: "confirm" | "reject" },
  viewer: Principal & { id: string },
  now = new Date(),
): Promise<{ queueId: string; transcriptId: string; goldChanged: boolean }> {
  return retryOnConflict(() =>
    db().$transaction(async (tx) => {
      const change = await tx.pendingGoldChange.findUnique({ where: { id: input.changeId } });
      if (!change) throw new UserError("No such gold change.", 404);
      if (change.resolvedAt) throw new UserError(`This gold change was ${change.resolution} already.`, 409);
      const key = { queueId: change.queueId, transcriptId: change.transcriptId, rubricVersion: change.rubricVersion };
      const labeledIt = (await tx.label.count({ where: { ...key, reviewerId: viewer.id } })) > 0;
      const refusal = decideRefusal(viewer, change.proposedById, labeledIt);
      if (refusal) throw new UserError(refusal, 409);
      const queue = await tx.labelQueue.findUniqueOrThrow({
        where: { id: change.queueId },
        select: { name: true, reviewersPerItem: true, rubricVersion: true },
      });
      if (queue.rubricVersion !== change.rubricVersion)
        throw new UserError("The queue has a new rubric version since: this change no longer applies.", 409);
      const labels = await tx.label.findMany({ where: key, select: { value: true } });
      const desired = consensusOf(
        labels.map((l) => l.value),
        queue.reviewersPerItem,
      );
      if (desired !== change.toValue) throw new UserError("The item's labels changed since this was shown: reload and look again.", 409);
      const confirm = input.decision === "confirm";
      if (confirm) await applyGold(tx, key, desired, now);
      await tx.pendingGoldChange.update({
        where: { id: change.id },
        data: { resolution: confirm ? "confirmed" : "rejected", decidedById: viewer.id, resolvedAt: now },
      });
      await recordAudit(tx, {
        actorId: viewer.id,
        action: confirm ? "gold.change_confirmed" : "gold.change_rejected",
        targetType: "transcript",
        targetId: change.transcriptId,
        details: {
          queue: queue.name,
          queueId: change.queueId,
          pendingChangeId: change.id,
          rubricVersion: change.rubricVersion,
          from: change.fromValue,
          to: change.toValue,
          proposedById: change.proposedById,
        },
      });
      if (confirm) await noticeGoldChanged(tx, change.queueId, `a confirmed gold change on ${change.transcriptId}`);
      return { queueId: change.queueId, transcriptId: change.transcriptId, goldChanged: confirm };
    }),
  );
}

/**
 * After a label that completed a consensus (`value`): when the item's gold differs from it, or a change on the item
 * is open (a relabel after an undo), the gold is settled with the new label as for an edit. Nothing to read or write
 * otherwise, which is every label but those.
 */
export async function settleAfterLabel(
  change: { queueId: string; transcriptId: string; value: string; actorId: string },
  now = new Date(),
): Promise<Settled | null> {
  const queue = await db().labelQueue.findUnique({
    where: { id: change.queueId },
    select: { rubricVersion: true, reviewersPerItem: true },
  });
  if (!queue) return null;
  const key = { queueId: change.queueId, transcriptId: change.transcriptId, rubricVersion: queue.rubricVersion };
  const [gold, open] = await Promise.all([
    db().goldLabel.findUnique({ where: { queueId_transcriptId_rubricVersion: key }, select: { value: true } }),
    db().pendingGoldChange.findFirst({ where: { ...key, resolvedAt: null }, select: { id: true } }),
  ]);
  if (!open && (gold === null || gold.value === change.value)) return null;
  return retryOnConflict(() =>
    db().$transaction((tx) =>
      settleItemGold(tx, { ...key, reviewersPerItem: queue.reviewersPerItem, actorId: change.actorId, cause: "label", now }),
    ),
  );
}
