import "server-only";
import { evaluateGate, type GateResult } from "../judges/gate";
import type { SplitName } from "../judges/calibration";
import type { ItemKind } from "../items/kinds";
import { deriveStatus, type ApprovalState, type JudgeState, type JudgeStatusView } from "../judges/lifecycle";
import { commonFingerprint } from "../providers/fingerprint";
import { UserError } from "../errors";
import { gateCalibration, latestCalibration, statsOf } from "./calibrations";
import { db, type Db, type Tx } from "./client";
import { getGatePolicy } from "./gate-policy";
import { moveApproval, recordTransition } from "./judge-lifecycle";
import { currentLabelSetHash } from "./label-sets";

/**
 * Approvals and the status they give a version. An approval is bound to its evidence (version hash,
 * label set, gold version, calibration); the gate reads calibrations of the bound label set only, so
 * calibrating the version anywhere else is shown but never changes whether it gates.
 */
export const GATE_SPLIT: SplitName = "test";

const approvalInclude = {
  approvedBy: { select: { email: true } },
  revokedBy: { select: { email: true } },
  queue: { select: { id: true, name: true } },
  calibration: {
    select: {
      id: true,
      queueId: true,
      split: true,
      labelSetHash: true,
      n: true,
      kappa: true,
      kappaCiLow: true,
      kappaCiHigh: true,
      tpr: true,
      tnr: true,
      createdAt: true,
      stats: true,
      queue: { select: { id: true, name: true } },
    },
  },
} as const;

/** The version's newest approval (standing or not): its state is the version's state. */
export async function latestApproval(judgeVersionId: string, client: Db | Tx = db()) {
  return client.approval.findFirst({
    where: { judgeVersionId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: approvalInclude,
  });
}

export type ApprovalRow = NonNullable<Awaited<ReturnType<typeof latestApproval>>>;

/** Rows from before the lifecycle existed carry only revokedAt; the label set then is the calibration's. */
export function approvalStateOf(row: { state: string; revokedAt: Date | null }): ApprovalState {
  return row.revokedAt ? "revoked" : (row.state as ApprovalState);
}

export function boundQueueId(row: { queueId: string | null; calibration: { queueId: string } }): string {
  return row.queueId ?? row.calibration.queueId;
}

/** The approval that stands (gating or stale), or null. */
export async function activeApproval(judgeVersionId: string, client: Db | Tx = db()) {
  const row = await latestApproval(judgeVersionId, client);
  if (!row) return null;
  const state = approvalStateOf(row);
  return state === "gating" || state === "stale" ? row : null;
}

export interface GateOnLabelSet extends GateResult {
  kind: ItemKind;
  labelSet: { id: string; name: string } | null;
  /** When the calibration the rules read was made. */
  calibratedAt: Date | null;
}

/**
 * The gate for a version on one label set: the policy, that set's newest test-split calibration,
 * and its gold set as it is now. Without a named set: the set a standing approval is bound to, else
 * the set of the newest test calibration (what an approval would bind to).
 */
export async function judgeGate(
  judgeVersionId: string,
  options: { queueId?: string | null; client?: Db | Tx } = {},
): Promise<GateOnLabelSet> {
  const client = options.client ?? db();
  const version = await client.judgeVersion.findUnique({ where: { id: judgeVersionId }, include: { judge: { select: { kind: true } } } });
  if (!version) throw new UserError("No such judge version.", 404);
  const kind = version.judge.kind as ItemKind;
  let queueId = options.queueId ?? null;
  if (!queueId) {
    const standing = await activeApproval(judgeVersionId, client);
    queueId = standing
      ? boundQueueId(standing)
      : ((await latestCalibration(judgeVersionId, GATE_SPLIT, undefined, client))?.queueId ?? null);
  }
  const [policy, calibration] = await Promise.all([
    getGatePolicy(client),
    queueId ? latestCalibration(judgeVersionId, GATE_SPLIT, queueId, client) : null,
  ]);
  const current = queueId ? await currentLabelSetHash(queueId, GATE_SPLIT, client) : null;
  const result = evaluateGate(policy, {
    kind,
    calibration: calibration ? gateCalibration(calibration) : null,
    currentLabelSetHash: current,
  });
  const queue = queueId ? await client.labelQueue.findUnique({ where: { id: queueId }, select: { id: true, name: true } }) : null;
  return { ...result, kind, labelSet: queue, calibratedAt: calibration?.createdAt ?? null };
}

/** Each label set the version has a test calibration on, with the gate on it: calibrations elsewhere are shown, and an admin picks the set to approve on. */
export async function gatesByLabelSet(judgeVersionId: string) {
  const rows = await db().calibration.findMany({
    where: { judgeVersionId, split: GATE_SPLIT },
    distinct: ["queueId"],
    select: { queueId: true },
  });
  return Promise.all(rows.map((r) => judgeGate(judgeVersionId, { queueId: r.queueId })));
}

/**
 * Approves a version on a label set (the newest test calibration's when none is named), after
 * re-evaluating every gate rule on that set here on the server, whatever the page showed. The
 * approval binds the version hash, the label set, its gold version, the calibration and the
 * provider's fingerprint in the calibration's answers.
 */
export async function approveJudgeVersion(judgeVersionId: string, actorId: string, options: { queueId?: string | null } = {}) {
  return db().$transaction(async (tx) => {
    const version = await tx.judgeVersion.findUnique({ where: { id: judgeVersionId }, include: { judge: { select: { name: true } } } });
    if (!version) throw new UserError("No such judge version.", 404);
    const previous = await latestApproval(judgeVersionId, tx);
    const from: JudgeState = previous ? approvalStateOf(previous) : "shadow";
    if (from === "gating" || from === "stale")
      throw new UserError(`${version.judge.name} v${version.version} is already approved (${from}).`, 409);
    const gate = await judgeGate(judgeVersionId, { queueId: options.queueId, client: tx });
    if (!gate.passed || !gate.calibrationId || !gate.labelSet) {
      const failing = gate.rules.filter((r) => !r.passed).map((r) => `${r.label} (${r.actual})`);
      const where = gate.labelSet ? ` on "${gate.labelSet.name}"` : "";
      throw new UserError(`Cannot approve ${version.judge.name} v${version.version}${where}: ${failing.join("; ")}.`, 409);
    }
    const [policy, calibration, queue] = await Promise.all([
      getGatePolicy(tx),
      tx.calibration.findUniqueOrThrow({ where: { id: gate.calibrationId } }),
      tx.labelQueue.findUniqueOrThrow({ where: { id: gate.labelSet.id }, select: { rubricVersion: true } }),
    ]);
    // A demotion is a finding about the evidence: approving again needs a calibration made since.
    if (previous && from === "demoted" && calibration.createdAt <= previous.stateChangedAt) {
      throw new UserError(
        `Cannot approve ${version.judge.name} v${version.version} on "${gate.labelSet.name}" yet: it was demoted (${previous.stateReason ?? "demoted"}) after its newest calibration there. Run and calibrate it again first.`,
        409,
      );
    }
    const ids = statsOf(calibration).pairs.map((p) => p.transcriptId);
    const answers = await tx.judgeVerdict.findMany({
      where: { judgeVersionId, transcriptId: { in: ids }, order: "original", repeat: 0 },
      select: { rawResponse: true },
    });
    const fingerprint = commonFingerprint(answers.map((a) => a.rawResponse));
    const reason = `approved by an admin on "${gate.labelSet.name}"`;
    const approval = await tx.approval.create({
      data: {
        judgeVersionId,
        versionHash: version.hash,
        calibrationId: calibration.id,
        queueId: gate.labelSet.id,
        goldVersion: calibration.labelSetHash,
        rubricVersion: queue.rubricVersion,
        state: "gating",
        stateReason: reason,
        fingerprint,
        approvedById: actorId,
        policy: { policy, rules: gate.rules } as object,
      },
    });
    await recordTransition(tx, {
      judgeVersionId,
      from,
      to: "gating",
      actorId,
      reason,
      details: {
        judge: version.judge.name,
        version: version.version,
        hash: version.hash,
        labelSet: gate.labelSet.name,
        goldVersion: calibration.labelSetHash,
        calibration: calibration.id,
        fingerprint,
        after: { kappa: calibration.kappa, kappaCiLow: calibration.kappaCiLow, kappaCiHigh: calibration.kappaCiHigh, n: calibration.n },
        rules: gate.rules.map((r) => `${r.id}: ${r.actual}`).join(", "),
      },
    });
    return approval;
  });
}

export async function revokeApproval(judgeVersionId: string, actorId: string, reason?: string) {
  return db().$transaction(async (tx) => {
    const row = await latestApproval(judgeVersionId, tx);
    const from = row ? approvalStateOf(row) : null;
    if (!row || (from !== "gating" && from !== "stale")) throw new UserError("This version has no standing approval to revoke.", 409);
    const version = await tx.judgeVersion.findUniqueOrThrow({
      where: { id: judgeVersionId },
      include: { judge: { select: { name: true } } },
    });
    const revoked = await moveApproval(tx, row, from, "revoked", {
      actorId,
      reason: reason?.trim() ? `revoked by an admin: ${reason.trim()}` : "revoked by an admin",
      details: {
        judge: version.judge.name,
        version: version.version,
        hash: version.hash,
        labelSet: row.queue?.name ?? row.calibration.queue.name,
      },
      data: { revokedAt: new Date(), revokedById: actorId },
    });
    if (!revoked) throw new UserError("The approval changed while you were revoking it: reload and try again.", 409);
    return revoked;
  });
}

export interface JudgeStatus extends JudgeStatusView {
  versionId: string;
  /** name@N */
  ref: string;
  hash: string;
  kind: ItemKind;
  labelSet: { id: string; name: string } | null;
  /** The gold version the standing evidence measured (label-set hash of the bound test split). */
  goldVersion: string | null;
  currentGoldVersion: string | null;
  calibrationId: string | null;
  /** The gate rules on the bound label set (or, never approved, the set an approval would bind to). */
  gate: GateOnLabelSet;
  approval: ApprovalRow | null;
}

/**
 * Everything that says whether a version may gate now, in one read: what `gavel judge status`,
 * `gavel run --judge`, the pages and the run report use.
 */
export async function loadJudgeStatus(judgeVersionId: string, options: { now?: Date; client?: Db | Tx } = {}): Promise<JudgeStatus> {
  const client = options.client ?? db();
  const version = await client.judgeVersion.findUnique({
    where: { id: judgeVersionId },
    include: { judge: { select: { name: true, kind: true } } },
  });
  if (!version) throw new UserError("No such judge version.", 404);
  const row = await latestApproval(judgeVersionId, client);
  const state = row ? approvalStateOf(row) : null;
  const queueId = row ? boundQueueId(row) : null;
  const [policy, currentGoldVersion] = await Promise.all([
    getGatePolicy(client),
    queueId ? currentLabelSetHash(queueId, GATE_SPLIT, client) : null,
  ]);
  const view = deriveStatus({
    approval:
      row && state
        ? { state, stateReason: row.stateReason, staleSince: row.staleSince, goldVersion: row.goldVersion ?? row.calibration.labelSetHash }
        : null,
    currentGoldVersion,
    now: options.now ?? new Date(),
    graceDays: policy.graceDays,
  });
  const gate = await judgeGate(judgeVersionId, { queueId, client });
  const standing = view.approved && row;
  return {
    ...view,
    reason:
      view.state === "gating" && row
        ? `approved by ${row.approvedBy.email} on "${row.queue?.name ?? row.calibration.queue.name}"`
        : view.reason,
    versionId: version.id,
    ref: `${version.judge.name}@${version.version}`,
    hash: version.hash,
    kind: version.judge.kind as ItemKind,
    labelSet: row ? (row.queue ?? row.calibration.queue) : gate.labelSet,
    goldVersion: standing ? (row.goldVersion ?? row.calibration.labelSetHash) : null,
    currentGoldVersion,
    calibrationId: standing ? row.calibrationId : null,
    gate,
    approval: row,
  };
}

/** What `gavel judge status --json` prints. */
export function statusJson(status: JudgeStatus) {
  return {
    version: status.ref,
    versionId: status.versionId,
    hash: status.hash,
    approved: status.approved,
    gating: status.gating,
    labelSet: status.labelSet?.name ?? null,
    goldVersion: status.goldVersion,
    calibrationId: status.calibrationId,
    state: status.state,
    reason: status.reason,
    graceEndsAt: status.graceEndsAt?.toISOString() ?? null,
    rules: status.gate.rules,
  };
}

/** Versions whose standing approval (gating or stale) is bound to this label set. */
export async function versionsBoundTo(queueId: string): Promise<string[]> {
  const rows = await db().approval.findMany({
    where: { queueId, state: { in: ["gating", "stale"] }, revokedAt: null },
    select: { judgeVersionId: true },
    distinct: ["judgeVersionId"],
  });
  const standing = await Promise.all(rows.map(async (r) => ((await activeApproval(r.judgeVersionId)) ? r.judgeVersionId : null)));
  return standing.filter((id): id is string => id !== null);
}
