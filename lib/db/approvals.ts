import "server-only";
import type { ApprovalDecision, ApprovalEvidence, GateEvidence, StatusApproval } from "../judges/approval";
import type { SplitName } from "../judges/calibration";
import type { ApprovalState } from "../judges/lifecycle";
import type { ItemKind } from "../items/kinds";
import { UserError } from "../errors";
import { CALIBRATION_FIGURES_SELECT, gateCalibration, statsOf, type latestCalibration } from "./calibrations";
import { db, type Db, type Tx } from "./client";
import { getGatePolicy } from "./gate-policy";
import { moveApproval, recordTransition } from "./judge-lifecycle";
import type { GoldBackingRow } from "../judges/human-backing";
import { readGoldBacking } from "./gold-labels";
import { labelSetsNow } from "./label-sets";

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
      ...CALIBRATION_FIGURES_SELECT,
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

const NEWEST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** The first row per key of rows that come newest first: the newest per key. */
function newestBy<T>(rows: T[], key: (row: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) if (!map.has(key(row))) map.set(key(row), row);
  return map;
}

export type GateRead = { evidence: GateEvidence; calibration: Awaited<ReturnType<typeof latestCalibration>> };

/**
 * What the gate reads (lib/judges/approval.ts `gateOnLabelSet` evaluates it), with that calibration's row, for
 * several (version, label set) requests in a fixed number of reads: the pages that list many versions ask
 * once, not once per version. The label set is the one named, else the set a standing approval is bound
 * to, else the set of the newest test calibration (what an approval would bind to). Null for a version
 * that does not exist.
 */
export async function readGateEvidenceMany(
  requests: readonly { judgeVersionId: string; queueId?: string | null }[],
  client: Db | Tx = db(),
): Promise<(GateRead | null)[]> {
  const ids = [...new Set(requests.map((r) => r.judgeVersionId))];
  const unbound = [...new Set(requests.filter((r) => !r.queueId).map((r) => r.judgeVersionId))];
  if (ids.length === 0) return [];
  const [versions, approvals, tests, policy] = await Promise.all([
    client.judgeVersion.findMany({ where: { id: { in: ids } }, select: { id: true, judge: { select: { kind: true } } } }),
    unbound.length
      ? client.approval.findMany({
          where: { judgeVersionId: { in: unbound } },
          orderBy: NEWEST,
          select: { judgeVersionId: true, state: true, revokedAt: true, queueId: true, calibration: { select: { queueId: true } } },
        })
      : [],
    // Ids only: the statistics of the calibrations the gate reads are loaded below, not those of every one.
    client.calibration.findMany({
      where: { judgeVersionId: { in: ids }, split: GATE_SPLIT },
      orderBy: NEWEST,
      select: { id: true, judgeVersionId: true, queueId: true },
    }),
    getGatePolicy(client),
  ]);
  const kindOf = new Map(versions.map((v) => [v.id, v.judge.kind as ItemKind]));
  const newestApproval = newestBy(approvals, (a) => a.judgeVersionId);
  const newestTest = newestBy(tests, (c) => c.judgeVersionId);
  const newestTestOn = newestBy(tests, (c) => `${c.judgeVersionId}/${c.queueId}`);
  const queueIds = requests.map((r) => {
    if (r.queueId) return r.queueId;
    const approval = newestApproval.get(r.judgeVersionId);
    const state = approval ? approvalStateOf(approval) : null;
    if (approval && (state === "gating" || state === "stale")) return boundQueueId(approval);
    return newestTest.get(r.judgeVersionId)?.queueId ?? null;
  });
  const calibrationIds = requests.flatMap((r, i) => newestTestOn.get(`${r.judgeVersionId}/${queueIds[i]}`)?.id ?? []);
  const [calibrations, labelSets] = await Promise.all([
    calibrationIds.length
      ? client.calibration.findMany({
          where: { id: { in: [...new Set(calibrationIds)] } },
          include: { queue: { select: { id: true, name: true, kind: true } } },
        })
      : [],
    labelSetsNow(
      queueIds.filter((q): q is string => q !== null),
      GATE_SPLIT,
      client,
    ),
  ]);
  const calibrationById = new Map(calibrations.map((c) => [c.id, c]));
  return requests.map((r, i) => {
    const kind = kindOf.get(r.judgeVersionId);
    if (!kind) return null;
    const queueId = queueIds[i];
    const calibration = queueId ? (calibrationById.get(newestTestOn.get(`${r.judgeVersionId}/${queueId}`)?.id ?? "") ?? null) : null;
    const set = queueId ? labelSets.get(queueId) : undefined;
    const evidence: GateEvidence = {
      kind,
      policy,
      labelSet: set ? { id: set.id, name: set.name } : null,
      calibration: calibration ? { ...gateCalibration(calibration), createdAt: calibration.createdAt } : null,
      currentLabelSetHash: set?.hash ?? null,
    };
    return { evidence, calibration };
  });
}

/** What the gate on one label set reads (lib/judges/approval.ts `gateOnLabelSet` evaluates it), with that calibration's row. */
export async function readGateEvidence(judgeVersionId: string, options: { queueId?: string | null; client?: Db | Tx } = {}) {
  const [read] = await readGateEvidenceMany([{ judgeVersionId, queueId: options.queueId }], options.client ?? db());
  if (!read) throw new UserError("No such judge version.", 404);
  return read;
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

/**
 * Everything approving a version on a label set is decided on (lib/judges/approval.ts `decideApproval`), inside `tx`;
 * the gold's human backing as its rows (lib/judging/approvals.ts counts them).
 */
export async function readApprovalEvidence(
  tx: Tx,
  judgeVersionId: string,
  queueId: string | null | undefined,
): Promise<Omit<ApprovalEvidence, "backing"> & { backingRows: GoldBackingRow[] | null }> {
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
  const backingRows = gate.evidence.labelSet ? await readGoldBacking(gate.evidence.labelSet.id, GATE_SPLIT, tx) : null;
  return {
    version: { id: version.id, name: version.judge.name, version: version.version, hash: version.hash },
    previous: previous
      ? { state: approvalStateOf(previous), stateChangedAt: previous.stateChangedAt, stateReason: previous.stateReason }
      : null,
    gate: gate.evidence,
    calibration,
    rubricVersion: queue?.rubricVersion ?? null,
    rawResponses: answers.map((a) => a.rawResponse),
    backingRows,
    ceiling: calibration ? (statsOf(calibration).human.fleissKappa ?? null) : null,
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

/**
 * What each version's status is derived from (lib/judges/approval.ts `judgeStatusView`): the version, its newest
 * approval, the policy, the bound gold set now, the gate's evidence and the test calibration it reads. For many
 * versions in a fixed number of reads; a version that does not exist is left out of the map.
 */
export async function readStatusEvidenceMany(judgeVersionIds: readonly string[], client: Db | Tx = db()) {
  return (await statusEvidence(judgeVersionIds, [], client)).statuses;
}

/**
 * One version's status evidence and the gate on each label set named (a version page shows both), read together:
 * the calibrations and gold sets they share are read once.
 */
export async function readStatusAndGates(judgeVersionId: string, queueIds: readonly string[], client: Db | Tx = db()) {
  const { statuses, gates } = await statusEvidence(
    [judgeVersionId],
    queueIds.map((queueId) => ({ judgeVersionId, queueId })),
    client,
  );
  const status = statuses.get(judgeVersionId);
  if (!status) throw new UserError("No such judge version.", 404);
  return { status, gates: gates.filter((g): g is GateRead => g !== null) };
}

async function statusEvidence(
  judgeVersionIds: readonly string[],
  moreGates: readonly { judgeVersionId: string; queueId: string }[],
  client: Db | Tx,
) {
  const ids = [...new Set(judgeVersionIds)];
  const [versions, approvalIds] = await Promise.all([
    client.judgeVersion.findMany({ where: { id: { in: ids } }, include: { judge: { select: { name: true, kind: true } } } }),
    client.approval.findMany({ where: { judgeVersionId: { in: ids } }, orderBy: NEWEST, select: { id: true, judgeVersionId: true } }),
  ]);
  const newest = [...newestBy(approvalIds, (a) => a.judgeVersionId).values()].map((a) => a.id);
  const rows = newest.length ? await client.approval.findMany({ where: { id: { in: newest } }, include: approvalInclude }) : [];
  const rowOf = new Map(rows.map((r) => [r.judgeVersionId, r]));
  // The gate on the bound label set (never approved: the set an approval would bind to).
  const queueOf = (id: string) => {
    const row = rowOf.get(id);
    return row ? boundQueueId(row) : null;
  };
  const reads = await readGateEvidenceMany(
    [...versions.map((v) => ({ judgeVersionId: v.id, queueId: queueOf(v.id) })), ...moreGates],
    client,
  );
  const statuses = new Map(
    versions.flatMap((version, i) => {
      const read = reads[i];
      if (!read) return [];
      const row = rowOf.get(version.id) ?? null;
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
      const evidence = {
        version,
        row,
        approval,
        policy: read.evidence.policy,
        // The gold set the approval is bound to, now: the gate above reads the same set.
        currentGoldVersion: row ? read.evidence.currentLabelSetHash : null,
        gate: read.evidence,
        calibration: read.calibration,
      };
      return [[version.id, evidence] as const];
    }),
  );
  return { statuses, gates: reads.slice(versions.length) };
}

export type StatusEvidence = Awaited<ReturnType<typeof readStatusEvidence>>;

/** What a version's status is derived from (`readStatusEvidenceMany` for one version). */
export async function readStatusEvidence(judgeVersionId: string, client: Db | Tx = db()) {
  const evidence = (await readStatusEvidenceMany([judgeVersionId], client)).get(judgeVersionId);
  if (!evidence) throw new UserError("No such judge version.", 404);
  return evidence;
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
