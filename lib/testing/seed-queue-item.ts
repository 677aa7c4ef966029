import { contentHash } from "../hash";
import type { ItemKind } from "../items/kinds";
import type { Tx } from "../db/client";

/**
 * One transcript queued for labeling, as every labeling seeder writes it: a two-message chat ("Task
 * KEY", then the output) or a pairwise item's two outputs, a content hash stable per seed and key (so a
 * seed run twice collides, as a real import would), and its queue item at position `index`. The
 * seeders differ in what they put around it (labels, gold, judge versions), not in this. Test data only.
 */
export async function seedQueuedTranscript(
  tx: Tx,
  queue: { id: string; seed: string; kind: ItemKind; source?: string },
  item: { key: string; split: "dev" | "test"; output?: string; outputs?: { a: string; b: string }; finalOutput: string | null },
  at: { index: number; labelCount: number },
): Promise<string> {
  const transcript = await tx.transcript.create({
    data: {
      contentHash: contentHash({ seed: queue.seed, key: item.key }),
      source: queue.source ?? "jsonl",
      externalId: item.key,
      kind: queue.kind,
      taskPrompt: `Task ${item.key}: answer the customer.`,
      finalOutput: item.outputs ? null : item.finalOutput,
      content: {
        messages: [
          { role: "user", content: `Task ${item.key}` },
          { role: "assistant", content: item.output ?? "" },
        ],
        outputs: item.outputs ?? null,
      },
    },
  });
  await tx.queueItem.create({
    data: {
      queueId: queue.id,
      transcriptId: transcript.id,
      orderKey: String(at.index).padStart(6, "0"),
      split: item.split,
      labelCount: at.labelCount,
    },
  });
  return transcript.id;
}

/** A reviewer's user id by email, created on first use and remembered in `known` for the rest of the seed. */
export async function seedReviewer(tx: Tx, known: Map<string, string>, email: string): Promise<string> {
  let id = known.get(email);
  if (!id) {
    id = (await tx.user.upsert({ where: { email }, update: {}, create: { email, role: "reviewer" } })).id;
    known.set(email, id);
  }
  return id;
}
