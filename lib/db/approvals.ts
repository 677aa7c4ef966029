import "server-only";
import type { ApprovalDecision, ApprovalEvidence, GateEvidence, StatusApproval } from "../judges/approval";
import type { SplitName } from "../judges/calibration";
import type { ApprovalState } from "../judges/lifecycle";
import type { ItemKind } from "../items/kinds";
import { UserError } from "../errors";
import { gateCalibration, latestCalibration, statsOf } from "./calibrations";
import { db, type Db, type Tx } from "./client";
import { getGatePolicy } from "./gate-policy";
import { moveApproval, recordTransition } from "./judge-lifecycle";
import { currentLabelSetHash } from "./label-sets";

/**
 * Approvals, read and written. An approval is bound to its evidence (version hash, label set, gold
 * version, calibration); the gate reads calibrations of the bound label set only, so calibrating the
 * version anywhere else is shown but never changes whether it gates. What the rows mean (the gate,
 * whether an approval may be given, the status) is decided in lib/judges/approval.ts; the use cases
 * that read, decide and write are in lib/judging/approvals.ts.
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

/**
 * The label set a version's gate reads: the one named, else the set a standing approval is bound to, else
 * the set of the newest test calibration (what an approval would bind to).
 */
async function gateLabelSetId(judgeVersionId: string, queueId: string | null | undefined, client: Db | Tx): Promise<string | null> {
  if (queueId) return queueId;
  const standing = await activeApproval(judgeVersionId, client);
  if (standing) return boundQueueId(standing);
  return (await latestCalibration(judgeVersionId, GATE_SPLIT, undefined, client))?.queueId ?? null;
}

/** What the gate on one label set reads (lib/judges/approval.ts `gateOnLabelSet` evaluates it), with that calibration's row. */
export async function readGateEvidence(judgeVersionId: string, options: { queueId?: string | null; client?: Db | Tx } = {}) {
  const client = options.client ?? db();
  const version = await client.judgeVersion.findUnique({ where: { id: judgeVersionId }, include: { judge: { select: { kind: true } } } });
  if (!version) throw new UserError("No such judge version.", 404);
  const queueId = await gateLabelSetId(judgeVersionId, options.queueId, client);
  const [policy, calibration] = await Promise.all([
    getGatePolicy(client),
    queueId ? latestCalibration(judgeVersionId, GATE_SPLIT, queueId, client) : null,
  ]);
  const current = queueId ? await currentLabelSetHash(queueId, GATE_SPLIT, client) : null;
  const labelSet = queueId ? await client.labelQueue.findUnique({ where: { id: queueId }, select: { id: true, name: true } }) : null;
  const evidence: GateEvidence = {
    kind: version.judge.kind as ItemKind,
    policy,
    labelSet,
    calibration: calibration ? { ...gateCalibration(calibration), createdAt: calibration.createdAt } : null,
    currentLabelSetHash: current,
  };
  return { evidence, calibration };
}

/** The label sets a version has a test calibration on. */
export async function calibratedLabelSetIds(judgeVersionId: string): Promise<string[]> {
  const rows = await db().calibration.findMany({
    where: { judgeVersionId, split: GATE_SPLIT },
    distinct: ["queueId"],
    select: { queueId: true },
  });
  return rows.map((r) => r.queueId);
}

/** Everything approving a version on a label set is decided on (lib/judges/approval.ts `decideApproval`), inside `tx`. */
export async function readApprovalEvidence(tx: Tx, judgeVersionId: string, queueId: string | null | undefined): Promise<ApprovalEvidence> {
  const version = await tx.judgeVersion.findUnique({ where: { id: judgeVersionId }, include: { judge: { select: { name: true } } } });
  if (!version) throw new UserError("No such judge version.", 404);
  const previous = await latestApproval(judgeVersionId, tx);
  const gate = await readGateEvidence(judgeVersionId, { queueId, client: tx });
  const calibration = gate.calibration;
  const queue = gate.evidence.labelSet
    ? await tx.labelQueue.findUnique({ where: { id: gate.evidence.labelSet.id }, select: { rubricVersion: true } })
    : null;
  const ids = calibration ? statsOf(calibration).pairs.map((p) => p.transcriptId) : [];
  const answers = calibration
    ? await tx.judgeVerdict.findMany({
        where: { judgeVersionId, transcriptId: { in: ids }, order: "original", repeat: 0 },
        select: { rawResponse: true },
      })
    : [];
  return {
    version: { id: version.id, name: version.judge.name, version: version.version, hash: version.hash },
    previous: previous
      ? { state: approvalStateOf(previous), stateChangedAt: previous.stateChangedAt, stateReason: previous.stateReason }
      : null,
    gate: gate.evidence,
    calibration,
    rubricVersion: queue?.rubricVersion ?? null,
    rawResponses: answers.map((a) => a.rawResponse),
  };
}

/** Writes a decided approval and its lifecycle move (one audit event). */
export async function createApproval(tx: Tx, decision: ApprovalDecision, actorId: string) {
  const approval = await tx.approval.create({
    data: { ...decision.approval, approvedById: actorId, policy: decision.approval.policy as object },
  });
  await recordTransition(tx, { judgeVersionId: decision.approval.judgeVersionId, actorId, ...decision.transition });
  return approval;
}

/** The newest approval, the state it gives the version, and the version's names: what revoking reads. */
export async function readRevocationEvidence(tx: Tx, judgeVersionId: string) {
  const row = await latestApproval(judgeVersionId, tx);
  const version = await tx.judgeVersion.findUnique({ where: { id: judgeVersionId }, include: { judge: { select: { name: true } } } });
  return { row, from: row ? approvalStateOf(row) : null, version };
}

/** Moves a standing approval to revoked (conditional on its state: null when it moved meanwhile). */
export async function writeRevocation(
  tx: Tx,
  row: ApprovalRow,
  version: { version: number; hash: string; judge: { name: string } },
  decision: { from: "gating" | "stale"; reason: string },
  actorId: string,
) {
  return moveApproval(tx, row, decision.from, "revoked", {
    actorId,
    reason: decision.reason,
    details: {
      judge: version.judge.name,
      version: version.version,
      hash: version.hash,
      labelSet: row.queue?.name ?? row.calibration.queue.name,
    },
    data: { revokedAt: new Date(), revokedById: actorId },
  });
}

/** What a version's status is derived from (lib/judges/approval.ts `judgeStatusView`): the version, its newest approval, the policy, the bound gold set now and the gate's evidence. */
export async function readStatusEvidence(judgeVersionId: string, client: Db | Tx = db()) {
  const version = await client.judgeVersion.findUnique({
    where: { id: judgeVersionId },
    include: { judge: { select: { name: true, kind: true } } },
  });
  if (!version) throw new UserError("No such judge version.", 404);
  const row = await latestApproval(judgeVersionId, client);
  const queueId = row ? boundQueueId(row) : null;
  const [policy, currentGoldVersion] = await Promise.all([
    getGatePolicy(client),
    queueId ? currentLabelSetHash(queueId, GATE_SPLIT, client) : null,
  ]);
  const approval: StatusApproval | null = row
    ? {
        state: approvalStateOf(row),
        stateReason: row.stateReason,
        staleSince: row.staleSince,
        goldVersion: row.goldVersion ?? row.calibration.labelSetHash,
        calibrationId: row.calibrationId,
        approvedBy: row.approvedBy.email,
        labelSet: row.queue ?? row.calibration.queue,
      }
    : null;
  // The gate on the bound label set (never approved: the set an approval would bind to).
  const { evidence: gate } = await readGateEvidence(judgeVersionId, { queueId, client });
  return { version, row, approval, policy, currentGoldVersion, gate };
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
