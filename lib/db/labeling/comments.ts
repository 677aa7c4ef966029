import "server-only";
import { UserError } from "../../errors";
import type { CommentInput, FlagInput, FlagKind } from "../../schemas/labeling";
import { recordAudit } from "../audit";
import { db, type Tx } from "../client";

/**
 * Comments and flags on queue items. Blind review holds: a reviewer sees only their own comments
 * and flags on an item until they have labeled it in this queue; then the whole thread. The
 * adjudicator's view shows everything. An open flag puts its item in front of adjudicators until
 * an adjudication (or resolving the flags) closes it.
 */
export interface ThreadComment {
  id: string;
  author: string;
  body: string;
  createdAt: Date;
  mine: boolean;
}
export interface ThreadFlag {
  kind: FlagKind;
  reviewer: string;
  mine: boolean;
  resolved: boolean;
}
export interface ItemThread {
  comments: ThreadComment[];
  flags: ThreadFlag[];
  /** "all" when the viewer may see others' comments and flags; "own" while they are still blind. */
  visible: "all" | "own";
}

async function itemInQueue(queueId: string, queueItemId: string) {
  const item = await db().queueItem.findFirst({
    where: { id: queueItemId, queueId },
    select: { id: true, transcriptId: true, queueId: true },
  });
  if (!item) throw new UserError("No such item in this queue.", 404);
  return item;
}

/** The comment and its audit event (ids only: the body is the reviewer's words) in one transaction. */
export async function addComment(authorId: string, input: CommentInput): Promise<void> {
  const item = await itemInQueue(input.queueId, input.queueItemId);
  await db().$transaction(async (tx) => {
    const comment = await tx.itemComment.create({ data: { queueItemId: item.id, authorId, body: input.body }, select: { id: true } });
    await recordAudit(tx, {
      actorId: authorId,
      action: "item.commented",
      targetId: item.transcriptId,
      details: { queueId: item.queueId, queueItemId: item.id, commentId: comment.id },
    });
  });
}

/**
 * Sets or clears one of the reviewer's own flags; flagging again reopens a resolved flag. Audited in
 * the same transaction; clearing a flag that was not set changes nothing and records nothing.
 */
export async function setFlag(reviewerId: string, input: FlagInput): Promise<void> {
  const item = await itemInQueue(input.queueId, input.queueItemId);
  const key = { queueItemId_reviewerId_kind: { queueItemId: item.id, reviewerId, kind: input.kind } };
  await db().$transaction(async (tx) => {
    if (input.on)
      await tx.itemFlag.upsert({
        where: key,
        create: { queueItemId: item.id, reviewerId, kind: input.kind },
        update: { resolvedAt: null, resolvedById: null, createdAt: new Date() },
      });
    else {
      const { count } = await tx.itemFlag.deleteMany({ where: { queueItemId: item.id, reviewerId, kind: input.kind, resolvedAt: null } });
      if (count === 0) return;
    }
    await recordAudit(tx, {
      actorId: reviewerId,
      action: input.on ? "item.flagged" : "item.unflagged",
      targetId: item.transcriptId,
      details: { queueId: item.queueId, queueItemId: item.id, kind: input.kind },
    });
  });
}

/** The thread as this viewer may see it; as "adjudicator" only from the adjudication page (its role checked there). */
export async function itemThread(queueItemId: string, viewerId: string, as: "reviewer" | "adjudicator"): Promise<ItemThread> {
  const client = db();
  const item = await client.queueItem.findUnique({
    where: { id: queueItemId },
    select: { transcriptId: true, queueId: true, queue: { select: { rubricVersion: true } } },
  });
  if (!item) return { comments: [], flags: [], visible: "own" };
  const labeled =
    as === "adjudicator" ||
    (await client.label.count({
      where: { transcriptId: item.transcriptId, reviewerId: viewerId, queueId: item.queueId, rubricVersion: item.queue.rubricVersion },
    })) > 0;
  const own = labeled ? {} : { authorId: viewerId };
  const [comments, flags] = await Promise.all([
    client.itemComment.findMany({
      where: { queueItemId, ...own },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, body: true, createdAt: true, authorId: true, author: { select: { email: true, name: true } } },
    }),
    client.itemFlag.findMany({
      where: { queueItemId, ...(labeled ? {} : { reviewerId: viewerId }) },
      orderBy: [{ createdAt: "asc" }],
      select: { kind: true, reviewerId: true, resolvedAt: true, reviewer: { select: { email: true, name: true } } },
    }),
  ]);
  return {
    visible: labeled ? "all" : "own",
    comments: comments.map((c) => ({
      id: c.id,
      author: c.author.name ?? c.author.email,
      body: c.body,
      createdAt: c.createdAt,
      mine: c.authorId === viewerId,
    })),
    flags: flags.map((f) => ({
      kind: f.kind,
      reviewer: f.reviewer.name ?? f.reviewer.email,
      mine: f.reviewerId === viewerId,
      resolved: f.resolvedAt !== null,
    })),
  };
}

/** Transcripts of the queue with an open flag: they join the adjudicator's list. */
export async function flaggedTranscriptIds(queueId: string): Promise<string[]> {
  const rows = await db().itemFlag.findMany({
    where: { resolvedAt: null, queueItem: { queueId } },
    select: { queueItem: { select: { transcriptId: true } } },
  });
  return [...new Set(rows.map((r) => r.queueItem.transcriptId))];
}

/** Closes the item's open flags (an adjudicator decided it, or looked and found nothing to decide). */
export async function resolveFlags(tx: Tx, queueItemId: string, adjudicatorId: string): Promise<number> {
  const { count } = await tx.itemFlag.updateMany({
    where: { queueItemId, resolvedAt: null },
    data: { resolvedAt: new Date(), resolvedById: adjudicatorId },
  });
  return count;
}

/** The thread of a transcript's item in a queue (the reviewer's last labeled item), or null. */
export async function threadForTranscript(queueId: string, transcriptId: string, viewerId: string): Promise<ItemThread | null> {
  const item = await db().queueItem.findUnique({ where: { queueId_transcriptId: { queueId, transcriptId } }, select: { id: true } });
  return item ? itemThread(item.id, viewerId, "reviewer") : null;
}

/** Dates as strings, for a client component. */
export function serializeThread(thread: ItemThread) {
  return { ...thread, comments: thread.comments.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })) };
}
