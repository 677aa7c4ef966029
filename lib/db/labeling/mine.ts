import "server-only";
import { UserError } from "../../errors";
import { editBlocked } from "../../labeling/my-labels";
import { labelValueError, type QueueKind } from "../../schemas/labeling";
import type { EditLabelInput, UnskipInput } from "../../schemas/my-labels";
import { recordAudit } from "../audit";
import { db, type Prisma, type Tx } from "../client";
import { settleItemGold } from "../pending-gold";
import { retryOnConflict } from "../retry";

/**
 * "My labels": a reviewer's own labels and skips, and the two things they may do with them — change
 * an earlier label (each change kept in LabelEdit) and take back a skip. Everything here is the
 * reviewer's own: no other reviewer's label, no gold value, no judge verdict is read out, so the
 * page stays as blind as the labeling page (a label's "decided" state says only that it is closed).
 */
export interface MyLabelRow {
  labelId: string;
  queueId: string | null;
  queueName: string | null;
  transcriptId: string;
  itemKey: string;
  value: string;
  reason: string | null;
  createdAt: Date;
  edits: number;
  /** Why it can no longer be changed, or null. */
  blocked: string | null;
}

const PAGE = 50;

/** A keyset cursor: the last row's time and id (the page is ordered by both, newest first). */
export function cursorOf(row: { createdAt: Date; labelId: string }): string {
  return `${row.createdAt.getTime()}_${row.labelId}`;
}

function parseCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  const match = cursor ? /^(\d{1,15})_([\w-]{1,64})$/.exec(cursor) : null;
  return match ? { createdAt: new Date(Number(match[1])), id: match[2]! } : null;
}

type GoldSource = "consensus" | "adjudication" | "import";

/** Gold sources of these (queue, transcript, rubric version) triples, one query. */
async function goldSources(client: Tx | ReturnType<typeof db>, keys: { queueId: string; transcriptId: string; rubricVersion: number }[]) {
  if (keys.length === 0) return new Map<string, GoldSource>();
  const rows = await client.goldLabel.findMany({
    where: { OR: keys.map((k) => ({ queueId: k.queueId, transcriptId: k.transcriptId, rubricVersion: k.rubricVersion })) },
    select: { queueId: true, transcriptId: true, rubricVersion: true, source: true },
  });
  return new Map(rows.map((g) => [`${g.queueId}/${g.transcriptId}/${g.rubricVersion}`, g.source as GoldSource]));
}

/**
 * The reviewer's labels, newest first, PAGE at a time (keyset pagination on (createdAt, id): the
 * reviewerId+createdAt index serves it at any depth), optionally in one queue.
 */
export async function listMyLabels(
  reviewerId: string,
  options: { queueId?: string; cursor?: string } = {},
): Promise<{ rows: MyLabelRow[]; next: string | null }> {
  const after = parseCursor(options.cursor);
  const where: Prisma.LabelWhereInput = {
    reviewerId,
    ...(options.queueId ? { queueId: options.queueId } : {}),
    ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
  };
  const labels = await db().label.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE + 1,
    select: {
      id: true,
      queueId: true,
      transcriptId: true,
      value: true,
      reason: true,
      judgeSeen: true,
      rubricVersion: true,
      createdAt: true,
      queue: { select: { name: true, rubricVersion: true } },
      transcript: { select: { externalId: true } },
    },
  });
  const page = labels.slice(0, PAGE);
  const [gold, edits] = await Promise.all([
    goldSources(
      db(),
      page.flatMap((l) => (l.queueId ? [{ queueId: l.queueId, transcriptId: l.transcriptId, rubricVersion: l.rubricVersion }] : [])),
    ),
    db().labelEdit.findMany({ where: { labelId: { in: page.map((l) => l.id) } }, select: { labelId: true, createdAt: true } }),
  ]);
  const rows = page.map((l) => ({
    labelId: l.id,
    queueId: l.queueId,
    queueName: l.queue?.name ?? null,
    transcriptId: l.transcriptId,
    itemKey: l.transcript.externalId ?? l.transcriptId,
    value: l.value,
    reason: l.reason,
    createdAt: l.createdAt,
    // Edits older than the label belong to the label a new rubric version replaced.
    edits: edits.filter((e) => e.labelId === l.id && e.createdAt >= l.createdAt).length,
    blocked: editBlocked({
      inQueue: l.queue !== null,
      labelRubricVersion: l.rubricVersion,
      queueRubricVersion: l.queue?.rubricVersion ?? l.rubricVersion,
      judgeSeen: l.judgeSeen,
      gold: gold.get(`${l.queueId}/${l.transcriptId}/${l.rubricVersion}`) ?? null,
    }),
  }));
  return { rows, next: labels.length > PAGE ? cursorOf(rows[rows.length - 1]!) : null };
}

export interface MySkipRow {
  queueId: string;
  queueName: string;
  queueItemId: string;
  itemKey: string;
  skippedAt: Date;
}

/** The reviewer's skips (newest first, at most 200), optionally in one queue. */
export async function listMySkips(reviewerId: string, options: { queueId?: string } = {}): Promise<MySkipRow[]> {
  const skips = await db().labelSkip.findMany({
    where: { reviewerId, ...(options.queueId ? { queueItem: { queueId: options.queueId } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: {
      createdAt: true,
      queueItem: {
        select: { id: true, queueId: true, queue: { select: { name: true } }, transcript: { select: { id: true, externalId: true } } },
      },
    },
  });
  return skips.map((s) => ({
    queueId: s.queueItem.queueId,
    queueName: s.queueItem.queue.name,
    queueItemId: s.queueItem.id,
    itemKey: s.queueItem.transcript.externalId ?? s.queueItem.transcript.id,
    skippedAt: s.createdAt,
  }));
}

export interface MyLabelDetail {
  labelId: string;
  queue: {
    id: string;
    name: string;
    kind: QueueKind;
    rubric: string;
    rubricVersion: number;
    scaleMin: number | null;
    scaleMax: number | null;
  };
  queueItemId: string | null;
  transcriptId: string;
  itemKey: string;
  value: string;
  score: number | null;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
  blocked: string | null;
  /** Earlier values, oldest first: what the label was before each change, and what it became. */
  history: { previousValue: string; previousReason: string | null; value: string; reason: string | null; at: Date }[];
}

/**
 * A label's columns that an edit keeps (value, score, reason) and that say whether it may be edited at all
 * (editBlocked: the rubric it was made under, whether the judge was shown): the detail page and the edit read the same.
 */
const EDITABLE_LABEL_SELECT = {
  id: true,
  transcriptId: true,
  value: true,
  score: true,
  reason: true,
  judgeSeen: true,
  rubricVersion: true,
} as const;

/** One of the reviewer's own labels with its history, or null when it is not theirs (or not in a queue). */
export async function myLabel(reviewerId: string, labelId: string): Promise<MyLabelDetail | null> {
  const label = await db().label.findFirst({
    where: { id: labelId, reviewerId },
    select: {
      ...EDITABLE_LABEL_SELECT,
      queueId: true,
      createdAt: true,
      updatedAt: true,
      transcript: { select: { externalId: true } },
      queue: { select: { id: true, name: true, kind: true, rubric: true, rubricVersion: true, scaleMin: true, scaleMax: true } },
      edits: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!label?.queue) return null;
  const [item, gold] = await Promise.all([
    db().queueItem.findUnique({
      where: { queueId_transcriptId: { queueId: label.queue.id, transcriptId: label.transcriptId } },
      select: { id: true },
    }),
    goldSources(db(), [{ queueId: label.queue.id, transcriptId: label.transcriptId, rubricVersion: label.rubricVersion }]),
  ]);
  return {
    labelId: label.id,
    queue: { ...label.queue, kind: label.queue.kind as QueueKind },
    queueItemId: item?.id ?? null,
    transcriptId: label.transcriptId,
    itemKey: label.transcript.externalId ?? label.transcriptId,
    value: label.value,
    score: label.score,
    reason: label.reason,
    createdAt: label.createdAt,
    updatedAt: label.updatedAt,
    blocked: item
      ? editBlocked({
          inQueue: true,
          labelRubricVersion: label.rubricVersion,
          queueRubricVersion: label.queue.rubricVersion,
          judgeSeen: label.judgeSeen,
          gold: [...gold.values()][0] ?? null,
        })
      : "This item is no longer in the queue.",
    history: label.edits
      .filter((e) => e.createdAt >= label.createdAt)
      .map((e) => ({
        previousValue: e.previousValue,
        previousReason: e.previousReason,
        value: e.value,
        reason: e.reason,
        at: e.createdAt,
      })),
  };
}

export interface Edited {
  queueId: string;
  /** The item's consensus gold label changed (made, changed or gone): judges calibrated on it are stale. */
  goldChanged: boolean;
  /** The change would move gold a gating judge stands on: it waits for a second person (lib/db/pending-gold.ts). */
  goldChangeHeld: boolean;
}

/**
 * Changes the reviewer's own label, keeping what it was in LabelEdit. The item's row is locked first
 * (as submitLabel does), so a label arriving at the same time and this change see each other; the
 * consensus gold label is then made again from the item's current labels: made when they now all
 * agree, changed, or removed when they no longer do — unless a gating judge stands on that gold and
 * one person's change would move it: then it is held for confirmation (lib/db/pending-gold.ts). An
 * adjudicated or imported gold label closes the item (editBlocked).
 */
export async function editLabel(reviewerId: string, input: EditLabelInput, now = new Date()): Promise<Edited> {
  return retryOnConflict(() =>
    db().$transaction(async (tx) => {
      const label = await tx.label.findFirst({
        where: { id: input.labelId, reviewerId },
        select: {
          ...EDITABLE_LABEL_SELECT,
          queue: { select: { id: true, kind: true, rubricVersion: true, reviewersPerItem: true, scaleMin: true, scaleMax: true } },
        },
      });
      if (!label) throw new UserError("No such label of yours.", 404);
      const queue = label.queue;
      if (!queue) throw new UserError("This label is not in a queue.", 409);
      const valueError = labelValueError(queue.kind as QueueKind, input.value, { min: queue.scaleMin, max: queue.scaleMax });
      if (valueError) throw new UserError(valueError, 422, "value");
      const locked = await tx.queueItem.updateMany({
        where: { queueId: queue.id, transcriptId: label.transcriptId },
        data: { labelCount: { increment: 0 } },
      });
      if (locked.count === 0) throw new UserError("This item is no longer in the queue.", 409);
      const key = { queueId: queue.id, transcriptId: label.transcriptId, rubricVersion: label.rubricVersion };
      const gold = await tx.goldLabel.findUnique({
        where: { queueId_transcriptId_rubricVersion: key },
        select: { value: true, source: true },
      });
      const blocked = editBlocked({
        inQueue: true,
        labelRubricVersion: label.rubricVersion,
        queueRubricVersion: queue.rubricVersion,
        judgeSeen: label.judgeSeen,
        gold: (gold?.source as GoldSource | undefined) ?? null,
      });
      if (blocked) throw new UserError(`This label can no longer be changed: ${blocked}`, 409);
      const reason = input.reason ?? null;
      if (input.value === label.value && reason === label.reason)
        throw new UserError("That is the label as it stands: nothing changed.", 422);
      await tx.labelEdit.create({
        data: {
          labelId: label.id,
          previousValue: label.value,
          previousScore: label.score,
          previousReason: label.reason,
          value: input.value,
          score: label.score,
          reason,
          createdAt: now,
        },
      });
      await tx.label.update({ where: { id: label.id }, data: { value: input.value, reason, updatedAt: now } });
      // The consensus gold is made again from the item's labels, or held for a second person when a gating judge stands on it.
      const settled = await settleItemGold(tx, {
        ...key,
        reviewersPerItem: queue.reviewersPerItem,
        actorId: reviewerId,
        cause: "edit",
        now,
      });
      const goldChanged = settled.goldChanged;
      // Values only: the reason is the reviewer's words and stays out of the log.
      await recordAudit(tx, {
        actorId: reviewerId,
        action: "label.edited",
        targetId: label.transcriptId,
        details: {
          queueId: queue.id,
          labelId: label.id,
          rubricVersion: label.rubricVersion,
          from: label.value,
          to: input.value,
          goldChanged,
          goldChangeHeld: settled.pending,
        },
      });
      return { queueId: queue.id, goldChanged, goldChangeHeld: settled.pending };
    }),
  );
}

/** Takes back the reviewer's skip: the item is offered to them again (when it still needs labels). */
export async function unskipItem(reviewerId: string, input: UnskipInput): Promise<void> {
  const removed = await db().labelSkip.deleteMany({
    where: { reviewerId, queueItemId: input.queueItemId, queueItem: { queueId: input.queueId } },
  });
  if (removed.count === 0) throw new UserError("You have not skipped this item.", 404);
}
