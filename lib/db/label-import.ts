import "server-only";
import { randomUUID } from "node:crypto";
import { UserError } from "../errors";
import { parseLabelFile, type ImportedLabel, type LabelFileFormat, type LabelSource, type ParsedLabels } from "../labeling/label-import";
import { applyValueMap, type ValueMap } from "../labeling/label-import/value-map";
import { itemKind, type ItemKind } from "../items/kinds";
import { labelValueError } from "../schemas/labeling";
import { recordAudit } from "./audit";
import { db } from "./client";
import { noticeGoldChanged } from "./judge-staleness";
import { noticeQueueCompleted } from "./webhooks";

/**
 * Existing human labels into a queue, all or nothing: the file is read whole, every label matched to
 * an item of the queue (by transcript id or external id) and checked against the queue's kind; one
 * problem and nothing is written, with every problem named by line. Reviewers who have no account
 * get one that cannot sign in (no password; their email, or `<tool user id>@imported.invalid`).
 * Labels are marked with the tool they came from (Label.importedFrom), count toward their items'
 * labels, and make a consensus gold label where every reviewer agrees, as labels made here do.
 */
export interface LabelImportResult {
  ok: boolean;
  format: LabelSource;
  errors: string[];
  notes: string[];
  labels: number;
  reviewersCreated: number;
  gold: number;
  /** Labels already stored for the same reviewer and item, left as they are (only when `existing: "skip"`). */
  existing: number;
}

const emailOf = (reviewer: string) =>
  reviewer.includes("@") ? reviewer.toLowerCase() : `${reviewer.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}@imported.invalid`;

export async function importLabels(input: {
  queue: string;
  text: string;
  format?: LabelFileFormat | "auto";
  question?: string;
  /** What the tool's values mean in the queue (Positive → pass). */
  valueMap?: ValueMap;
  /** Who imported (null: the command line). */
  actorId?: string | null;
}): Promise<LabelImportResult> {
  const parsed = parseLabelFile(input.text, input.format ?? "auto", { question: input.question });
  const map = input.valueMap;
  if (map?.size) {
    const changed = new Map<string, number>();
    parsed.labels = parsed.labels.map((l) => {
      const value = applyValueMap(map, l.value);
      if (value !== l.value) changed.set(`${l.value} → ${value}`, (changed.get(`${l.value} → ${value}`) ?? 0) + 1);
      return { ...l, value };
    });
    if (changed.size) parsed.notes.push(`values mapped: ${[...changed].map(([k, n]) => `${k} (${n})`).join(", ")}`);
  }
  return importParsedLabels({ queue: input.queue, parsed, actorId: input.actorId, existing: "error" });
}

/**
 * Labels already read (from a file, or pulled from another tool) into a queue, all or nothing.
 * `existing: "skip"` is for pulls that run again: a label the same reviewer already has on the item
 * is left as it is and counted, never duplicated; a different value is reported, not overwritten.
 */
export async function importParsedLabels(input: {
  queue: string;
  parsed: ParsedLabels;
  actorId?: string | null;
  existing: "error" | "skip";
}): Promise<LabelImportResult> {
  const parsed = input.parsed;
  const result: LabelImportResult = {
    ok: false,
    format: parsed.format,
    errors: [...parsed.errors],
    notes: [...parsed.notes],
    labels: 0,
    reviewersCreated: 0,
    gold: 0,
    existing: 0,
  };
  const client = db();
  const queue = await client.labelQueue.findFirst({
    where: { OR: [{ id: input.queue }, { name: input.queue }] },
    select: { id: true, name: true, kind: true, scaleMin: true, scaleMax: true, reviewersPerItem: true, rubricVersion: true },
  });
  if (!queue) throw new UserError(`No label queue named "${input.queue}".`, 404);
  if (parsed.errors.length === 0 && parsed.labels.length === 0 && input.existing === "error")
    result.errors.push("the file has no labels to import");

  const keys = [...new Set(parsed.labels.map((l) => l.item))];
  const items = keys.length
    ? await client.queueItem.findMany({
        where: { queueId: queue.id, OR: [{ transcriptId: { in: keys } }, { transcript: { externalId: { in: keys } } }] },
        select: { id: true, transcriptId: true, transcript: { select: { externalId: true } } },
      })
    : [];
  const byKey = new Map<string, { id: string; transcriptId: string }[]>();
  for (const item of items) {
    for (const key of [item.transcriptId, item.transcript.externalId])
      if (key)
        byKey.set(key, [...(byKey.get(key) ?? []).filter((i) => i.id !== item.id), { id: item.id, transcriptId: item.transcriptId }]);
  }
  const emails = [...new Set(parsed.labels.map((l) => emailOf(l.reviewer)))];
  const users = emails.length ? await client.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } }) : [];
  const userIds = new Map(users.map((u) => [u.email, u.id]));
  const existing =
    items.length && users.length
      ? await client.label.findMany({
          where: { transcriptId: { in: items.map((i) => i.transcriptId) }, reviewerId: { in: users.map((u) => u.id) } },
          select: { transcriptId: true, reviewerId: true, value: true },
        })
      : [];
  const taken = new Map(existing.map((l) => [`${l.transcriptId}|${l.reviewerId}`, l.value]));
  const differing: string[] = [];

  const rows: (ImportedLabel & { email: string; queueItemId: string; transcriptId: string })[] = [];
  const seen = new Map<string, string>();
  for (const label of parsed.labels) {
    const matches = byKey.get(label.item) ?? [];
    if (matches.length === 0) {
      result.errors.push(`${label.where}: no item "${label.item}" in queue "${queue.name}" (by transcript id or external id)`);
      continue;
    }
    if (matches.length > 1) {
      result.errors.push(`${label.where}: "${label.item}" names ${matches.length} items of the queue; use the transcript id`);
      continue;
    }
    // In the queue's own spelling ("PASS" → "pass", "b" → "B", "4.0" → "4").
    const value = itemKind(queue.kind as ItemKind).normalize(label.value);
    const invalid = labelValueError(queue.kind as ItemKind, value, { min: queue.scaleMin, max: queue.scaleMax });
    if (invalid) {
      result.errors.push(`${label.where}: ${invalid} Map the tool's value with --map "${label.value}=…".`);
      continue;
    }
    const item = matches[0]!;
    const email = emailOf(label.reviewer);
    const pair = `${item.transcriptId}|${email}`;
    if (seen.has(pair)) {
      result.errors.push(`${label.where}: ${email} already labeled "${label.item}" at ${seen.get(pair)}`);
      continue;
    }
    seen.set(pair, label.where);
    const userId = userIds.get(email);
    if (userId && taken.has(`${item.transcriptId}|${userId}`)) {
      if (input.existing === "error") result.errors.push(`${label.where}: ${email} already has a label on "${label.item}"`);
      else {
        result.existing++;
        const stored = taken.get(`${item.transcriptId}|${userId}`);
        if (stored !== value) differing.push(`${label.where}: ${email} now says "${value}" but Gavel keeps the stored "${stored}"`);
      }
      continue;
    }
    rows.push({ ...label, value, email, queueItemId: item.id, transcriptId: item.transcriptId });
  }
  if (result.errors.length > 0) return result;
  if (differing.length) result.notes.push(...differing);
  if (rows.length === 0) {
    result.ok = true;
    return result;
  }

  await client.$transaction(
    async (tx) => {
      for (const email of [...new Set(rows.map((r) => r.email))].filter((e) => !userIds.has(e))) {
        const user = await tx.user.create({ data: { email, role: "viewer" }, select: { id: true } });
        userIds.set(email, user.id);
        result.reviewersCreated++;
      }
      const now = new Date();
      await tx.label.createMany({
        data: rows.map((r) => ({
          id: randomUUID(),
          transcriptId: r.transcriptId,
          queueId: queue.id,
          reviewerId: userIds.get(r.email)!,
          value: r.value,
          timeSpentMs: r.timeSpentMs,
          rubricVersion: queue.rubricVersion,
          importedFrom: parsed.format,
          createdAt: r.createdAt ?? now,
        })),
      });
      const perItem = new Map<string, number>();
      for (const r of rows) perItem.set(r.queueItemId, (perItem.get(r.queueItemId) ?? 0) + 1);
      for (const [id, n] of perItem) await tx.queueItem.update({ where: { id }, data: { labelCount: { increment: n } } });
      const transcripts = [...new Set(rows.map((r) => r.transcriptId))];
      const [labels, gold] = await Promise.all([
        tx.label.findMany({
          where: { queueId: queue.id, rubricVersion: queue.rubricVersion, transcriptId: { in: transcripts } },
          select: { transcriptId: true, value: true },
        }),
        tx.goldLabel.findMany({
          where: { queueId: queue.id, rubricVersion: queue.rubricVersion, transcriptId: { in: transcripts } },
          select: { transcriptId: true },
        }),
      ]);
      const decided = new Set(gold.map((g) => g.transcriptId));
      const values = new Map<string, string[]>();
      for (const l of labels) values.set(l.transcriptId, [...(values.get(l.transcriptId) ?? []), l.value]);
      const consensus = [...values].filter(([id, v]) => !decided.has(id) && v.length >= queue.reviewersPerItem && new Set(v).size === 1);
      if (consensus.length) {
        await tx.goldLabel.createMany({
          data: consensus.map(([transcriptId, v]) => ({
            queueId: queue.id,
            transcriptId,
            rubricVersion: queue.rubricVersion,
            value: v[0]!,
            source: "consensus" as const,
          })),
        });
        await noticeGoldChanged(tx, queue.id, `${consensus.length} consensus gold labels from imported labels`);
      }
      result.gold = consensus.length;
      await recordAudit(tx, {
        actorId: input.actorId ?? null,
        action: "labels.imported",
        targetId: queue.id,
        details: {
          queueId: queue.id,
          format: parsed.format,
          labels: rows.length,
          items: perItem.size,
          reviewersCreated: result.reviewersCreated,
          gold: consensus.length,
        },
      });
    },
    { timeout: 120_000 },
  );
  result.labels = rows.length;
  result.ok = true;
  // Imported labels may be the set's last needed ones (queue.completed; idempotent).
  if (rows.length) await noticeQueueCompleted(queue.id);
  return result;
}
