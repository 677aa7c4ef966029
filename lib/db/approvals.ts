import "server-only";
import { evaluateGate, type GateResult } from "../judges/gate";
import type { ItemKind, SplitName } from "../judges/calibration";
import { UserError } from "../errors";
import { recordAudit } from "./audit";
import { gateCalibration, latestCalibration } from "./calibrations";
import { db, type Db, type Tx } from "./client";
import { getGatePolicy } from "./gate-policy";
import { currentLabelSetHash } from "./label-sets";

const GATE_SPLIT: SplitName = "test";

/**
 * The gate for a version as it stands now: the policy, the newest test-split calibration, and the
 * current gold set of that calibration's label set. Used by the page, the approval (server-side,
 * again) and the judge client.
 */
export async function judgeGate(judgeVersionId: string, client: Db | Tx = db()): Promise<GateResult & { kind: ItemKind }> {
  const version = await client.judgeVersion.findUnique({ where: { id: judgeVersionId }, include: { judge: { select: { kind: true } } } });
  if (!version) throw new UserError("No such judge version.", 404);
  const kind = version.judge.kind as ItemKind;
  const [policy, calibration] = await Promise.all([getGatePolicy(client), latestCalibration(judgeVersionId, GATE_SPLIT, undefined, client)]);
  const current = calibration ? await currentLabelSetHash(calibration.queueId, GATE_SPLIT, client) : null;
  const result = evaluateGate(policy, { kind, calibration: calibration ? gateCalibration(calibration) : null, currentLabelSetHash: current });
  return { ...result, kind };
}

export async function activeApproval(judgeVersionId: string, client: Db | Tx = db()) {
  const version = await client.judgeVersion.findUnique({ where: { id: judgeVersionId }, select: { hash: true } });
  if (!version) return null;
  return client.approval.findFirst({
    where: { judgeVersionId, versionHash: version.hash, revokedAt: null },
    orderBy: { createdAt: "desc" },
    include: { approvedBy: { select: { email: true } } },
  });
}

/**
 * Approves a version, bound to its hash, after re-evaluating every gate rule here on the server
 * (whatever the page showed). A version missing any rule is refused with the failing rules named.
 */
export async function approveJudgeVersion(judgeVersionId: string, actorId: string) {
  return db().$transaction(async (tx) => {
    const version = await tx.judgeVersion.findUnique({ where: { id: judgeVersionId }, include: { judge: { select: { name: true } } } });
    if (!version) throw new UserError("No such judge version.", 404);
    if (await activeApproval(judgeVersionId, tx)) throw new UserError(`${version.judge.name} v${version.version} is already approved.`, 409);
    const gate = await judgeGate(judgeVersionId, tx);
    if (!gate.passed || !gate.calibrationId) {
      const failing = gate.rules.filter((r) => !r.passed).map((r) => `${r.label} (${r.actual})`);
      throw new UserError(`Cannot approve ${version.judge.name} v${version.version}: ${failing.join("; ")}.`, 409);
    }
    const policy = await getGatePolicy(tx);
    const approval = await tx.approval.create({
      data: { judgeVersionId, versionHash: version.hash, calibrationId: gate.calibrationId, approvedById: actorId, policy: { policy, rules: gate.rules } as object },
    });
    await recordAudit(tx, {
      actorId,
      action: "judge.approved",
      targetType: "judge_version",
      targetId: judgeVersionId,
      details: { judge: version.judge.name, version: version.version, hash: version.hash, calibration: gate.calibrationId, rules: gate.rules.map((r) => `${r.id}: ${r.actual}`).join(", ") },
    });
    return approval;
  });
}

export async function revokeApproval(judgeVersionId: string, actorId: string) {
  return db().$transaction(async (tx) => {
    const approval = await activeApproval(judgeVersionId, tx);
    if (!approval) throw new UserError("This version has no active approval to revoke.", 409);
    const version = await tx.judgeVersion.findUniqueOrThrow({ where: { id: judgeVersionId }, include: { judge: { select: { name: true } } } });
    const revoked = await tx.approval.update({ where: { id: approval.id }, data: { revokedAt: new Date(), revokedById: actorId } });
    await recordAudit(tx, {
      actorId,
      action: "judge.approval_revoked",
      targetType: "judge_version",
      targetId: judgeVersionId,
      details: { judge: version.judge.name, version: version.version, hash: version.hash },
    });
    return revoked;
  });
}

/**
 * May this version gate now? Only with an unrevoked approval bound to its current hash AND every
 * gate rule still holding (new gold labels or a stricter policy withdraw it without a revocation).
 */
export async function approvalState(judgeVersionId: string): Promise<{ approved: boolean; reason: string; gate: GateResult }> {
  const [approval, gate] = await Promise.all([activeApproval(judgeVersionId), judgeGate(judgeVersionId)]);
  if (!approval) return { approved: false, reason: "not approved by an admin", gate };
  if (!gate.passed) {
    const failing = gate.rules.filter((r) => !r.passed).map((r) => `${r.label} (${r.actual})`);
    return { approved: false, reason: `approved, but the gate no longer holds: ${failing.join("; ")}`, gate };
  }
  return { approved: true, reason: `approved by ${approval.approvedBy.email}`, gate };
}
