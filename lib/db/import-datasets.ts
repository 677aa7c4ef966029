import "server-only";
import { databaseProvider, databaseUrl } from "../database-url";
import type { ItemKind } from "../items/kinds";
import type { ImportPlan } from "../real-data/plan";
import { timestampParam } from "./bulk";
import { recordAudit } from "./audit";
import { createCalibration } from "./calibrations";
import { db, type Tx } from "./client";
import { writeLabelSet, writeVerdicts, type ImportCounts } from "./import-dataset-units";
import { findOrCreateJudgeVersion } from "./judges";
import { importTranscripts, transcriptHash } from "./transcripts";
import { inTransaction, LONG_TRANSACTION, type WriteUnit } from "./write-units";

/**
 * Writes an imported data set (see lib/real-data/plan.ts): transcripts through importTranscripts
 * (deduplicated by content hash), label sets by name, queue items, gold labels and labels by their
 * unique keys, judge versions by their hash, verdicts by (version, transcript, order, repeat). Importing
 * the same files again adds nothing. A user's import is one transaction; the first start's demo seeding
 * commits unit by unit (lib/db/write-units.ts). Calibrating the imported versions is the use case's next
 * step (lib/judging/import-datasets.ts).
 */
export interface ImportResult {
  counts: ImportCounts;
  labelSets: { id: string; name: string }[];
  versions: { id: string; labelSetIds: string[] }[];
}

export type { ImportCounts };

/**
 * Transcripts per unit (importTranscripts's own chunk): measured with the demo seeding at load 6–7 on 2 cores,
 * units of 2,000 of HANNA's short items held SQLite's lock up to 2.3 s, units of 500 under 0.6 s.
 */
const TRANSCRIPTS_PER_UNIT = 500;

/** The tables an import fills, by the thousand rows for HANNA (its verdicts by the hundred thousand). */
const IMPORTED_TABLES = [
  "users",
  "transcripts",
  "label_queues",
  "queue_items",
  "labels",
  "gold_labels",
  "judges",
  "judge_versions",
  "judge_verdicts",
  "calibrations",
];

/**
 * Gives PostgreSQL's planner statistics for what an import wrote, as PostgreSQL's manual advises after a bulk load
 * ("Populating a Database": run ANALYZE afterwards). Without them a fresh database's tables look empty until
 * autovacuum's autoanalyze comes round (a minute at the soonest; never where autovacuum is off, as on this project's
 * machines), and the planner nests loops over thousands of rows it takes for one: reading a label set's test-split gold
 * took 300 ms instead of 5, and the Judges page and a version's page 0.4–2.7 s (README, "Pages"). SQLite's planner
 * chooses these plans from the schema and indexes alone: nothing to do there.
 */
export async function analyzeImported(): Promise<void> {
  if (databaseProvider(databaseUrl()) !== "postgres") return;
  await db().$executeRawUnsafe(`ANALYZE ${IMPORTED_TABLES.map((t) => `"${t}"`).join(", ")}`);
}

/**
 * Writes the plan: in one transaction (no `units`: a user's import, nothing half-written), or unit by unit
 * through `units` (boundedUnits(): the demo seeding, which must not hold SQLite's write lock for long).
 */
export async function writeImportPlan(
  plan: ImportPlan,
  options: { onProgress?: (line: string) => void; units?: WriteUnit } = {},
): Promise<ImportResult> {
  const progress = options.onProgress ?? (() => undefined);
  if (options.units) return writeData(options.units, plan, progress);
  return db().$transaction((tx) => writeData(inTransaction(tx), plan, progress), LONG_TRANSACTION);
}

async function writeData(unit: WriteUnit, plan: ImportPlan, progress: (line: string) => void): Promise<ImportResult> {
  const counts: ImportCounts = {
    transcripts: { created: 0, existing: 0 },
    labelSets: { created: 0, existing: 0 },
    queueItems: 0,
    gold: 0,
    labels: 0,
    judgeVersions: { created: 0, existing: 0 },
    verdicts: { created: 0, existing: 0, errors: 0 },
    calibrations: 0,
  };
  progress(`${plan.dataset}: ${plan.items.length} items`);
  const hashes = plan.items.map(transcriptHash);
  const ids = await writeTranscripts(unit, plan.items, hashes, counts);

  const provider = databaseProvider(databaseUrl());
  const now = timestampParam(provider, new Date());
  const raterIds: string[] = [];
  if (plan.raters.length)
    await unit(async (tx) => {
      for (const rater of plan.raters) {
        // No password: these accounts stand for the data set's raters and can never sign in.
        const user = await tx.user.upsert({
          where: { email: rater.email },
          update: {},
          create: { email: rater.email, name: rater.name, role: "viewer", passwordHash: null },
        });
        raterIds.push(user.id);
      }
    });

  const queues: { id: string; name: string }[] = [];
  for (const [s, set] of plan.labelSets.entries()) {
    const { queue, newItems } = await unit((tx) => writeLabelSet(tx, { plan, s, ids, hashes, raterIds, now, counts }));
    queues.push({ id: queue.id, name: queue.name });
    progress(`${plan.dataset}: label set ${set.name}: ${set.items.length} items (${newItems} new)`);
  }

  const byVersion = new Map<number, ImportPlan["verdicts"]>();
  for (const v of plan.verdicts) {
    const list = byVersion.get(v.version);
    if (list) list.push(v);
    else byVersion.set(v.version, [v]);
  }
  const versionIds: string[] = [];
  for (const [v, version] of plan.versions.entries()) {
    // A version and its verdicts are one unit: a version is never stored without them.
    await unit(async (tx) => {
      const parentId = version.parent === undefined ? undefined : version.parent === null ? null : versionIds[version.parent]!;
      const found = await findOrCreateJudgeVersion(version.judge, version.spec, { tx, note: version.note, parentId });
      if (found.created) counts.judgeVersions.created++;
      else counts.judgeVersions.existing++;
      await writeVerdicts(tx, found.version.id, byVersion.get(v) ?? [], ids, now, counts);
      versionIds.push(found.version.id);
    });
  }
  progress(`${plan.dataset}: ${plan.versions.length} judge versions, ${plan.verdicts.length} verdicts (${counts.verdicts.created} new)`);
  // Importing the same files again adds nothing, the audit event included.
  const wrote =
    counts.transcripts.created +
    counts.labelSets.created +
    counts.queueItems +
    counts.gold +
    counts.labels +
    counts.judgeVersions.created +
    counts.verdicts.created;
  if (wrote > 0)
    await unit((tx) =>
      recordAudit(tx, {
        actorId: null,
        action: "dataset.imported",
        targetId: plan.dataset,
        details: { dataset: plan.dataset, ...counts },
      }),
    );

  return {
    counts,
    labelSets: queues,
    versions: plan.versions.map((v, i) => ({ id: versionIds[i]!, labelSetIds: v.labelSets.map((s) => queues[s]!.id) })),
  };
}

/**
 * The plan's transcripts, TRANSCRIPTS_PER_UNIT distinct items a unit; returns the id of every item in plan
 * order. Items are made distinct first, so an item repeated in two units counts once, as in one call.
 */
async function writeTranscripts(unit: WriteUnit, items: ImportPlan["items"], hashes: string[], counts: ImportCounts) {
  const firstOf = new Map<string, number>();
  hashes.forEach((hash, i) => {
    if (!firstOf.has(hash)) firstOf.set(hash, i);
  });
  const distinct = [...firstOf.values()];
  const idOf = new Map<string, string>();
  for (let i = 0; i < distinct.length; i += TRANSCRIPTS_PER_UNIT) {
    const slice = distinct.slice(i, i + TRANSCRIPTS_PER_UNIT);
    const written = await unit((tx) =>
      importTranscripts(
        slice.map((index) => items[index]!),
        tx,
      ),
    );
    counts.transcripts.created += written.created;
    counts.transcripts.existing += written.existing;
    slice.forEach((index, k) => idOf.set(hashes[index]!, written.ids[k]!));
  }
  return hashes.map((hash) => idOf.get(hash)!);
}

/** A judge version's verdicts and the (label set, split, gold hash) triples it is calibrated on already. */
export async function readVersionCalibrationInputs(judgeVersionId: string) {
  const client = db();
  const [verdicts, existing] = await Promise.all([
    client.judgeVerdict.findMany({
      where: { judgeVersionId },
      select: { transcriptId: true, order: true, repeat: true, status: true, value: true },
    }),
    client.calibration.findMany({ where: { judgeVersionId }, select: { queueId: true, split: true, labelSetHash: true } }),
  ]);
  return { verdicts, calibrated: new Set(existing.map((c) => `${c.queueId}/${c.split}/${c.labelSetHash}`)) };
}

/**
 * Writes one version's new calibrations in one commit (rather than one per calibration), in a transaction of
 * its own or as a unit of a bounded import (lib/db/write-units.ts).
 */
export async function writeCalibrations(inputs: Parameters<typeof createCalibration>[0][], units?: WriteUnit) {
  const work = async (tx: Tx) => {
    for (const input of inputs) await createCalibration(input, tx);
  };
  await (units ? units(work) : db().$transaction(work, LONG_TRANSACTION));
}

/** A label set as calibrating reads it: kind, scale, its gold labels (with split and transcript) and its labels, at the current rubric version. */
export async function readLabelSetForCalibration(queueId: string) {
  const client = db();
  const queue = await client.labelQueue.findUniqueOrThrow({ where: { id: queueId } });
  const kind = queue.kind as ItemKind;
  const [items, gold, labels] = await Promise.all([
    client.queueItem.findMany({ where: { queueId }, select: { transcriptId: true, split: true } }),
    client.goldLabel.findMany({
      where: { queueId, rubricVersion: queue.rubricVersion },
      orderBy: { transcriptId: "asc" },
      select: {
        transcriptId: true,
        value: true,
        transcript: { select: { taskPrompt: true, rubric: true, criterion: true, finalOutput: true, content: true } },
      },
    }),
    client.label.findMany({
      where: { queueId, rubricVersion: queue.rubricVersion },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { transcriptId: true, reviewerId: true, value: true },
    }),
  ]);
  const split = new Map(items.map((i) => [i.transcriptId, i.split]));
  return {
    kind,
    scale: queue.scaleMin !== null && queue.scaleMax !== null ? { min: queue.scaleMin, max: queue.scaleMax } : null,
    gold: gold
      .filter((g) => split.has(g.transcriptId))
      .map((g) => ({ transcriptId: g.transcriptId, value: g.value, split: split.get(g.transcriptId)!, transcript: g.transcript })),
    labels,
  };
}
