import "server-only";
import { UserError } from "../errors";
import { itemKind } from "../items/kinds";
import { allowedValues } from "../labeling/agreement";
import { dimensionAgreement, settleDimensions } from "../labeling/dimension-settle";
import { readExtraDimensions } from "../schemas/dimensions";
import { recordAudit } from "./audit";
import { findQueue, shapeOf, type QueueSummary } from "./agreement";
import { db, Prisma } from "./client";
import { noticeGoldChanged } from "./judge-staleness";
import { flaggedTranscriptIds, itemThread, resolveFlags, type ItemThread } from "./labeling/comments";
import { supersedeByDecision } from "./pending-gold";
import { retryOnConflict } from "./retry";

/**
 * Adjudication: items whose reviewers disagree get their gold label from an adjudicator (an admin
 * or a user flagged isAdjudicator). Gold is versioned by the queue's rubric version: a decision is
 * made under the current rubric and never touches gold of an earlier one.
 */
export interface AdjudicationItem {
  transcriptId: string;
  /** Why it is here: reviewers disagree, someone flagged it, or both. */
  disagreement: boolean;
  /** Comments and flags, all of them (the adjudicator is not blind). */
  thread: ItemThread;
  split: "dev" | "test";
  transcript: {
    id: string;
    externalId: string | null;
    kind: string;
    taskPrompt: string;
    rubric: string | null;
    criterion: string | null;
    finalOutput: string | null;
    content: unknown;
  };
  labels: {
    reviewerEmail: string;
    reviewerName: string | null;
    value: string;
    score: number | null;
    reason: string | null;
    /** The label's further dimensions as stored ({ name: value }). */
    dimensions: unknown;
    timeSpentMs: number | null;
    judgeSeen: boolean;
  }[];
}

/**
 * Items that need a decision: labeled by at least reviewersPerItem reviewers at the current rubric
 * version, not all with the same value, and without a gold label at that version.
 */
export async function openDisagreementIds(queue: QueueSummary): Promise<string[]> {
  const [labels, gold] = await Promise.all([
    db().label.findMany({ where: { queueId: queue.id, rubricVersion: queue.rubricVersion }, select: { transcriptId: true, value: true } }),
    db().goldLabel.findMany({ where: { queueId: queue.id, rubricVersion: queue.rubricVersion }, select: { transcriptId: true } }),
  ]);
  const decided = new Set(gold.map((g) => g.transcriptId));
  const values = new Map<string, string[]>();
  for (const label of labels) values.set(label.transcriptId, [...(values.get(label.transcriptId) ?? []), label.value]);
  return [...values.entries()]
    .filter(([id, v]) => !decided.has(id) && v.length >= queue.reviewersPerItem && new Set(v).size > 1)
    .map(([id]) => id);
}

/**
 * The first `limit` open items of {@link openDisagreementIds} in the queue's stable order, with
 * transcripts and every reviewer's label, and how many are open in all. The limit keeps a page with
 * thousands of disagreements (and multi-megabyte transcripts) light: decide these, then reload.
 */
export async function listAdjudicationItems(
  queue: QueueSummary,
  options: { limit?: number; viewerId?: string; only?: string } = {},
): Promise<{ items: AdjudicationItem[]; total: number }> {
  const [disagreements, flagged] = await Promise.all([openDisagreementIds(queue), flaggedTranscriptIds(queue.id)]);
  const disagreeing = new Set(disagreements);
  // One item opened from the item browser: shown whether or not it is open for a decision.
  const open = options.only !== undefined ? [options.only] : [...new Set([...disagreements, ...flagged])];
  if (open.length === 0) return { items: [], total: 0 };
  const items = await db().queueItem.findMany({
    where: { queueId: queue.id, transcriptId: { in: open } },
    orderBy: [{ orderKey: "asc" }, { id: "asc" }],
    take: options.limit ?? 50,
    select: {
      id: true,
      transcriptId: true,
      split: true,
      transcript: {
        select: {
          id: true,
          externalId: true,
          kind: true,
          taskPrompt: true,
          rubric: true,
          criterion: true,
          finalOutput: true,
          content: true,
          labels: {
            where: { queueId: queue.id, rubricVersion: queue.rubricVersion },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: {
              value: true,
              score: true,
              reason: true,
              dimensions: true,
              timeSpentMs: true,
              judgeSeen: true,
              reviewer: { select: { email: true, name: true } },
            },
          },
        },
      },
    },
  });
  const threads = await Promise.all(items.map((i) => itemThread(i.id, options.viewerId ?? "", "adjudicator")));
  return {
    total: open.length,
    items: items.map(({ id: _id, transcriptId, split, transcript: { labels: itemLabels, ...transcript } }, index) => ({
      transcriptId,
      disagreement: disagreeing.has(transcriptId),
      thread: threads[index]!,
      split,
      transcript,
      labels: itemLabels.map(({ reviewer, ...label }) => ({ ...label, reviewerEmail: reviewer.email, reviewerName: reviewer.name })),
    })),
  };
}

export interface Decision {
  queueId: string;
  transcriptId: string;
  value: string;
  note?: string | null;
  adjudicatorId: string;
  /** The adjudicator's value (JSON text of one the reviewers gave) for each dimension they disagree on. */
  dimensions?: Record<string, string>;
}

/**
 * Writes the item's gold label at the queue's current rubric version (source adjudication),
 * replacing any gold label already there for that version, and records who decided what in the
 * audit log: one transaction, so a refused decision leaves nothing behind.
 *
 * @throws UserError 404 for an unknown queue or an item that is not in it; 422 for a value the
 *   queue's kind does not allow.
 */
export async function decide(decision: Decision) {
  const attempt = () =>
    db().$transaction(async (tx) => {
      const queue = await findQueue(decision.queueId, tx);
      if (!queue) throw new UserError("No such label queue.", 404);
      const item = await tx.queueItem.findUnique({
        where: { queueId_transcriptId: { queueId: queue.id, transcriptId: decision.transcriptId } },
        select: { id: true },
      });
      if (!item)
        throw new UserError(`Transcript ${decision.transcriptId} is not an item of the queue "${queue.name}".`, 404, "transcriptId");
      const allowed = allowedValues(shapeOf(queue));
      if (!allowed.includes(decision.value)) {
        throw new UserError(`"${decision.value}" is not a ${queue.kind} label: choose one of ${allowed.join(", ")}.`, 422, "value");
      }
      const key = { queueId: queue.id, transcriptId: decision.transcriptId, rubricVersion: queue.rubricVersion };
      const labels = await tx.label.findMany({ where: key, select: { dimensions: true } });
      const settled = settleDimensions(
        dimensionAgreement(
          readExtraDimensions(queue.dimensions),
          labels.map((l) => l.dimensions),
        ),
        decision.dimensions,
      );
      if (!settled.ok) throw new UserError(settled.error, 422, `dimensions.${settled.dimension}`);
      const previous = await tx.goldLabel.findUnique({
        where: { queueId_transcriptId_rubricVersion: key },
        select: { value: true, source: true },
      });
      const data = {
        value: decision.value,
        score: itemKind(queue.kind).labelScore(decision.value),
        source: "adjudication" as const,
        decidedById: decision.adjudicatorId,
        note: decision.note?.trim() || null,
        dimensions: Object.keys(settled.values).length ? settled.values : Prisma.DbNull,
      };
      const gold = await tx.goldLabel.upsert({
        where: { queueId_transcriptId_rubricVersion: key },
        create: { ...key, ...data },
        update: data,
      });
      // A decision answers the item's flags too: it leaves the adjudicator's list; and it settles a held gold change on it.
      await resolveFlags(tx, item.id, decision.adjudicatorId);
      await supersedeByDecision(tx, key, decision.adjudicatorId);
      await recordAudit(tx, {
        actorId: decision.adjudicatorId,
        action: "gold.adjudicated",
        targetType: "transcript",
        targetId: decision.transcriptId,
        details: {
          queue: queue.name,
          queueId: queue.id,
          rubricVersion: queue.rubricVersion,
          value: gold.value,
          dimensions: settled.values,
          note: gold.note,
          previous,
        },
      });
      // A judge approved on this label set is measured against gold that just changed: it goes stale now.
      if (previous?.value !== gold.value) await noticeGoldChanged(tx, queue.id, `an adjudication of ${decision.transcriptId}`);
      return { gold, queue, previous };
    });
  // Two adjudicators deciding the same item at once: the loser's insert hits the unique key; its
  // second try finds the first decision and replaces it, as a later decision would.
  return retryOnConflict(attempt, 2);
}
