import "server-only";
import { randomUUID } from "node:crypto";
import { databaseProvider, databaseUrl } from "../database-url";
import { UserError } from "../errors";
import type { ImportPlan } from "../real-data/plan";
import { orderKey, splitFor } from "../queues/items";
import { insertStatement, type Column } from "./bulk";
import type { Tx } from "./client";

/**
 * The units of a data set import (lib/db/import-datasets.ts): a label set with its items, gold and labels,
 * and a judge version's verdicts, each read-what-is-there then insert-what-is-missing inside the unit's
 * transaction, so a unit run again adds nothing.
 */

/** What an import wrote (created) and found already stored (existing). */
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

/**
 * Tens of thousands of rows (HANNA): one multi-row INSERT per chunk, inside the unit's transaction,
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

/** One label set with its queue items, gold labels and rater labels (one unit). */
export async function writeLabelSet(
  tx: Tx,
  input: { plan: ImportPlan; s: number; ids: string[]; hashes: string[]; raterIds: string[]; now: unknown; counts: ImportCounts },
) {
  const { plan, s, ids, hashes, raterIds, now, counts } = input;
  const set = plan.labelSets[s]!;
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
  const queueId = queue.id;
  const rubricVersion = queue.rubricVersion;
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
    (await tx.goldLabel.findMany({ where: { queueId, rubricVersion }, select: { transcriptId: true } })).map((r) => r.transcriptId),
  );
  const newGold = set.items
    .map((item, i) => ({ item, gold: set.gold[i]! }))
    .filter(({ item }) => !haveGold.has(ids[item]!))
    .map(({ item, gold }) => [
      randomUUID(),
      queueId,
      ids[item]!,
      rubricVersion,
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
      .map((l) => [randomUUID(), ids[l.item]!, queueId, raterIds[l.rater]!, l.value, l.score, rubricVersion, now, now]);
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
  return { queue, newItems: newItems.length };
}

/** A judge version's recorded verdicts that are not stored yet. */
export async function writeVerdicts(
  tx: Tx,
  judgeVersionId: string,
  verdicts: ImportPlan["verdicts"],
  ids: string[],
  now: unknown,
  counts: ImportCounts,
) {
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
  await insertRows(tx, "judge_verdicts", VERDICT_COLUMNS(pg()), rows);
  counts.verdicts.created += rows.length;
  counts.verdicts.existing += verdicts.length - rows.length;
  counts.verdicts.errors += verdicts.filter((p) => p.status === "error").length;
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
