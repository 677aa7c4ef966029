import "server-only";
import {
  calibratedLabelSetIds,
  createApproval,
  readApprovalEvidence,
  readGateEvidence,
  readGateEvidenceMany,
  readRevocationEvidence,
  readStatusAndGates,
  readStatusEvidenceMany,
  writeRevocation,
  type ApprovalRow,
  type GateRead,
  type StatusEvidence,
} from "../db/approvals";
import { db, type Db, type Tx } from "../db/client";
import { readGoldBacking } from "../db/gold-labels";
import { barAboveCeiling, humanBacking } from "../judges/human-backing";
import { UserError } from "../errors";
import type { ItemKind } from "../items/kinds";
import { decideApproval, decideRevocation, gateOnLabelSet, judgeStatusView, type GateOnLabelSet } from "../judges/approval";

/**
 * Approving a judge version and reading its status: each use case reads its evidence through lib/db,
 * decides once with lib/judges/approval.ts, and writes what was decided through lib/db.
 */
export type { GateOnLabelSet };

/** The gate for a version on one label set (the one named, else the bound set, else the newest test calibration's). */
export async function judgeGate(
  judgeVersionId: string,
  options: { queueId?: string | null; client?: Db | Tx } = {},
): Promise<GateOnLabelSet> {
  const { evidence } = await readGateEvidence(judgeVersionId, options);
  return gateOnLabelSet(evidence);
}

/** Each label set the version has a test calibration on, with the gate on it: an admin picks the set to approve on. */
export async function gatesByLabelSet(judgeVersionId: string): Promise<GateOnLabelSet[]> {
  const queueIds = await calibratedLabelSetIds(judgeVersionId);
  const reads = await readGateEvidenceMany(queueIds.map((queueId) => ({ judgeVersionId, queueId })));
  return reads.flatMap((read) => (read ? [gateOnLabelSet(read.evidence)] : []));
}

/**
 * Approves a version on a label set (the newest test calibration's when none is named), after
 * re-evaluating every gate rule on that set here on the server, whatever the page showed. One transaction:
 * read the evidence, decide (lib/judges/approval.ts `decideApproval`), write the approval and its audit event.
 */
export async function approveJudgeVersion(
  judgeVersionId: string,
  actorId: string,
  options: { queueId?: string | null; confirmAboveCeiling?: boolean } = {},
) {
  return db().$transaction(async (tx) => {
    const { backingRows, ...evidence } = await readApprovalEvidence(tx, judgeVersionId, options.queueId);
    const backing = backingRows ? humanBacking(backingRows) : null;
    return createApproval(tx, decideApproval({ ...evidence, backing }, { confirmAboveCeiling: options.confirmAboveCeiling }), actorId);
  });
}

/**
 * What an admin should see before approving on a label set: whether its gold stands on two people, and the human
 * ceiling beside the bar (the same numbers decideApproval reads).
 */
export async function humanChecks(queueId: string, ceiling: number | null, bar: number) {
  const rows = await readGoldBacking(queueId, "test");
  return { backing: rows ? humanBacking(rows) : null, ceiling, aboveCeiling: barAboveCeiling(bar, ceiling) };
}

export async function revokeApproval(judgeVersionId: string, actorId: string, reason?: string) {
  return db().$transaction(async (tx) => {
    const { row, from, version } = await readRevocationEvidence(tx, judgeVersionId);
    const decision = decideRevocation(from, reason);
    if (!row || !version) throw new UserError("This version has no standing approval to revoke.", 409);
    const revoked = await writeRevocation(tx, row, version, decision, actorId);
    if (!revoked) throw new UserError("The approval changed while you were revoking it: reload and try again.", 409);
    return revoked;
  });
}

export type JudgeStatus = ReturnType<typeof judgeStatusView> & {
  versionId: string;
  /** name@N */
  ref: string;
  hash: string;
  kind: ItemKind;
  /** The newest approval row (standing or not). */
  approval: ApprovalRow | null;
};

/**
 * Everything that says whether a version may gate now, in one read: what `gavel judge status`,
 * `gavel run --judge`, the pages and the run report use.
 */
export async function loadJudgeStatus(judgeVersionId: string, options: { now?: Date; client?: Db | Tx } = {}): Promise<JudgeStatus> {
  const status = (await loadJudgeStatuses([judgeVersionId], options)).get(judgeVersionId);
  if (!status) throw new UserError("No such judge version.", 404);
  return status.status;
}

/**
 * The status of many versions (the Judges overview), in a fixed number of reads whatever their number, each with
 * the test calibration its gate reads (on the bound label set, or the one an approval would bind to). Versions
 * that do not exist are left out.
 */
export async function loadJudgeStatuses(
  judgeVersionIds: readonly string[],
  options: { now?: Date; client?: Db | Tx } = {},
): Promise<Map<string, { status: JudgeStatus; calibration: GateRead["calibration"] }>> {
  if (judgeVersionIds.length === 0) return new Map();
  const evidence = await readStatusEvidenceMany(judgeVersionIds, options.client ?? db());
  const now = options.now ?? new Date();
  return new Map([...evidence].map(([id, e]) => [id, { status: statusOf(e, now), calibration: e.calibration }]));
}

/**
 * A version page's gates: its status (with the calibration its gate reads) and the gate on every label set it has
 * a test calibration on (with each one's calibration), read together.
 */
export async function loadStatusAndGates(judgeVersionId: string, options: { now?: Date } = {}) {
  const queueIds = await calibratedLabelSetIds(judgeVersionId);
  const { status, gates } = await readStatusAndGates(judgeVersionId, queueIds);
  return {
    status: statusOf(status, options.now ?? new Date()),
    calibration: status.calibration,
    byLabelSet: gates.map((read) => ({ gate: gateOnLabelSet(read.evidence), calibration: read.calibration })),
  };
}

function statusOf(evidence: StatusEvidence, now: Date): JudgeStatus {
  const { version, row, approval, policy, currentGoldVersion, gate } = evidence;
  const view = judgeStatusView({ approval, currentGoldVersion, now, graceDays: policy.graceDays, gate });
  return {
    ...view,
    versionId: version.id,
    ref: `${version.judge.name}@${version.version}`,
    hash: version.hash,
    kind: version.judge.kind as ItemKind,
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
