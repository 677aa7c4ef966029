import { createHash } from "node:crypto";

/**
 * An item's place in its queue: sha256 of the queue id and the transcript id. Stable (a reload, a
 * second reviewer and a re-created page all see the same order) yet unrelated to import order, so
 * reviewers do not label a file's first lines, all from one source, first.
 */
export function orderKey(queueId: string, transcriptId: string): string {
  return createHash("sha256").update(`${queueId}\n${transcriptId}`).digest("hex");
}
