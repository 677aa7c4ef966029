import "server-only";
import { labelSetHash } from "../judges/calibration";
import type { ItemKind } from "../items/kinds";
import { evaluateGate, type GatePolicy } from "../judges/gate";
import { describeGoldChange, goldChange } from "../judges/lifecycle";
import { approvalStateOf, boundQueueId, GATE_SPLIT, latestApproval, type ApprovalRow } from "./approvals";
import { gateCalibration, statsOf } from "./calibrations";
import type { Tx } from "./client";
import { getGatePolicy } from "./gate-policy";
import { moveApproval } from "./judge-lifecycle";
import { loadGoldSplit } from "./label-sets";

/**
 * When the gold set an approval is bound to changes, the approval goes stale; a calibration on the
 * bound set then decides it (gating again, or demoted). Calibrations on any other set change nothing.
 */
type CalibrationLike = {
  id: string;
  judgeVersionId: string;
  queueId: string;
  split: string;
  labelSetHash: string;
  n: number;
  kappa: number | null;
  kappaCiLow: number | null;
  kappaCiHigh: number | null;
  tpr: number | null;
  tnr: number | null;
  stats: unknown;
};

const numbersOf = (c: {
  id: string;
  kappa: number | null;
  n: number;
  labelSetHash: string;
  kappaCiLow?: number | null;
  kappaCiHigh?: number | null;
}) => ({
  calibration: c.id,
  kappa: c.kappa,
  ci95: c.kappaCiLow != null && c.kappaCiHigh != null ? [c.kappaCiLow, c.kappaCiHigh] : null,
  n: c.n,
  goldVersion: c.labelSetHash,
});

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

/**
 * A new test calibration settles the lifecycle of an approval bound to its label set: clearing the
 * bar renews the evidence (stale → gating), missing it demotes the version. Gavel makes that move
 * (the actor is "system"), whoever ran the calibration. An approval bound elsewhere, or a dev
 * calibration, is left alone.
 */
export async function settleCalibration(
  tx: Tx,
  calibration: CalibrationLike,
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
  const [policy, version, queue] = await Promise.all([
    getGatePolicy(tx),
    tx.judgeVersion.findUniqueOrThrow({ where: { id: calibration.judgeVersionId }, select: { judge: { select: { kind: true } } } }),
    tx.labelQueue.findUniqueOrThrow({ where: { id: calibration.queueId }, select: { name: true, rubricVersion: true } }),
  ]);
  const gate = evaluateGate(policy, {
    kind: version.judge.kind as ItemKind,
    calibration: gateCalibration(calibration),
    currentLabelSetHash: calibration.labelSetHash,
  });
  const details = {
    labelSet: queue.name,
    before: numbersOf(row.calibration),
    after: numbersOf(calibration),
    ...(context.judged ? { itemsJudged: context.judged.itemsJudged, verdictsReused: context.judged.reused } : {}),
    rules: gate.rules.map((r) => `${r.id}: ${r.actual}`).join(", "),
  };
  if (gate.passed) {
    const evidence = { calibrationId: calibration.id, goldVersion: calibration.labelSetHash, rubricVersion: queue.rubricVersion };
    if (from === "gating") return tx.approval.update({ where: { id: row.id }, data: evidence });
    return moveApproval(tx, row, from, "gating", {
      actorId: null,
      reason: `recalibrated on "${queue.name}": κ ${fmt(calibration.kappa)} on ${calibration.n} items clears the bar`,
      details,
      data: evidence,
    });
  }
  const failing = gate.rules.filter((r) => !r.passed).map((r) => `${r.label} (${r.actual})`);
  return moveApproval(tx, row, from, "demoted", {
    actorId: null,
    reason: `a recalibration on "${queue.name}" missed the bar: ${failing.join("; ")}`,
    details,
  });
}

const fmt = (v: number | null) => (v === null ? "undefined" : v.toFixed(3));

/**
 * After the gate policy changed: every standing approval whose evidence no longer clears the new bar
 * is demoted (a looser policy promotes nothing: a demoted version needs a new approval).
 */
export async function demoteWhereThePolicyFails(tx: Tx, policy: GatePolicy) {
  const standing = await tx.approval.findMany({
    where: { state: { in: ["gating", "stale"] }, revokedAt: null },
    select: { judgeVersionId: true },
    distinct: ["judgeVersionId"],
  });
  let demoted = 0;
  for (const { judgeVersionId } of standing) {
    const row = await latestApproval(judgeVersionId, tx);
    const from = row ? approvalStateOf(row) : null;
    if (!row || (from !== "gating" && from !== "stale")) continue;
    const version = await tx.judgeVersion.findUniqueOrThrow({
      where: { id: judgeVersionId },
      select: { judge: { select: { kind: true } } },
    });
    // Judged on the evidence it was approved on; whether that gold is still current is the stale rule's business.
    const gate = evaluateGate(policy, {
      kind: version.judge.kind as ItemKind,
      calibration: gateCalibration(row.calibration),
      currentLabelSetHash: row.calibration.labelSetHash,
    });
    if (gate.passed) continue;
    const failing = gate.rules.filter((r) => !r.passed).map((r) => `${r.label} (${r.actual})`);
    const moved = await moveApproval(tx, row, from, "demoted", {
      actorId: null,
      reason: `the gate policy changed and its calibration no longer clears the bar: ${failing.join("; ")}`,
      details: {
        labelSet: row.queue?.name ?? row.calibration.queue.name,
        before: numbersOf(row.calibration),
        rules: gate.rules.map((r) => `${r.id}: ${r.actual}`).join(", "),
      },
    });
    if (moved) demoted++;
  }
  return demoted;
}
