import "server-only";
import type { CalibrationStats, SplitName } from "../judges/calibration";
import { databaseProvider, databaseUrl } from "../database-url";
import { calibrationHeadline, headlineNumbers, intervalMethod } from "../judges/estimator";
import type { GateCalibration } from "../judges/gate";
import type { TestSplitReuse } from "../judges/test-reuse";
import { recordAudit } from "./audit";
import { withoutHidden, type Viewer } from "./blind";
import { placeholders } from "./bulk";
import { db, type Db, type Tx } from "./client";

export async function createCalibration(
  input: {
    judgeVersionId: string;
    queueId: string;
    /** dev or test; "all" for a whole imported data set (never read by the gate). */
    split: SplitName | "all";
    stats: CalibrationStats;
    createdById: string | null;
  },
  client: Db | Tx = db(),
  /** Names for the audit event (judge, version, label set, where it ran). */
  about: Record<string, unknown> = {},
) {
  const { stats } = input;
  const r = stats.report;
  // The gate reads these columns: the population estimates when a stratified draw weighted the items.
  const h = headlineNumbers(r, stats.estimator);
  const calibration = await client.calibration.create({
    data: {
      judgeVersionId: input.judgeVersionId,
      queueId: input.queueId,
      split: input.split,
      labelSetHash: stats.labelSetHash,
      n: r.n,
      skippedCount: stats.skipped,
      errorCount: stats.errored,
      kappa: h.kappa,
      kappaSe: h.se,
      kappaCiLow: h.low,
      kappaCiHigh: h.high,
      accuracy: h.accuracy,
      tpr: h.tpr,
      tnr: h.tnr,
      spearman: r.spearman,
      humanKappa: stats.human.fleissKappa,
      stats: JSON.parse(JSON.stringify(stats)) as object,
      createdById: input.createdById,
    },
  });
  await recordAudit(client, {
    actorId: input.createdById,
    action: "calibration.created",
    targetId: calibration.id,
    details: {
      ...about,
      judgeVersionId: input.judgeVersionId,
      queueId: input.queueId,
      split: input.split,
      // The gate's estimator, named (Horvitz–Thompson for a stratified draw), with the unweighted numbers beside it.
      ...calibrationHeadline(stats),
      kappa: h.kappa,
      skipped: stats.skipped,
      errors: stats.errored,
      goldVersion: stats.labelSetHash,
    },
  });
  return calibration;
}

export type CalibrationRow = Awaited<ReturnType<typeof createCalibration>>;

export function statsOf(row: { stats: unknown }): CalibrationStats {
  return row.stats as CalibrationStats;
}

/** The newest calibration of a version on a split (of any label set unless one is named). */
export async function latestCalibration(judgeVersionId: string, split: SplitName | "all", queueId?: string, client: Db | Tx = db()) {
  return client.calibration.findFirst({
    where: { judgeVersionId, split, ...(queueId ? { queueId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { queue: { select: { id: true, name: true, kind: true } } },
  });
}

export async function getCalibration(id: string) {
  return db().calibration.findUnique({
    where: { id },
    include: { queue: { select: { id: true, name: true, kind: true } }, judgeVersion: { include: { judge: true } } },
  });
}

/**
 * The (judge, gold) pairs behind a calibration that this viewer may see: the items they may still
 * label are left out (blind review) and counted. The statistics over all pairs stay visible.
 */
export async function visiblePairs(viewer: Viewer, calibration: { stats: unknown }) {
  const { rows, hidden } = await withoutHidden(viewer, statsOf(calibration).pairs);
  return { pairs: rows, hidden };
}

/**
 * A version's calibrations, newest first, for its page's history: the figures and how each interval was made, not the
 * statistics (a HANNA version's twelve hold 800 KB of pairs, read and parsed on every view of its page for one name).
 */
export async function listCalibrations(judgeVersionId: string) {
  const rows = await db().calibration.findMany({
    where: { judgeVersionId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    omit: { stats: true },
    include: { queue: { select: { id: true, name: true } } },
  });
  if (rows.length === 0) return [];
  const provider = databaseProvider(databaseUrl());
  const name = provider === "postgres" ? `"stats"->'estimator'->>'name'` : `json_extract("stats", '$.estimator.name')`;
  const estimators = await db().$queryRawUnsafe<{ id: string; estimator: string | null }[]>(
    `SELECT "id", ${name} AS "estimator" FROM "calibrations" WHERE "id" IN (${placeholders(provider, rows.length)})`,
    ...rows.map((r) => r.id),
  );
  const estimatorOf = new Map(estimators.map((e) => [e.id, e.estimator]));
  return rows.map((row) => ({ ...row, intervalMethod: intervalMethod({ estimator: { name: estimatorOf.get(row.id) ?? undefined } }) }));
}

/** Each version of a judge with its newest test-split calibration (null when never calibrated): the kappa-over-versions chart. */
export async function kappaHistory(judgeId: string) {
  const versions = await db().judgeVersion.findMany({
    where: { judgeId },
    orderBy: { version: "asc" },
    select: { id: true, version: true, model: true },
  });
  return Promise.all(
    versions.map(async (v) => {
      const c = await latestCalibration(v.id, "test");
      return {
        ...v,
        kappa: c?.kappa ?? null,
        kappaCiLow: c?.kappaCiLow ?? null,
        kappaCiHigh: c?.kappaCiHigh ?? null,
        stats: c?.stats ?? null,
        n: c?.n ?? null,
      };
    }),
  );
}

/** A calibration row's columns as the use cases read them: the gate, a settlement (lib/judging/settle.ts), the data sets' pages. */
export interface CalibrationColumns {
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
}

/**
 * The columns that say what a calibration measured and on what (its label set, split and figures): the
 * approval's evidence and the data sets' pages both select them, so they read the same row the same way.
 */
export const CALIBRATION_FIGURES_SELECT = {
  queueId: true,
  split: true,
  labelSetHash: true,
  n: true,
  kappa: true,
  kappaCiLow: true,
  kappaCiHigh: true,
  tpr: true,
  tnr: true,
} as const;

/** The fields of a calibration row the gate reads. */
export function gateCalibration(
  row: Pick<CalibrationColumns, "id" | "split" | "labelSetHash" | "n" | "kappa" | "kappaCiLow" | "tpr" | "tnr" | "stats">,
): GateCalibration {
  const stats = statsOf(row);
  return {
    id: row.id,
    split: row.split,
    labelSetHash: row.labelSetHash,
    n: row.n,
    kappa: row.kappa,
    kappaCiLow: row.kappaCiLow,
    tpr: row.tpr,
    tnr: row.tnr,
    classCounts: stats?.classCounts ?? {},
    flipRate: stats?.flip?.rate ?? null,
  };
}

/**
 * How many versions of a judge have been calibrated on each label set's test split (lib/judges/test-reuse.ts):
 * one row per label set, counted by distinct version.
 */
export async function testSplitReuse(judgeId: string): Promise<TestSplitReuse[]> {
  const rows = await db().calibration.findMany({
    where: { split: "test", judgeVersion: { judgeId } },
    distinct: ["queueId", "judgeVersionId"],
    select: { queueId: true, judgeVersionId: true, queue: { select: { name: true } } },
  });
  const byQueue = new Map<string, TestSplitReuse>();
  for (const r of rows) {
    const entry = byQueue.get(r.queueId) ?? { queueId: r.queueId, labelSet: r.queue.name, versions: 0 };
    entry.versions++;
    byQueue.set(r.queueId, entry);
  }
  return [...byQueue.values()];
}
