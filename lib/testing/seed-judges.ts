import type { ItemKind } from "../items/kinds";
import { db, type Tx } from "../db/client";
import { findOrCreateJudgeVersion } from "../db/judges";
import { saveVerdict } from "../db/verdicts";
import { judgeVersionSpec } from "../judges/version";
import { KIND_FOR_PARSER } from "../judges/kinds";
import { seedQueuedTranscript, seedReviewer } from "./seed-queue-item";

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
    const transcriptId = await seedQueuedTranscript(
      tx,
      { id: queue.id, seed: input.name, kind: input.kind, source: input.source },
      { ...item, finalOutput: item.output ?? null },
      { index: offset + at, labelCount: item.labels?.length ?? 0 },
    );
    transcriptIds[item.key] = transcriptId;
    for (const label of item.labels ?? []) {
      const reviewerId = await seedReviewer(tx, reviewers, label.reviewer);
      await tx.label.create({
        data: { transcriptId, queueId: queue.id, reviewerId, value: label.value, reason: label.reason ?? null },
      });
    }
    if (item.gold !== null) {
      // Gold without seeded labels stands for a settled item: adjudicated, so the approval rule (two humans or an
      // adjudication, lib/judges/human-backing.ts) holds; with labels it is their consensus and they must back it.
      const source = item.labels?.length ? "consensus" : "adjudication";
      await tx.goldLabel.create({
        data: { queueId: queue.id, transcriptId, rubricVersion: 1, value: item.gold, source },
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

/**
 * The spec of a pass/fail judge on an OpenAI-compatible server (a test's mock, or null for the configured
 * endpoint): the database tests' judge, which differ only in the model (a new version each) and what the
 * prompt shows.
 */
export function passFailJudgeSpec(
  model: string,
  baseUrl: string | null,
  promptTemplate = "Output: {{output}}\nAnswer PASS or FAIL with a reason.",
) {
  return { provider: "openai", model, baseUrl, promptTemplate, parser: "pass_fail" };
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

/**
 * A replay judge's recorded answers to a seeded label set, each an ok verdict that follows the item's
 * key: pass for the good answers (keys with "-g"), fail for the rest. A replay judge only reads these.
 */
export async function recordReplayVerdicts(versionId: string, transcriptIds: Record<string, string>, reason: string | null) {
  for (const [key, transcriptId] of Object.entries(transcriptIds))
    await saveVerdict(versionId, {
      ...RECORDED_VERDICT_BASE,
      reason,
      error: null,
      rawResponse: null,
      transcriptId,
      status: "ok",
      value: key.includes("-g") ? "pass" : "fail",
    });
}
