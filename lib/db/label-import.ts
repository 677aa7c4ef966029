import "server-only";
import { randomUUID } from "node:crypto";
import { UserError } from "../errors";
import { parseLabelFile, type ImportedLabel, type LabelFileFormat } from "../labeling/label-import";
import { itemKind, type ItemKind } from "../items/kinds";
import { labelValueError } from "../schemas/labeling";
import { recordAudit } from "./audit";
import { db } from "./client";
import { noticeGoldChanged } from "./judge-staleness";

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
  format: LabelFileFormat;
  errors: string[];
  notes: string[];
  labels: number;
  reviewersCreated: number;
  gold: number;
}

const emailOf = (reviewer: string) =>
  reviewer.includes("@") ? reviewer.toLowerCase() : `${reviewer.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}@imported.invalid`;

export async function importLabels(input: {
  queue: string;
  text: string;
  format?: LabelFileFormat | "auto";
  question?: string;
  /** Who imported (null: the command line). */
  actorId?: string | null;
}): Promise<LabelImportResult> {
  const parsed = parseLabelFile(input.text, input.format ?? "auto", { question: input.question });
  const result: LabelImportResult = {
    ok: false,
    format: parsed.format,
    errors: [...parsed.errors],
    notes: parsed.notes,
    labels: 0,
    reviewersCreated: 0,
    gold: 0,
  };
  const client = db();
  const queue = await client.labelQueue.findFirst({
    where: { OR: [{ id: input.queue }, { name: input.queue }] },
    select: { id: true, name: true, kind: true, scaleMin: true, scaleMax: true, reviewersPerItem: true, rubricVersion: true },
  });
  if (!queue) throw new UserError(`No label queue named "${input.queue}".`, 404);
  if (parsed.errors.length === 0 && parsed.labels.length === 0) result.errors.push("the file has no labels to import");

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
          select: { transcriptId: true, reviewerId: true },
        })
      : [];
  const taken = new Set(existing.map((l) => `${l.transcriptId}|${l.reviewerId}`));

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
      result.errors.push(`${label.where}: ${invalid}`);
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
      result.errors.push(`${label.where}: ${email} already has a label on "${label.item}"`);
      continue;
    }
    rows.push({ ...label, value, email, queueItemId: item.id, transcriptId: item.transcriptId });
  }
  if (result.errors.length > 0) return result;

  await client.$transaction(
    async (tx) => {
      for (const email of emails.filter((e) => !userIds.has(e))) {
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
  return result;
}
