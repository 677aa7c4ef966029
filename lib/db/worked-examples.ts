import "server-only";
import { UserError } from "../errors";
import { isItemKind, itemKind, type ItemKind } from "../items/kinds";
import { capText } from "../labeling/compact-transcript";
import { exampleRefusal, exampleToolCalls, visibleExamples, type GuidelineExamples } from "../labeling/worked-examples";
import type { WrittenExample } from "../labeling/written-examples";
import type { AddWorkedExampleInput, RemoveWorkedExampleInput } from "../schemas/worked-examples";
import { recordAudit } from "./audit";
import { hiddenFrom, type Viewer } from "./blind";
import { db, type Tx } from "./client";
import { retryOnConflict } from "./retry";
import { transcriptHash } from "./transcripts";

/**
 * Worked examples: finished (gold) items of a queue attached to a rubric version with their expected
 * label and an explanation, or examples written by hand on the new-queue form (their content kept on
 * the example: no item holds it), shown to reviewers in the guideline panel while that version is
 * current. What qualifies is decided in lib/labeling/worked-examples.ts; adding and removing are
 * audited in the same transaction (ids and values only: the explanation stays out of the log).
 * Blindness follows content: an example is shown to nobody who still has its content to label.
 */

/** Enough of each text for a compact panel; the full item is on the gold page for those who may see it. */
const PANEL_TEXT = 1_500;
/** A guideline panel, not a data set. */
const PANEL_EXAMPLES = 30;

export async function addWorkedExample(actorId: string, input: AddWorkedExampleInput) {
  return retryOnConflict(
    () =>
      db().$transaction(async (tx) => {
        const queue = await tx.labelQueue.findUnique({
          where: { id: input.queueId },
          select: { id: true, name: true, rubricVersion: true, reviewersPerItem: true },
        });
        if (!queue) throw new UserError("No such label queue.", 404);
        const items = await tx.queueItem.findMany({
          where: { queueId: queue.id, OR: [{ transcriptId: input.item }, { transcript: { externalId: input.item } }] },
          select: { id: true, transcriptId: true, labelCount: true, split: true },
          take: 2,
        });
        if (items.length === 0)
          throw new UserError(`No item "${input.item}" in this queue (by transcript id or external id).`, 404, "item");
        if (items.length > 1)
          throw new UserError(`"${input.item}" names more than one item of this queue: use its transcript id.`, 422, "item");
        const item = items[0]!;
        const [gold, elsewhere, attached] = await Promise.all([
          tx.goldLabel.findUnique({
            where: {
              queueId_transcriptId_rubricVersion: {
                queueId: queue.id,
                transcriptId: item.transcriptId,
                rubricVersion: queue.rubricVersion,
              },
            },
            select: { value: true },
          }),
          tx.queueItem.findMany({
            where: { transcriptId: item.transcriptId, queueId: { not: queue.id } },
            select: { labelCount: true, queue: { select: { name: true, reviewersPerItem: true, archivedAt: true } } },
          }),
          tx.workedExample.findUnique({
            where: { queueId_rubricVersion_queueItemId: { queueId: queue.id, rubricVersion: queue.rubricVersion, queueItemId: item.id } },
            select: { id: true },
          }),
        ]);
        const refusal = exampleRefusal(
          {
            split: item.split,
            gold: gold?.value ?? null,
            labelCount: item.labelCount,
            reviewersPerItem: queue.reviewersPerItem,
            openElsewhere: elsewhere.filter((o) => o.labelCount < o.queue.reviewersPerItem && !o.queue.archivedAt).map((o) => o.queue.name),
            attached: attached !== null,
          },
          queue.rubricVersion,
        );
        if (refusal) throw new UserError(refusal, 409, "item");
        const example = await tx.workedExample.create({
          data: {
            queueId: queue.id,
            rubricVersion: queue.rubricVersion,
            queueItemId: item.id,
            expectedValue: gold!.value,
            explanation: input.explanation,
            createdById: actorId,
          },
          select: { id: true, rubricVersion: true, expectedValue: true },
        });
        await recordExampleAdded(tx, actorId, queue.id, example.id, {
          queueItemId: item.id,
          transcriptId: item.transcriptId,
          rubricVersion: example.rubricVersion,
          expectedValue: example.expectedValue,
        });
        return example;
      }),
    2,
  );
}

/** One audit event for an added example, picked from the queue or written on the form: `details` says which. */
async function recordExampleAdded(tx: Tx, actorId: string | null, queueId: string, exampleId: string, details: Record<string, unknown>) {
  await recordAudit(tx, { actorId, action: "example.added", targetId: queueId, details: { queueId, exampleId, ...details } });
}

/**
 * The examples written on the new-queue form, stored with the queue in the caller's transaction (so a
 * refused queue leaves none behind). Each is hashed as the transcript it would be (transcriptHash, the
 * queue's own identity rule), so the panel can tell when a reviewer has the same content to label.
 */
export async function addWrittenExamples(
  tx: Tx,
  queue: { id: string; kind: ItemKind; rubricVersion: number },
  examples: readonly WrittenExample[],
  actorId: string | null,
): Promise<number> {
  for (const example of examples) {
    const contentHash = transcriptHash({
      source: "written",
      kind: queue.kind,
      taskPrompt: example.taskPrompt,
      finalOutput: example.finalOutput ?? undefined,
      content: example.content,
    });
    const row = await tx.workedExample.create({
      data: {
        queueId: queue.id,
        rubricVersion: queue.rubricVersion,
        expectedValue: example.expectedValue,
        explanation: example.explanation,
        taskPrompt: example.taskPrompt,
        finalOutput: example.finalOutput,
        content: example.content as object,
        contentHash,
        createdById: actorId,
      },
      select: { id: true },
    });
    await recordExampleAdded(tx, actorId, queue.id, row.id, {
      written: true,
      contentHash,
      rubricVersion: queue.rubricVersion,
      expectedValue: example.expectedValue,
    });
  }
  return examples.length;
}

export async function removeWorkedExample(actorId: string, input: RemoveWorkedExampleInput): Promise<void> {
  await db().$transaction(async (tx) => {
    const example = await tx.workedExample.findFirst({
      where: { id: input.exampleId, queueId: input.queueId },
      select: {
        id: true,
        queueId: true,
        queueItemId: true,
        rubricVersion: true,
        expectedValue: true,
        queueItem: { select: { transcriptId: true } },
      },
    });
    if (!example) throw new UserError("No such worked example in this queue.", 404);
    await tx.workedExample.delete({ where: { id: example.id } });
    await recordAudit(tx, {
      actorId,
      action: "example.removed",
      targetId: example.queueId,
      details: {
        queueId: example.queueId,
        exampleId: example.id,
        queueItemId: example.queueItemId,
        transcriptId: example.queueItem?.transcriptId ?? null,
        rubricVersion: example.rubricVersion,
        expectedValue: example.expectedValue,
      },
    });
  });
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The worked examples of the queue's current rubric version a reviewer may see beside an item: never
 * the item on screen, never an item that is open again (lib/labeling/worked-examples.ts), and, checked
 * now rather than when it was attached, never one whose content the viewer still has to label in any
 * queue (lib/db/blind.ts: the same content is the same transcript, by content hash). Those are counted,
 * not described.
 */
export async function guidelineExamples(
  queue: { id: string; kind: string; rubricVersion: number; reviewersPerItem: number },
  currentTranscriptId: string | null,
  viewer: Viewer,
): Promise<GuidelineExamples> {
  const pairwise = isItemKind(queue.kind) && itemKind(queue.kind).outputs === 2;
  const rows = await db().workedExample.findMany({
    where: { queueId: queue.id, rubricVersion: queue.rubricVersion },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: PANEL_EXAMPLES,
    select: {
      id: true,
      expectedValue: true,
      explanation: true,
      taskPrompt: true,
      finalOutput: true,
      content: true,
      contentHash: true,
      queueItem: {
        select: {
          transcriptId: true,
          labelCount: true,
          // The content for its tool calls (and a pairwise item's outputs A and B).
          transcript: { select: { taskPrompt: true, finalOutput: true, content: true, contentHash: true } },
        },
      },
    },
  });
  const flat = rows.map((r) =>
    r.queueItem
      ? {
          id: r.id,
          expectedValue: r.expectedValue,
          explanation: r.explanation,
          transcriptId: r.queueItem.transcriptId,
          labelCount: r.queueItem.labelCount,
          contentHash: r.queueItem.transcript.contentHash,
          shown: r.queueItem.transcript,
        }
      : {
          id: r.id,
          expectedValue: r.expectedValue,
          explanation: r.explanation,
          // Written: no item to reopen.
          transcriptId: null,
          labelCount: Infinity,
          contentHash: r.contentHash,
          shown: { taskPrompt: r.taskPrompt ?? "", finalOutput: r.finalOutput, content: r.content },
        },
  );
  const pending = await pendingContent(
    viewer,
    flat.map((r) => r.contentHash),
    currentTranscriptId,
  );
  const visible = visibleExamples(flat, queue.reviewersPerItem, currentTranscriptId).filter(
    (r) => r.contentHash === null || r.contentHash !== pending.current,
  );
  const shown = visible.filter((r) => r.contentHash === null || !pending.hashes.has(r.contentHash));
  return {
    hiddenPending: visible.length - shown.length,
    examples: shown.map((r) => {
      const t = r.shown as { taskPrompt: string; finalOutput: string | null; content?: unknown };
      const outputs = record(record(t.content).outputs);
      const tools = exampleToolCalls(t.content);
      return {
        id: r.id,
        expectedValue: r.expectedValue,
        explanation: r.explanation,
        taskPrompt: capText(t.taskPrompt, PANEL_TEXT),
        finalOutput: t.finalOutput === null ? null : capText(t.finalOutput, PANEL_TEXT),
        outputs:
          pairwise && ("a" in outputs || "b" in outputs) ? { a: capText(outputs.a, PANEL_TEXT), b: capText(outputs.b, PANEL_TEXT) } : null,
        toolCalls: tools.calls,
        moreToolCalls: tools.more,
      };
    }),
  };
}

/**
 * Of these content hashes, those the viewer still has to label somewhere (hiddenFrom: an open slot,
 * their claim or their skip, in a queue they may label), and the hash of the item on screen.
 */
async function pendingContent(
  viewer: Viewer,
  hashes: (string | null)[],
  currentTranscriptId: string | null,
): Promise<{ hashes: Set<string>; current: string | null }> {
  const wanted = [...new Set(hashes.filter((h): h is string => h !== null))];
  if (wanted.length === 0) return { hashes: new Set(), current: null };
  const same = await db().transcript.findMany({ where: { contentHash: { in: wanted } }, select: { id: true, contentHash: true } });
  const hidden = await hiddenFrom(
    viewer,
    same.map((t) => t.id),
  );
  return {
    hashes: new Set(same.filter((t) => hidden.has(t.id)).map((t) => t.contentHash)),
    current: same.find((t) => t.id === currentTranscriptId)?.contentHash ?? null,
  };
}

export interface WorkedExampleRow {
  id: string;
  rubricVersion: number;
  /** null for an example written on the new-queue form. */
  transcriptId: string | null;
  /** The item's external id or transcript id, or "written". */
  itemKey: string;
  expectedValue: string;
  explanation: string;
  createdBy: string | null;
  createdAt: Date;
}

/** Every worked example of the queue, newest version first, for the rubric page (queue managers). */
export async function listWorkedExamples(queueId: string): Promise<WorkedExampleRow[]> {
  const rows = await db().workedExample.findMany({
    where: { queueId },
    orderBy: [{ rubricVersion: "desc" }, { createdAt: "asc" }, { id: "asc" }],
    take: 1_000,
    select: {
      id: true,
      rubricVersion: true,
      expectedValue: true,
      explanation: true,
      createdAt: true,
      createdBy: { select: { email: true } },
      queueItem: { select: { transcriptId: true, transcript: { select: { externalId: true } } } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    rubricVersion: r.rubricVersion,
    transcriptId: r.queueItem?.transcriptId ?? null,
    itemKey: r.queueItem ? (r.queueItem.transcript.externalId ?? r.queueItem.transcriptId) : "written",
    expectedValue: r.expectedValue,
    explanation: r.explanation,
    createdBy: r.createdBy?.email ?? null,
    createdAt: r.createdAt,
  }));
}

/** Transcripts of the queue that are worked examples of this rubric version (the gold page marks them). */
export async function exampleTranscriptIds(queueId: string, rubricVersion: number): Promise<Set<string>> {
  const rows = await db().workedExample.findMany({
    where: { queueId, rubricVersion },
    select: { queueItem: { select: { transcriptId: true } } },
  });
  return new Set(rows.flatMap((r) => (r.queueItem ? [r.queueItem.transcriptId] : [])));
}
