import "server-only";
import { labelSetHash } from "../judges/calibration";
import type { ItemKind } from "../items/kinds";
import { describeGoldChange, goldChange } from "../judges/lifecycle";
import { approvalStateOf, boundQueueId, GATE_SPLIT, latestApproval, type ApprovalRow } from "./approvals";
import { statsOf } from "./calibrations";
import type { Tx } from "./client";
import { getGatePolicy } from "./gate-policy";
import { moveApproval } from "./judge-lifecycle";
import { loadGoldSplit } from "./label-sets";

/**
 * When the gold set an approval is bound to changes, the approval goes stale; a calibration on the
 * bound set then decides it (gating again, or demoted: lib/judging/settle.ts). Calibrations on any other
 * set change nothing.
 */
/** gating → stale, naming what changed in the bound gold set. Null when it had not changed (or someone else moved it first). */
export async function noticeStale(tx: Tx, row: ApprovalRow, cause?: string, now = new Date()) {
  const queueId = boundQueueId(row);
  const current = await loadGoldSplit(queueId, GATE_SPLIT, tx);
  if (!current) return null;
  const evidenceGold = row.goldVersion ?? row.calibration.labelSetHash;
  const hashNow = current.gold.length ? labelSetHash(current.gold) : null;
  if (hashNow === evidenceGold) return null;
  const change = goldChange(statsOf(row.calibration).pairs, current.gold);
  const reason = describeGoldChange(change, { from: row.rubricVersion, to: current.queue.rubricVersion }) + (cause ? ` (${cause})` : "");
  return moveApproval(tx, row, "gating", "stale", {
    actorId: null,
    reason,
    now,
    details: {
      labelSet: current.queue.name,
      ...change,
      before: { goldVersion: evidenceGold, rubricVersion: row.rubricVersion },
      after: { goldVersion: hashNow, rubricVersion: current.queue.rubricVersion },
    },
  });
}

/** Called where gold labels change (adjudication, a new rubric version): every gating approval bound to the set goes stale at once. */
export async function noticeGoldChanged(tx: Tx, queueId: string, cause: string) {
  const bound = await tx.approval.findMany({ where: { queueId, state: "gating", revokedAt: null }, select: { judgeVersionId: true } });
  for (const { judgeVersionId } of bound) {
    const row = await latestApproval(judgeVersionId, tx);
    if (row && approvalStateOf(row) === "gating" && boundQueueId(row) === queueId) await noticeStale(tx, row, cause);
  }
}

/** The approval row, its state and the version's kind, for every version whose newest approval stands (gating or stale). */
export async function standingApprovals(tx: Tx) {
  const standing = await tx.approval.findMany({
    where: { state: { in: ["gating", "stale"] }, revokedAt: null },
    select: { judgeVersionId: true },
    distinct: ["judgeVersionId"],
  });
  const rows = [];
  for (const { judgeVersionId } of standing) {
    const row = await latestApproval(judgeVersionId, tx);
    const from = row ? approvalStateOf(row) : null;
    if (!row || (from !== "gating" && from !== "stale")) continue;
    const version = await tx.judgeVersion.findUniqueOrThrow({
      where: { id: judgeVersionId },
      select: { judge: { select: { kind: true } } },
    });
    rows.push({ row, from, kind: version.judge.kind as ItemKind });
  }
  return rows;
}

/** What settling a new calibration reads besides the approval: the policy, the version's kind, the label set. */
export async function readSettlementEvidence(tx: Tx, calibration: { judgeVersionId: string; queueId: string }) {
  const [policy, version, queue] = await Promise.all([
    getGatePolicy(tx),
    tx.judgeVersion.findUniqueOrThrow({ where: { id: calibration.judgeVersionId }, select: { judge: { select: { kind: true } } } }),
    tx.labelQueue.findUniqueOrThrow({ where: { id: calibration.queueId }, select: { name: true, rubricVersion: true } }),
  ]);
  return { policy, kind: version.judge.kind as ItemKind, labelSet: queue };
}

/** A gating approval's evidence renewed in place (no lifecycle move, so no audit event). */
export async function renewApprovalEvidence(
  tx: Tx,
  approvalId: string,
  evidence: { calibrationId: string; goldVersion: string; rubricVersion: number },
) {
  return tx.approval.update({ where: { id: approvalId }, data: evidence });
}
