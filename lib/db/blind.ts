import "server-only";
import { can, type Principal } from "../roles";
import { storedTrialToTranscript } from "../transcripts/from-trial";
import { db } from "./client";
import { recordSightings } from "./sightings";
import { transcriptHash } from "./transcripts";

/**
 * Blind review as a rule of the data layer. While a reviewer may still label an item, nothing they
 * can read gives them a judge's verdict or reason, a gold label, or other reviewers' labels for it:
 * every read of those for a person goes through `hiddenFrom`, so a page or route cannot forget.
 *
 * An item is hidden from a viewer when all of these hold:
 * - the viewer may label (labels:write) and does not adjudicate (admins and adjudicators see all;
 *   viewers cannot label, so there is nothing to keep them blind for);
 * - it is in a queue that is not archived and that the viewer may label (no assigned reviewers,
 *   or the viewer is one of them);
 * - the viewer has not labeled its transcript;
 * - the viewer could still label it: a slot is open (labels < reviewers per item), or they hold a
 *   claim or skipped it (a skip is not a label: it may be taken back).
 * Items already full or in queues the viewer may not label are not hidden: they will never label them.
 *
 * An item full or already labeled is shown, but a slot can reopen (another reviewer's undo, a new
 * rubric version): every such item a reviewer may label in some queue is recorded as sighted
 * (lib/db/sightings.ts), and a label they make on it later is stored with judge_seen = true.
 */
export interface Viewer extends Principal {
  id: string;
}

/** Admins and adjudicators decide gold and read every label; a viewer labels nothing. */
export function seesEverything(viewer: Viewer): boolean {
  return can(viewer, "labels:adjudicate") || !can(viewer, "labels:write");
}

const CHUNK = 500;

/** The transcripts among these that the viewer may not see verdicts, gold or others' labels for. */
export async function hiddenFrom(viewer: Viewer, transcriptIds: Iterable<string>): Promise<Set<string>> {
  const hidden = new Set<string>();
  const shown = new Set<string>();
  if (seesEverything(viewer)) return hidden;
  const ids = [...new Set(transcriptIds)];
  const now = new Date();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const items = await db().queueItem.findMany({
      where: {
        transcriptId: { in: ids.slice(i, i + CHUNK) },
        queue: { archivedAt: null, OR: [{ assignments: { none: {} } }, { assignments: { some: { userId: viewer.id } } }] },
      },
      select: {
        transcriptId: true,
        labelCount: true,
        transcript: { select: { labels: { where: { reviewerId: viewer.id }, select: { id: true }, take: 1 } } },
        queue: { select: { reviewersPerItem: true } },
        claims: { where: { reviewerId: viewer.id, expiresAt: { gt: now } }, select: { id: true } },
        skips: { where: { reviewerId: viewer.id }, select: { id: true } },
      },
    });
    for (const item of items) {
      const open = item.labelCount < item.queue.reviewersPerItem || item.claims.length > 0 || item.skips.length > 0;
      if (open && item.transcript.labels.length === 0) hidden.add(item.transcriptId);
      else shown.add(item.transcriptId);
    }
  }
  // An item hidden in one queue is hidden, whatever another queue says; the rest were sent to them.
  await recordSightings(
    viewer.id,
    [...shown].filter((id) => !hidden.has(id)),
    now,
  );
  return hidden;
}

export async function isHiddenFrom(viewer: Viewer, transcriptId: string): Promise<boolean> {
  return (await hiddenFrom(viewer, [transcriptId])).has(transcriptId);
}

/** Rows about transcripts, without those hidden from the viewer, and how many were left out. */
export async function withoutHidden<T extends { transcriptId: string }>(
  viewer: Viewer,
  rows: readonly T[],
): Promise<{ rows: T[]; hidden: number }> {
  const hidden = await hiddenFrom(
    viewer,
    rows.map((r) => r.transcriptId),
  );
  if (hidden.size === 0) return { rows: [...rows], hidden: 0 };
  const kept = rows.filter((r) => !hidden.has(r.transcriptId));
  return { rows: kept, hidden: rows.length - kept.length };
}

export interface HiddenTrials {
  /** Trial ids whose verdicts, reasons and scores the viewer may not see. */
  trials: Set<string>;
  /** The tasks those trials belong to, by id and by key: a task's status gives its trials' verdicts away. */
  taskIds: Set<string>;
  taskKeys: Set<string>;
}

/**
 * A run's trials whose content is an item the viewer may still label. Blindness follows the content,
 * not the row: a queue made from a run dedupes identical transcripts into one item linked to one
 * trial, so a sibling trial with the same output, or a later run's trial with the same output, shows
 * the very grade the reviewer is about to give. Each trial is hashed as the transcript it would be
 * (storedTrialToTranscript, transcriptHash: the queue's own identity) and matched to pending items by hash.
 * Only a viewer with some run item in a queue they may label pays for the hashing; the items shown
 * are recorded as sighted (hiddenFrom).
 */
export async function hiddenTrialsOf(viewer: Viewer, runId: string): Promise<HiddenTrials> {
  const out: HiddenTrials = { trials: new Set(), taskIds: new Set(), taskKeys: new Set() };
  if (seesEverything(viewer)) return out;
  const pending = await db().queueItem.findFirst({
    where: {
      transcript: { source: "run" },
      queue: { archivedAt: null, OR: [{ assignments: { none: {} } }, { assignments: { some: { userId: viewer.id } } }] },
    },
    select: { id: true },
  });
  if (!pending) return out;
  const trials = await db().trial.findMany({
    where: { runId },
    select: {
      id: true,
      taskId: true,
      output: true,
      trajectory: true,
      finalState: true,
      error: true,
      task: { select: { key: true, prompt: true, definition: true } },
    },
  });
  const hashOf = new Map(trials.map((t) => [t.id, transcriptHash(storedTrialToTranscript(t))]));
  const hashes = [...new Set(hashOf.values())];
  const queued: { id: string; contentHash: string }[] = [];
  for (let i = 0; i < hashes.length; i += CHUNK) {
    queued.push(
      ...(await db().transcript.findMany({
        where: { contentHash: { in: hashes.slice(i, i + CHUNK) }, queueItems: { some: {} } },
        select: { id: true, contentHash: true },
      })),
    );
  }
  if (queued.length === 0) return out;
  const hidden = await hiddenFrom(
    viewer,
    queued.map((t) => t.id),
  );
  const hiddenHashes = new Set(queued.filter((t) => hidden.has(t.id)).map((t) => t.contentHash));
  for (const t of trials) {
    if (!hiddenHashes.has(hashOf.get(t.id)!)) continue;
    out.trials.add(t.id);
    out.taskIds.add(t.taskId);
    out.taskKeys.add(t.task.key);
  }
  return out;
}
