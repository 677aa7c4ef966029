import "server-only";
import { approvalStateOf, boundQueueId, GATE_SPLIT, latestApproval } from "../db/approvals";
import { gateCalibration, type CalibrationColumns } from "../db/calibrations";
import type { Tx } from "../db/client";
import { moveApproval } from "../db/judge-lifecycle";
import { noticeStale, readSettlementEvidence, renewApprovalEvidence, standingApprovals } from "../db/judge-staleness";
import type { GatePolicy } from "../judges/gate";
import { policyDemotion, settleApproval } from "../judges/approval";

/**
 * A new test calibration settles the lifecycle of an approval bound to its label set (lib/judges/approval.ts
 * `settleApproval` decides: renewed, back to gating, or demoted). An approval bound elsewhere, or a dev
 * calibration, is left alone. Runs inside the transaction that wrote the calibration.
 */
export async function settleCalibration(
  tx: Tx,
  calibration: CalibrationColumns,
  context: { judged?: { itemsJudged: number; reused: number } } = {},
) {
  if (calibration.split !== GATE_SPLIT) return null;
  let row = await latestApproval(calibration.judgeVersionId, tx);
  if (!row || boundQueueId(row) !== calibration.queueId) return null;
  let from = approvalStateOf(row);
  if (from !== "gating" && from !== "stale") return null;
  if (from === "gating" && calibration.labelSetHash !== (row.goldVersion ?? row.calibration.labelSetHash)) {
    // The gold set changed and nothing had recorded it yet: the stale move comes first, then the decision.
    if (await noticeStale(tx, row)) from = "stale";
    row = (await latestApproval(calibration.judgeVersionId, tx))!;
  }
  const { policy, kind, labelSet } = await readSettlementEvidence(tx, calibration);
  const decision = settleApproval({
    from,
    policy,
    kind,
    calibration: { ...gateCalibration(calibration), kappaCiHigh: calibration.kappaCiHigh },
    before: row.calibration,
    labelSet,
    judged: context.judged,
  });
  if (decision.move === "renew") return renewApprovalEvidence(tx, row.id, decision.evidence);
  return moveApproval(tx, row, from, decision.move, {
    actorId: null,
    reason: decision.reason,
    details: decision.details,
    ...(decision.evidence ? { data: decision.evidence } : {}),
  });
}

/**
 * After the gate policy changed: every standing approval whose evidence no longer clears the new bar
 * is demoted (a looser policy promotes nothing: a demoted version needs a new approval).
 */
export async function demoteWhereThePolicyFails(tx: Tx, policy: GatePolicy) {
  let demoted = 0;
  for (const { row, from, kind } of await standingApprovals(tx)) {
    const demotion = policyDemotion({
      policy,
      kind,
      calibration: { ...gateCalibration(row.calibration), kappaCiHigh: row.calibration.kappaCiHigh },
      labelSetName: row.queue?.name ?? row.calibration.queue.name,
    });
    if (!demotion) continue;
    const moved = await moveApproval(tx, row, from, "demoted", { actorId: null, ...demotion });
    if (moved) demoted++;
  }
  return demoted;
}
