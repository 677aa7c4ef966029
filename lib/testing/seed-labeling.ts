import { contentHash } from "../hash";
import type { ItemKind } from "../items/kinds";
import { db } from "../db/client";
import { importTranscripts } from "../db/transcripts";
import { orderKey } from "../queues/items";
import type { ExtraDimension } from "../schemas/dimensions";
import { newTranscriptSchema, type NewTranscript } from "../schemas/transcripts";

/**
 * Seeds a label queue the way queue creation and earlier labeling would leave it: transcripts
 * (through the one import path), queue items in their stable order, assignments, other reviewers'
 * labels and judge verdicts. For database tests and the end-to-end tests; never called by the app.
 */
export interface SeedQueueItem {
  key: string;
  /** The transcript's external id: the key unless given; null for none (as a JSONL line without "id"). */
  externalId?: string | null;
  taskPrompt?: string;
  finalOutput?: string;
  content?: NewTranscript["content"];
  rubric?: string;
  verdicts?: { judge: string; value: string; reason: string }[];
  labels?: { reviewer: string; value: string; reason?: string; dimensions?: Record<string, string | string[] | number> }[];
}

export interface SeedQueue {
  name: string;
  /** The transcripts' source ("jsonl" unless given): a queue made from "every transcript of a source" picks them by it. */
  source?: string;
  kind?: ItemKind;
  rubric?: string;
  reviewersPerItem?: number;
  /** Further score dimensions beside the primary (named primaryDimension, "verdict" by default). */
  dimensions?: ExtraDimension[];
  primaryDimension?: string;
  /** Emails of assigned reviewers; none means anyone with labels:write may label. */
  assign?: string[];
  /** "input" orders items as given (tests that follow the order); default the queue's sha256 order. */
  order?: "input" | "hash";
  items: SeedQueueItem[];
}

export async function seedQueue(input: SeedQueue) {
  const client = db();
  const kind = input.kind ?? "binary";
  const parsed = input.items.map((item) =>
    newTranscriptSchema.parse({
      source: input.source ?? "jsonl",
      externalId: item.externalId === null ? undefined : (item.externalId ?? item.key),
      kind,
      taskPrompt: item.taskPrompt ?? `Task ${item.key}`,
      rubric: item.rubric,
      finalOutput: item.finalOutput ?? `Output of ${item.key}`,
      content: item.content ?? {
        messages: [
          { role: "user", content: `Task ${item.key} (${input.name})` },
          { role: "assistant", content: `Answer for ${item.key}` },
        ],
      },
    }),
  );
  const { ids } = await importTranscripts(parsed);
  const queue = await client.labelQueue.create({
    data: {
      name: input.name,
      kind,
      rubric: input.rubric ?? "Pass when the answer is correct and complete.",
      reviewersPerItem: input.reviewersPerItem ?? 1,
      ...(input.primaryDimension ? { primaryDimension: input.primaryDimension } : {}),
      ...(input.dimensions?.length ? { dimensions: input.dimensions } : {}),
    },
  });
  const users = new Map<string, string>();
  const user = async (email: string) => {
    let id = users.get(email);
    if (!id) {
      id = (await client.user.upsert({ where: { email }, update: {}, create: { email, role: "reviewer" } })).id;
      users.set(email, id);
    }
    return id;
  };
  for (const email of input.assign ?? []) await client.queueAssignment.create({ data: { queueId: queue.id, userId: await user(email) } });
  const transcriptIds: Record<string, string> = {};
  const queueItemIds: Record<string, string> = {};
  for (const [index, item] of input.items.entries()) {
    const transcriptId = ids[index]!;
    transcriptIds[item.key] = transcriptId;
    const created = await client.queueItem.create({
      data: {
        queueId: queue.id,
        transcriptId,
        orderKey: input.order === "input" ? String(index).padStart(8, "0") : orderKey(queue.id, transcriptId),
        labelCount: item.labels?.length ?? 0,
      },
    });
    queueItemIds[item.key] = created.id;
    for (const label of item.labels ?? []) {
      await client.label.create({
        data: {
          transcriptId,
          queueId: queue.id,
          reviewerId: await user(label.reviewer),
          value: label.value,
          reason: label.reason ?? null,
          ...(label.dimensions ? { dimensions: label.dimensions } : {}),
        },
      });
    }
    for (const verdict of item.verdicts ?? []) {
      const version = await judgeVersion(verdict.judge);
      await client.judgeVerdict.create({
        data: { judgeVersionId: version, transcriptId, status: "ok", value: verdict.value, reason: verdict.reason },
      });
    }
  }
  return { queueId: queue.id, transcriptIds, queueItemIds };
}

async function judgeVersion(name: string): Promise<string> {
  const client = db();
  const judge = await client.judge.upsert({ where: { name }, update: {}, create: { name } });
  const hash = contentHash({ seedJudge: name });
  const found = await client.judgeVersion.findUnique({ where: { hash } });
  if (found) return found.id;
  const created = await client.judgeVersion.create({
    data: {
      judgeId: judge.id,
      version: 1,
      hash,
      provider: "replay",
      model: "seeded-model",
      promptTemplate: "{{output}}",
      params: {},
      parser: "pass_fail",
    },
  });
  return created.id;
}

/** Every label in a queue, with the reviewer's email: what the end-to-end tests check after the browser acted. */
export async function queueLabels(queueId: string) {
  const labels = await db().label.findMany({
    where: { queueId },
    orderBy: { createdAt: "asc" },
    select: {
      transcriptId: true,
      value: true,
      score: true,
      reason: true,
      timeSpentMs: true,
      judgeSeen: true,
      judgeRevealedAt: true,
      rubricVersion: true,
      reviewer: { select: { email: true } },
    },
  });
  const gold = await db().goldLabel.findMany({ where: { queueId }, select: { transcriptId: true, value: true, source: true } });
  const skips = await db().labelSkip.findMany({
    where: { queueItem: { queueId } },
    select: { queueItem: { select: { transcriptId: true } }, reviewer: { select: { email: true } } },
  });
  return {
    labels: labels.map(({ reviewer, ...l }) => ({ ...l, reviewer: reviewer.email })),
    gold,
    skips: skips.map((s) => ({ transcriptId: s.queueItem.transcriptId, reviewer: s.reviewer.email })),
  };
}
