import "server-only";
import { UserError } from "../errors";
import type { CalibrationStats } from "../judges/calibration";
import type { DesignEntry } from "../judges/estimator";
import type { GatePolicy } from "../judges/gate";
import { KIND_FOR_PARSER } from "../judges/kinds";
import { planClasses, planGate, planWanted, type GatePlan } from "../judges/plan";
import type { JudgeParser } from "../judges/version";
import { orderKey } from "../queues/items";
import { devOrderKey, informativeness, signalsOf, type VerdictSignal } from "../queues/informative";
import { allocate, inclusionProbability, seededPick } from "../queues/sampling";
import { recordAudit } from "./audit";
import { latestCalibration, statsOf } from "./calibrations";
import { db, type Db, type Tx } from "./client";
import { getGatePolicy } from "./gate-policy";
import { retryOnConflict } from "./retry";

/**
 * "Label more for this judge": extend a label set's test split with transcripts of the same source that nobody has
 * labeled yet, drawn stratified by a judge version's verdict and sized from the gate plan, recording each item's
 * inclusion probability so calibrations can weight it (Horvitz–Thompson). One design per label set: the first draw's
 * judge version defines the strata for every later draw, so the probabilities stay exact.
 */
const CHUNK = 500;
/** A verdict that is not ok (skipped, error) or missing is a stratum of its own. */
export const NO_VERDICT = "no verdict";

/** Inclusion probability and stratum of the items a draw put in the queue (the calibration's design). */
export async function loadDesign(
  queueId: string,
  transcriptIds: readonly string[],
  client: Db | Tx = db(),
): Promise<Record<string, DesignEntry>> {
  const design: Record<string, DesignEntry> = {};
  for (let i = 0; i < transcriptIds.length; i += CHUNK) {
    const rows = await client.queueItem.findMany({
      where: { queueId, transcriptId: { in: transcriptIds.slice(i, i + CHUNK) }, inclusionProbability: { not: null } },
      select: { transcriptId: true, inclusionProbability: true, stratum: true },
    });
    for (const row of rows) design[row.transcriptId] = { probability: row.inclusionProbability!, stratum: row.stratum ?? NO_VERDICT };
  }
  return design;
}

/**
 * The transcripts a draw for this label set can take: same sources and kind as its items, not in it yet; with the
 * judge version that stratifies (the first draw's, or this one) and which of them it has not judged yet.
 */
export async function loadPool(queueId: string, versionId: string, client: Db | Tx = db()) {
  const queue = await client.labelQueue.findUnique({ where: { id: queueId } });
  if (!queue) throw new UserError("No such label set.", 404, "queueId");
  const first = await client.queueItem.findFirst({ where: { queueId, sampledById: { not: null } }, select: { sampledById: true } });
  const stratifier = first?.sampledById ?? versionId;
  const items = await client.queueItem.findMany({
    where: { queueId },
    select: { transcriptId: true, transcript: { select: { source: true } } },
  });
  const inQueue = new Set(items.map((i) => i.transcriptId));
  const sources = [...new Set(items.map((i) => i.transcript.source))];
  const transcripts = (
    await client.transcript.findMany({
      where: { source: { in: sources }, kind: queue.kind },
      orderBy: { id: "asc" },
      select: { id: true, externalId: true, taskPrompt: true, rubric: true, criterion: true, finalOutput: true, content: true },
    })
  ).filter((t) => !inQueue.has(t.id));
  const judged = new Set<string>();
  for (let i = 0; i < transcripts.length; i += CHUNK) {
    const rows = await client.judgeVerdict.findMany({
      where: {
        judgeVersionId: stratifier,
        transcriptId: { in: transcripts.slice(i, i + CHUNK).map((t) => t.id) },
        order: "original",
        repeat: 0,
        status: "ok",
      },
      select: { transcriptId: true },
    });
    for (const r of rows) judged.add(r.transcriptId);
  }
  return { queue, stratifier, sources, transcripts, unjudged: transcripts.filter((t) => !judged.has(t.id)) };
}

/** The label sets this version has a test-split calibration on. */
export async function testCalibratedLabelSets(versionId: string) {
  const rows = await db().calibration.findMany({
    where: { judgeVersionId: versionId, split: "test" },
    distinct: ["queueId"],
    select: { queueId: true, queue: { select: { name: true } } },
  });
  return rows.map((r) => ({ queueId: r.queueId, name: r.queue.name }));
}

export interface PlanForJudge {
  plan: GatePlan | null;
  /** κ and its SE the plan used, and which estimator they came from. */
  estimate: {
    kappa: number | null;
    se: number | null;
    estimator: "unweighted" | "horvitz-thompson";
    n: number;
    calibrationId: string;
  } | null;
  /** How many items "Label more" would draw: the largest shortfall of the plan (0 when nothing is missing). */
  wanted: number;
}

/** The gate plan of a version on a label set's test split, from its newest test calibration there. */
export async function planForJudge(versionId: string, queueId: string, client: Db | Tx = db()): Promise<PlanForJudge> {
  const [policy, calibration] = await Promise.all([getGatePolicy(client), latestCalibration(versionId, "test", queueId, client)]);
  return planFromCalibration(calibration, policy);
}

/** The gate plan from a calibration already read (the version page reads its gates' calibrations once for both). */
export function planFromCalibration(
  calibration: { id: string; n: number; kappa: number | null; kappaSe: number | null; stats: unknown } | null,
  policy: GatePolicy,
): PlanForJudge {
  if (!calibration) return { plan: null, estimate: null, wanted: 0 };
  const stats: CalibrationStats = statsOf(calibration);
  const classes = planClasses(stats.kind, stats.classCounts);
  const plan = planGate(
    { n: calibration.n, estimate: calibration.kappa, se: calibration.kappaSe, classCounts: stats.classCounts, classes },
    { bar: policy.minKappa, minItems: policy.minItems, minPerClass: policy.minPerClass },
  );
  const wanted = planWanted(plan);
  const estimator = stats.estimator?.name ?? "unweighted";
  return {
    plan,
    estimate: { kappa: calibration.kappa, se: calibration.kappaSe, estimator, n: calibration.n, calibrationId: calibration.id },
    wanted,
  };
}

export interface DrawResult {
  added: number;
  strata: { stratum: string; available: number; drawn: number; total: number; population: number; probability: number }[];
  stratifiedBy: string;
}

/**
 * Draws up to `size` more items (default: the plan's largest shortfall, at least 10) into the label set's test split.
 * Per-class shortfalls are drawn first from the stratum where the judge gave that class, sized by how often the judge
 * was right there (its precision on the calibration, floored at 0.2 so a poor judge does not ask for thousands).
 */
export async function labelMoreForJudge(input: {
  versionId: string;
  queueId: string;
  size?: number;
  actorId: string | null;
}): Promise<DrawResult> {
  return retryOnConflict(() =>
    db().$transaction(
      async (tx) => {
        const [queue, version] = await Promise.all([
          tx.labelQueue.findUnique({ where: { id: input.queueId } }),
          tx.judgeVersion.findUnique({ where: { id: input.versionId }, include: { judge: { select: { name: true } } } }),
        ]);
        if (!queue) throw new UserError("No such label set.", 404, "queueId");
        if (!version) throw new UserError("No such judge version.", 404, "versionId");
        const kind = KIND_FOR_PARSER[version.parser as JudgeParser];
        if (kind !== queue.kind)
          throw new UserError(`${version.judge.name} judges ${kind} items; "${queue.name}" holds ${queue.kind} items.`, 422, "queueId");

        const drawnBefore = await tx.queueItem.findMany({
          where: { queueId: queue.id, inclusionProbability: { not: null } },
          select: { transcriptId: true, stratum: true },
        });
        const { stratifier, sources, transcripts } = await loadPool(queue.id, version.id, tx);
        const pool = transcripts.map((t) => t.id);
        if (pool.length === 0)
          throw new UserError(
            `Every ${queue.kind} transcript of ${sources.map((s) => `"${s}"`).join(", ") || "this label set's sources"} is in "${queue.name}" already: import or run more to draw from.`,
            409,
            "queueId",
          );

        const verdictOf = new Map<string, string>();
        for (let i = 0; i < pool.length; i += CHUNK) {
          const rows = await tx.judgeVerdict.findMany({
            where: { judgeVersionId: stratifier, transcriptId: { in: pool.slice(i, i + CHUNK) }, order: "original", repeat: 0 },
            select: { transcriptId: true, status: true, value: true },
          });
          for (const v of rows) if (v.status === "ok" && v.value !== null) verdictOf.set(v.transcriptId, v.value);
        }
        const byStratum = new Map<string, string[]>();
        for (const id of pool) {
          const s = verdictOf.get(id) ?? NO_VERDICT;
          byStratum.set(s, [...(byStratum.get(s) ?? []), id]);
        }
        const before = new Map<string, number>();
        for (const d of drawnBefore) before.set(d.stratum ?? NO_VERDICT, (before.get(d.stratum ?? NO_VERDICT) ?? 0) + 1);

        const { plan, wanted } = await planForJudge(version.id, queue.id, tx);
        const size = input.size ?? Math.max(wanted, 10);
        const calibration = await latestCalibration(version.id, "test", queue.id, tx);
        const matrix = calibration ? statsOf(calibration).report.confusion : null;
        const precision = (cls: string) => {
          const row = matrix?.labels.indexOf(cls) ?? -1;
          if (!matrix || row < 0) return 0.5;
          const cells = matrix.matrix[row]!;
          const total = cells.reduce((s, x) => s + x, 0);
          return (cells[row]! + 1) / (total + 2);
        };
        const minimums = Object.fromEntries(
          Object.entries(plan?.perClassShortfall ?? {}).map(([cls, short]) => [cls, short / Math.max(0.2, precision(cls))]),
        );
        const names = [...byStratum.keys()].sort();
        const take = allocate(
          names.map((name) => ({ name, available: byStratum.get(name)!.length })),
          size,
          minimums,
        );

        const draws = await tx.auditEvent.count({ where: { action: "queue.sampled", targetId: queue.id } });
        const strata: DrawResult["strata"] = [];
        const added: { transcriptId: string; stratum: string }[] = [];
        for (const name of names) {
          const ids = seededPick(byStratum.get(name)!, take[name]!, `${queue.id}\0${draws}\0${name}`);
          added.push(...ids.map((transcriptId) => ({ transcriptId, stratum: name })));
          const total = (before.get(name) ?? 0) + ids.length;
          const population = (before.get(name) ?? 0) + byStratum.get(name)!.length;
          strata.push({
            stratum: name,
            available: byStratum.get(name)!.length,
            drawn: ids.length,
            total,
            population,
            probability: inclusionProbability(total, population),
          });
        }
        for (let i = 0; i < added.length; i += CHUNK) {
          await tx.queueItem.createMany({
            data: added.slice(i, i + CHUNK).map(({ transcriptId, stratum }) => ({
              queueId: queue.id,
              transcriptId,
              orderKey: orderKey(queue.id, transcriptId),
              // Drawn to decide the gate: the test split, which stays a probability sample.
              split: "test" as const,
              stratum,
              sampledById: stratifier,
              inclusionProbability: strata.find((s) => s.stratum === stratum)!.probability,
            })),
          });
        }
        // Earlier draws from the same stratum are one simple random draw with these: they share the new π.
        for (const s of strata) {
          await tx.queueItem.updateMany({
            where: { queueId: queue.id, stratum: s.stratum, inclusionProbability: { not: null } },
            data: { inclusionProbability: s.probability },
          });
        }
        await recordAudit(tx, {
          actorId: input.actorId,
          action: "queue.sampled",
          targetType: "queue",
          targetId: queue.id,
          details: { judgeVersionId: version.id, stratifiedBy: stratifier, size, added: added.length, strata },
        });
        return { added: added.length, strata, stratifiedBy: stratifier };
      },
      { timeout: 120_000, maxWait: 20_000 },
    ),
  );
}

/**
 * Orders a label set's dev split most-informative-first (lib/queues/informative.ts): items whose judge verdicts
 * disagree among repeats, versions or orders, or with the human majority, move to the front of the queue; the rest,
 * and every test item, keep their hash order, so the test split stays a probability sample.
 */
export async function orderDevByInformativeness(
  queueId: string,
  actorId: string | null,
): Promise<{ devItems: number; moved: number; bySignals: Record<number, number> }> {
  return db().$transaction(
    async (tx) => {
      const queue = await tx.labelQueue.findUnique({ where: { id: queueId } });
      if (!queue) throw new UserError("No such label set.", 404, "queueId");
      const items = await tx.queueItem.findMany({
        where: { queueId, split: "dev" },
        select: { id: true, transcriptId: true, orderKey: true },
      });
      const ids = items.map((i) => i.transcriptId);
      const verdicts = new Map<string, VerdictSignal[]>();
      const labels = new Map<string, string[]>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const slice = ids.slice(i, i + CHUNK);
        const [vs, ls] = await Promise.all([
          tx.judgeVerdict.findMany({
            where: { transcriptId: { in: slice }, status: "ok", value: { not: null } },
            select: { transcriptId: true, judgeVersionId: true, order: true, repeat: true, value: true },
          }),
          tx.label.findMany({
            where: { queueId, transcriptId: { in: slice }, rubricVersion: queue.rubricVersion },
            select: { transcriptId: true, value: true },
          }),
        ]);
        for (const v of vs)
          verdicts.set(v.transcriptId, [
            ...(verdicts.get(v.transcriptId) ?? []),
            { versionId: v.judgeVersionId, order: v.order, repeat: v.repeat, value: v.value! },
          ]);
        for (const l of ls) labels.set(l.transcriptId, [...(labels.get(l.transcriptId) ?? []), l.value]);
      }
      const bySignals: Record<number, number> = {};
      let moved = 0;
      for (const item of items) {
        const score = informativeness(signalsOf(verdicts.get(item.transcriptId) ?? [], labels.get(item.transcriptId) ?? []));
        bySignals[score] = (bySignals[score] ?? 0) + 1;
        const key = devOrderKey(queueId, item.transcriptId, score);
        if (score > 0) moved++;
        if (key !== item.orderKey) await tx.queueItem.update({ where: { id: item.id }, data: { orderKey: key } });
      }
      await recordAudit(tx, {
        actorId,
        action: "queue.dev_ordered",
        targetType: "queue",
        targetId: queueId,
        details: { devItems: items.length, moved, bySignals },
      });
      return { devItems: items.length, moved, bySignals };
    },
    { timeout: 120_000, maxWait: 20_000 },
  );
}
