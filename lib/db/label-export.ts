import "server-only";
import type { ExportLayout, ExportRow } from "../labeling/export";
import { readExtraDimensions, type DimensionValue } from "../schemas/dimensions";
import { recordAudit } from "./audit";
import { db } from "./client";
import type { ItemKind } from "../items/kinds";

/**
 * Every label of a queue as export rows, in the queue's item order, then by when it was given.
 * Each label is paired with the item's gold label made under the same rubric version as the label.
 * `rubricVersion` narrows the export to one version ("current" for the queue's own).
 */
export async function loadLabelExport(
  queueIdOrName: string,
  options: {
    rubricVersion?: number | "current";
    /** Add each label's full transcript content. */
    transcript?: boolean;
    /** Who exported it, for the audit log (every export is one event). */ audit?: { actorId: string | null; format: string; via: string };
  } = {},
) {
  const queue = await db().labelQueue.findFirst({
    where: { OR: [{ id: queueIdOrName }, { name: queueIdOrName }] },
    select: { id: true, name: true, rubricVersion: true, dimensions: true },
  });
  if (!queue) return null;
  const version = options.rubricVersion === "current" ? queue.rubricVersion : options.rubricVersion;
  const [items, labels, gold] = await Promise.all([
    db().queueItem.findMany({ where: { queueId: queue.id }, select: { transcriptId: true, split: true, orderKey: true } }),
    db().label.findMany({
      where: { queueId: queue.id, rubricVersion: version },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        transcriptId: true,
        value: true,
        score: true,
        reason: true,
        timeSpentMs: true,
        judgeSeen: true,
        rubricVersion: true,
        createdAt: true,
        importedFrom: true,
        reviewer: { select: { email: true } },
        dimensions: true,
        transcript: {
          select: { externalId: true, taskPrompt: true, finalOutput: true, ...(options.transcript ? { content: true } : {}) },
        },
      },
    }),
    db().goldLabel.findMany({
      where: { queueId: queue.id, rubricVersion: version },
      select: { transcriptId: true, rubricVersion: true, value: true, source: true },
    }),
  ]);
  const itemOf = new Map(items.map((i) => [i.transcriptId, i]));
  const goldOf = new Map(gold.map((g) => [`${g.transcriptId}/${g.rubricVersion}`, g]));
  const position = (id: string) => itemOf.get(id)?.orderKey ?? "\uffff";
  const sorted = [...labels].sort((a, b) =>
    position(a.transcriptId) < position(b.transcriptId) ? -1 : position(a.transcriptId) > position(b.transcriptId) ? 1 : 0,
  );
  const rows: ExportRow[] = sorted.map((label) => {
    const g = goldOf.get(`${label.transcriptId}/${label.rubricVersion}`);
    return {
      queue: queue.name,
      transcript_id: label.transcriptId,
      external_id: label.transcript.externalId,
      split: itemOf.get(label.transcriptId)?.split ?? null,
      reviewer_email: label.reviewer.email,
      value: label.value,
      score: label.score,
      reason: label.reason,
      time_spent_ms: label.timeSpentMs,
      judge_seen: label.judgeSeen,
      rubric_version: label.rubricVersion,
      labeled_at: label.createdAt.toISOString(),
      imported_from: label.importedFrom,
      gold_value: g?.value ?? null,
      gold_source: g?.source ?? null,
      has_gold: Boolean(g),
      matches_gold: g ? g.value === label.value : null,
      task_prompt: label.transcript.taskPrompt,
      final_output: label.transcript.finalOutput,
      dimensions: (label.dimensions as Record<string, DimensionValue> | null) ?? null,
      ...(options.transcript ? { transcript: (label.transcript as { content?: unknown }).content ?? null } : {}),
    };
  });
  if (options.audit) {
    await recordAudit(db(), {
      actorId: options.audit.actorId,
      action: "labels.exported",
      targetId: queue.id,
      details: {
        queue: queue.name,
        queueId: queue.id,
        format: options.audit.format,
        rows: rows.length,
        rubricVersion: options.rubricVersion ?? "all",
        via: options.audit.via,
        ...(options.transcript ? { transcript: true } : {}),
      },
    });
  }
  const layout: ExportLayout = {
    dimensions: readExtraDimensions(queue.dimensions).map((d) => d.name),
    transcript: Boolean(options.transcript),
  };
  return { queue, rows, layout };
}

/**
 * A queue's items, in queue order, with what another labeling tool needs to show them (the task,
 * the output and the conversation): the Label Studio and Argilla exports. Null when no such queue.
 */
export async function loadQueueItemsForTools(queueIdOrName: string, audit: { actorId: string | null; format: string; via: string }) {
  const queue = await db().labelQueue.findFirst({
    where: { OR: [{ id: queueIdOrName }, { name: queueIdOrName }] },
    select: { id: true, name: true, kind: true, rubric: true, scaleMin: true, scaleMax: true },
  });
  if (!queue) return null;
  const rows = await db().queueItem.findMany({
    where: { queueId: queue.id },
    orderBy: [{ orderKey: "asc" }, { id: "asc" }],
    select: { transcript: { select: { id: true, externalId: true, taskPrompt: true, finalOutput: true, content: true } } },
  });
  await recordAudit(db(), {
    actorId: audit.actorId,
    action: "labels.exported",
    targetId: queue.id,
    details: { queue: queue.name, queueId: queue.id, format: audit.format, items: rows.length, via: audit.via },
  });
  return {
    queue: { ...queue, kind: queue.kind as ItemKind },
    items: rows.map(({ transcript: t }) => ({
      transcriptId: t.id,
      externalId: t.externalId,
      taskPrompt: t.taskPrompt,
      finalOutput: t.finalOutput,
      content: t.content,
    })),
  };
}
