import "server-only";
import { assertTransition, transitionAction, type ApprovalState, type JudgeState } from "../judges/lifecycle";
import { eventUrl } from "../webhook-events";
import { recordAudit } from "./audit";
import type { Prisma, Tx } from "./client";
import { enqueueWebhookEvent } from "./webhooks";

/**
 * The only writer of an approval's lifecycle state. Every move is checked against the lifecycle
 * (lib/judges/lifecycle.ts) and written with exactly one audit event: who (a person, or null for
 * Gavel itself), from and to, the reason, and the numbers before and after; and with exactly one
 * judge.state_changed webhook event, queued in the same transaction (sent only if it commits).
 */
export interface TransitionEvent {
  judgeVersionId: string;
  from: JudgeState;
  to: ApprovalState;
  actorId: string | null;
  reason: string;
  details?: Record<string, unknown>;
}

export async function recordTransition(tx: Tx, event: TransitionEvent) {
  assertTransition(event.from, event.to);
  const version = await tx.judgeVersion.findUnique({
    where: { id: event.judgeVersionId },
    select: { version: true, judge: { select: { id: true, name: true } } },
  });
  const who = version ? `${version.judge.name} v${version.version}` : event.judgeVersionId;
  await enqueueWebhookEvent(
    {
      type: "judge.state_changed",
      timestamp: new Date().toISOString(),
      data: {
        judgeVersionId: event.judgeVersionId,
        judgeId: version?.judge.id ?? null,
        judge: version?.judge.name ?? null,
        version: version?.version ?? null,
        from: event.from,
        to: event.to,
        reason: event.reason,
        actorId: event.actorId,
        summary: `Judge ${who}: ${event.from} → ${event.to} (${event.reason}).`,
        url: eventUrl(`/judges/versions/${encodeURIComponent(event.judgeVersionId)}`),
      },
    },
    { client: tx },
  );
  return recordAudit(tx, {
    actorId: event.actorId,
    action: transitionAction(event.from, event.to) as Parameters<typeof recordAudit>[1]["action"],
    targetType: "judge_version",
    targetId: event.judgeVersionId,
    details: { from: event.from, to: event.to, reason: event.reason, actor: event.actorId ? undefined : "system", ...event.details },
  });
}

/**
 * Moves an approval from one state to another. The update is conditional on the state still being
 * `from`: when two processes notice the same change at once, one moves it and writes the event, the
 * other gets null and writes nothing.
 */
export async function moveApproval(
  tx: Tx,
  approval: { id: string; judgeVersionId: string },
  from: ApprovalState,
  to: ApprovalState,
  change: {
    actorId: string | null;
    reason: string;
    details?: Record<string, unknown>;
    data?: Prisma.ApprovalUncheckedUpdateManyInput;
    now?: Date;
  },
) {
  const now = change.now ?? new Date();
  const moved = await tx.approval.updateMany({
    where: { id: approval.id, state: from, revokedAt: null },
    data: {
      state: to,
      stateReason: change.reason,
      stateChangedAt: now,
      ...(to === "stale" ? { staleSince: now } : to === "gating" ? { staleSince: null } : {}),
      ...change.data,
    },
  });
  if (moved.count === 0) return null;
  await recordTransition(tx, {
    judgeVersionId: approval.judgeVersionId,
    from,
    to,
    actorId: change.actorId,
    reason: change.reason,
    details: change.details,
  });
  return tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
}
