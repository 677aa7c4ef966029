import "server-only";
import { randomUUID } from "node:crypto";
import { databaseProvider, databaseUrl } from "../database-url";
import { UserError } from "../errors";
import type { ItemKind } from "../items/kinds";
import type { ImportPlan } from "../real-data/plan";
import { orderKey, splitFor } from "../queues/items";
import { insertStatement, timestampParam, type Column } from "./bulk";
import { recordAudit } from "./audit";
import { createCalibration } from "./calibrations";
import { db, type Tx } from "./client";
import { findOrCreateJudgeVersion } from "./judges";
import { importTranscripts, transcriptHash } from "./transcripts";

/**
 * Writes an imported data set (see lib/real-data/plan.ts) in ONE transaction: transcripts through
 * importTranscripts (deduplicated by content hash), label sets by name, queue items, gold labels and
 * labels by their unique keys, judge versions by their hash, verdicts by (version, transcript, order,
 * repeat). Importing the same files again adds nothing. Calibrating the imported versions is the use
 * case's next step (lib/judging/import-datasets.ts).
 */
export interface ImportCounts {
  transcripts: { created: number; existing: number };
  labelSets: { created: number; existing: number };
  queueItems: number;
  gold: number;
  labels: number;
  judgeVersions: { created: number; existing: number };
  verdicts: { created: number; existing: number; errors: number };
  calibrations: number;
}

export interface ImportResult {
  counts: ImportCounts;
  labelSets: { id: string; name: string }[];
  versions: { id: string; labelSetIds: string[] }[];
}

const TX_OPTIONS = { timeout: 600_000, maxWait: 30_000 };

/**
 * Tens of thousands of rows (HANNA): one multi-row INSERT per chunk, inside the import's transaction,
 * costs a fraction of createMany's CPU per row (see lib/db/bulk.ts).
 */
async function insertRows(tx: Tx, table: string, columns: Column[], rows: unknown[][]) {
  const provider = databaseProvider(databaseUrl());
  const perChunk = Math.max(1, Math.floor(12_000 / columns.length));
  for (let i = 0; i < rows.length; i += perChunk) {
    const [sql, params] = insertStatement(provider, table, columns, rows.slice(i, i + perChunk));
    await tx.$executeRawUnsafe(sql, ...params);
  }
}

const pg = () => databaseProvider(databaseUrl()) === "postgres";
const enumCast = (name: string) => (pg() ? `::"${name}"` : undefined);
const timeCast = () => (pg() ? "::timestamp(3)" : undefined);

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
  if (!pg()) return;
  await db().$executeRawUnsafe(`ANALYZE ${IMPORTED_TABLES.map((t) => `"${t}"`).join(", ")}`);
}

/** Writes the plan in one transaction (calibrating the imported versions is lib/judging/import-datasets.ts). */
export async function writeImportPlan(plan: ImportPlan, options: { onProgress?: (line: string) => void } = {}): Promise<ImportResult> {
  const progress = options.onProgress ?? (() => undefined);
  return db().$transaction((tx) => writeData(tx, plan, progress), TX_OPTIONS);
}

async function writeData(tx: Tx, plan: ImportPlan, progress: (line: string) => void): Promise<ImportResult> {
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
  const imported = await importTranscripts(plan.items, tx);
  counts.transcripts = { created: imported.created, existing: imported.existing };
  const ids = imported.ids;
  const hashes = plan.items.map(transcriptHash);

  const provider = databaseProvider(databaseUrl());
  const now = timestampParam(provider, new Date());
  const raterIds: string[] = [];
  for (const rater of plan.raters) {
    // No password: these accounts stand for the data set's raters and can never sign in.
    const user = await tx.user.upsert({
      where: { email: rater.email },
      update: {},
      create: { email: rater.email, name: rater.name, role: "viewer", passwordHash: null },
    });
    raterIds.push(user.id);
  }

  const queues: { id: string; name: string; rubricVersion: number }[] = [];
  for (const [s, set] of plan.labelSets.entries()) {
    let queue = await tx.labelQueue.findUnique({ where: { name: set.name } });
    if (queue && queue.kind !== set.kind)
      throw new UserError(
        `A label set named "${set.name}" already exists with ${queue.kind} items; this import needs ${set.kind} items.`,
        409,
      );
    if (queue) counts.labelSets.existing++;
    else {
      queue = await tx.labelQueue.create({
        data: {
          name: set.name,
          description: set.description,
          kind: set.kind,
          rubric: set.rubric,
          reviewersPerItem: set.reviewersPerItem,
          testFraction: set.testFraction,
        },
      });
      counts.labelSets.created++;
    }
    queues.push({ id: queue.id, name: queue.name, rubricVersion: queue.rubricVersion });
    const queueId = queue.id;
    const labelsPerItem = new Map<number, number>();
    for (const label of plan.labels) if (label.labelSet === s) labelsPerItem.set(label.item, (labelsPerItem.get(label.item) ?? 0) + 1);

    const haveItems = new Set(
      (await tx.queueItem.findMany({ where: { queueId }, select: { transcriptId: true } })).map((r) => r.transcriptId),
    );
    const newItems = set.items
      .filter((item) => !haveItems.has(ids[item]!))
      // The split is keyed by the label set's name and the item's content hash rather than by database
      // ids, so an item lands in the same split in every database and a test-split number can be
      // recomputed anywhere.
      .map((item) => [
        randomUUID(),
        queueId,
        ids[item]!,
        orderKey(queueId, ids[item]!),
        splitFor(set.name, hashes[item]!, set.testFraction),
        labelsPerItem.get(item) ?? 0,
      ]);
    await insertRows(
      tx,
      "queue_items",
      [
        { name: "id" },
        { name: "queue_id" },
        { name: "transcript_id" },
        { name: "order_key" },
        { name: "split", cast: enumCast("Split") },
        { name: "label_count" },
      ],
      newItems,
    );
    counts.queueItems += newItems.length;

    // Gold labels are never overwritten: an adjudicated gold label outlives a re-import.
    const haveGold = new Set(
      (await tx.goldLabel.findMany({ where: { queueId, rubricVersion: queue.rubricVersion }, select: { transcriptId: true } })).map(
        (r) => r.transcriptId,
      ),
    );
    const newGold = set.items
      .map((item, i) => ({ item, gold: set.gold[i]! }))
      .filter(({ item }) => !haveGold.has(ids[item]!))
      .map(({ item, gold }) => [
        randomUUID(),
        queueId,
        ids[item]!,
        queue.rubricVersion,
        gold.value,
        gold.score,
        "import",
        `imported from ${plan.dataset}`,
        now,
      ]);
    await insertRows(
      tx,
      "gold_labels",
      [
        { name: "id" },
        { name: "queue_id" },
        { name: "transcript_id" },
        { name: "rubric_version" },
        { name: "value" },
        { name: "score" },
        { name: "source", cast: enumCast("GoldSource") },
        { name: "note" },
        { name: "created_at", cast: timeCast() },
      ],
      newGold,
    );
    counts.gold += newGold.length;

    const planned = plan.labels.filter((l) => l.labelSet === s);
    if (planned.length) {
      const haveLabels = new Set(
        (await tx.label.findMany({ where: { queueId }, select: { transcriptId: true, reviewerId: true } })).map(
          (r) => `${r.transcriptId}/${r.reviewerId}`,
        ),
      );
      const newLabels = planned
        .filter((l) => !haveLabels.has(`${ids[l.item]}/${raterIds[l.rater]}`))
        .map((l) => [randomUUID(), ids[l.item]!, queueId, raterIds[l.rater]!, l.value, l.score, queue.rubricVersion, now, now]);
      await insertRows(
        tx,
        "labels",
        [
          { name: "id" },
          { name: "transcript_id" },
          { name: "queue_id" },
          { name: "reviewer_id" },
          { name: "value" },
          { name: "score" },
          { name: "rubric_version" },
          { name: "created_at", cast: timeCast() },
          { name: "updated_at", cast: timeCast() },
        ],
        newLabels,
      );
      counts.labels += newLabels.length;
    }
    progress(`${plan.dataset}: label set ${set.name}: ${set.items.length} items (${newItems.length} new)`);
  }

  const versionIds: string[] = [];
  for (const version of plan.versions) {
    const parentId = version.parent === undefined ? undefined : version.parent === null ? null : versionIds[version.parent]!;
    const found = await findOrCreateJudgeVersion(version.judge, version.spec, { tx, note: version.note, parentId });
    versionIds.push(found.version.id);
    if (found.created) counts.judgeVersions.created++;
    else counts.judgeVersions.existing++;
  }

  const byVersion = new Map<number, ImportPlan["verdicts"]>();
  for (const v of plan.verdicts) {
    const list = byVersion.get(v.version);
    if (list) list.push(v);
    else byVersion.set(v.version, [v]);
  }
  for (const [v, verdicts] of byVersion) {
    const judgeVersionId = versionIds[v]!;
    const have = new Set(
      (await tx.judgeVerdict.findMany({ where: { judgeVersionId }, select: { transcriptId: true, order: true, repeat: true } })).map(
        (r) => `${r.transcriptId}/${r.order}/${r.repeat}`,
      ),
    );
    const rows = verdicts
      .filter((p) => !have.has(`${ids[p.item]}/${p.order}/0`))
      .map((p) => [
        randomUUID(),
        judgeVersionId,
        ids[p.item]!,
        p.order,
        0,
        p.status,
        p.value,
        p.score,
        p.reason,
        p.rawResponse,
        p.error,
        now,
      ]);
    await insertRows(tx, "judge_verdicts", VERDICT_COLUMNS(provider === "postgres"), rows);
    counts.verdicts.created += rows.length;
    counts.verdicts.existing += verdicts.length - rows.length;
    counts.verdicts.errors += verdicts.filter((p) => p.status === "error").length;
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
    await recordAudit(tx, {
      actorId: null,
      action: "dataset.imported",
      targetId: plan.dataset,
      details: { dataset: plan.dataset, ...counts },
    });

  return {
    counts,
    labelSets: queues.map((q) => ({ id: q.id, name: q.name })),
    versions: plan.versions.map((v, i) => ({ id: versionIds[i]!, labelSetIds: v.labelSets.map((s) => queues[s]!.id) })),
  };
}

const VERDICT_COLUMNS = (pg: boolean): Column[] => [
  { name: "id" },
  { name: "judge_version_id" },
  { name: "transcript_id" },
  { name: "order" },
  { name: "repeat" },
  { name: "status", cast: pg ? '::"JudgeVerdictStatus"' : undefined },
  { name: "value" },
  { name: "score" },
  { name: "reason" },
  { name: "raw_response" },
  { name: "error" },
  { name: "created_at", cast: pg ? "::timestamp(3)" : undefined },
];

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

/** Writes one version's new calibrations in one commit (rather than one per calibration). */
export async function writeCalibrations(inputs: Parameters<typeof createCalibration>[0][]) {
  await db().$transaction(async (tx) => {
    for (const input of inputs) await createCalibration(input, tx);
  }, TX_OPTIONS);
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
