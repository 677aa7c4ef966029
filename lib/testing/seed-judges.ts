import { contentHash } from "../hash";
import type { ItemKind } from "../items/kinds";
import { db, type Tx } from "../db/client";
import { findOrCreateJudgeVersion } from "../db/judges";
import { judgeVersionSpec } from "../judges/version";
import { KIND_FOR_PARSER } from "../judges/kinds";

/**
 * Seeds the labeling tables the way the labeling workflow leaves them (a queue, its transcripts,
 * dev/test split, reviewers' labels, gold labels at the current rubric version) plus judge versions,
 * for database tests and the end-to-end tests. Test data only: never called by the app.
 */
export interface SeedItem {
  key: string;
  split: "dev" | "test";
  output?: string;
  outputs?: { a: string; b: string };
  gold: string | null;
  labels?: { reviewer: string; value: string; reason?: string }[];
}

export interface SeedLabelSet {
  name: string;
  kind: ItemKind;
  rubric?: string;
  scale?: { min: number; max: number };
  /** The transcripts' source (default "jsonl"); a draw for "Label more" takes the pool from the label set's sources. */
  source?: string;
  reviewersPerItem?: number;
  items: SeedItem[];
}

export async function seedLabelSet(input: SeedLabelSet) {
  const client = db();
  return client.$transaction(
    async (tx) => {
      const queue = await tx.labelQueue.create({
        data: {
          name: input.name,
          kind: input.kind,
          rubric: input.rubric ?? "Pass when the answer is correct and complete.",
          scaleMin: input.scale?.min ?? null,
          scaleMax: input.scale?.max ?? null,
          reviewersPerItem: input.reviewersPerItem ?? 2,
        },
      });
      return seedItems(tx, queue, input);
    },
    { timeout: 60_000, maxWait: 20_000 },
  );
}

/** More items for an existing label set (new transcripts, labels and gold as given). */
export async function addItemsToLabelSet(queueId: string, items: SeedItem[]) {
  return db().$transaction(async (tx) => {
    const queue = await tx.labelQueue.findUniqueOrThrow({ where: { id: queueId } });
    const offset = await tx.queueItem.count({ where: { queueId } });
    return seedItems(tx, queue, { name: queue.name, kind: queue.kind, items }, offset);
  });
}

async function seedItems(tx: Tx, queue: { id: string }, input: Pick<SeedLabelSet, "name" | "kind" | "items" | "source">, offset = 0) {
  const transcriptIds: Record<string, string> = {};
  const reviewers = new Map<string, string>();
  for (const [at, item] of input.items.entries()) {
    const index = offset + at;
    const content = {
      messages: [
        { role: "user", content: `Task ${item.key}` },
        { role: "assistant", content: item.output ?? "" },
      ],
      outputs: item.outputs ?? null,
    };
    const transcript = await tx.transcript.create({
      data: {
        contentHash: contentHash({ seed: input.name, key: item.key }),
        source: input.source ?? "jsonl",
        externalId: item.key,
        kind: input.kind,
        taskPrompt: `Task ${item.key}: answer the customer.`,
        finalOutput: item.outputs ? null : (item.output ?? null),
        content,
      },
    });
    transcriptIds[item.key] = transcript.id;
    await tx.queueItem.create({
      data: {
        queueId: queue.id,
        transcriptId: transcript.id,
        orderKey: String(index).padStart(6, "0"),
        split: item.split,
        labelCount: item.labels?.length ?? 0,
      },
    });
    for (const label of item.labels ?? []) {
      let reviewerId = reviewers.get(label.reviewer);
      if (!reviewerId) {
        const user = await tx.user.upsert({
          where: { email: label.reviewer },
          update: {},
          create: { email: label.reviewer, role: "reviewer" },
        });
        reviewerId = user.id;
        reviewers.set(label.reviewer, reviewerId);
      }
      await tx.label.create({
        data: { transcriptId: transcript.id, queueId: queue.id, reviewerId, value: label.value, reason: label.reason ?? null },
      });
    }
    if (item.gold !== null) {
      // Gold without seeded labels stands for a settled item: adjudicated, so the approval rule (two humans or an
      // adjudication, lib/judges/human-backing.ts) holds; with labels it is their consensus and they must back it.
      const source = item.labels?.length ? "consensus" : "adjudication";
      await tx.goldLabel.create({
        data: { queueId: queue.id, transcriptId: transcript.id, rubricVersion: 1, value: item.gold, source },
      });
    }
  }
  return { queueId: queue.id, transcriptIds };
}

/** Replaces one item's gold label (as an adjudication would): the label set's hash changes. */
export async function changeGold(queueId: string, transcriptId: string, value: string) {
  await db().goldLabel.update({
    where: { queueId_transcriptId_rubricVersion: { queueId, transcriptId, rubricVersion: 1 } },
    data: { value, source: "adjudication" },
  });
}

export async function seedJudgeVersion(name: string, spec: Record<string, unknown>) {
  const parsed = judgeVersionSpec.parse(spec);
  const { version } = await findOrCreateJudgeVersion({ name, kind: KIND_FOR_PARSER[parsed.parser] }, parsed);
  return version;
}

export async function seedUser(email: string, role: "admin" | "reviewer" | "viewer" = "admin") {
  return db().user.upsert({ where: { email }, update: {}, create: { email, role } });
}

/** The fields of a recorded verdict that a replay judge's test leaves empty: one call, in the original order. */
export const RECORDED_VERDICT_BASE = {
  order: "original" as const,
  repeat: 0,
  score: null,
  requestHash: null,
  rawRequest: null,
  tokensIn: null,
  tokensOut: null,
  costUsd: null,
  latencyMs: null,
};
