import "server-only";
import { UserError } from "../errors";
import { orderKey, seededSample, splitFor } from "../queues/items";
import { can } from "../roles";
import type { CreateQueueInput } from "../schemas/queues";
import type { ItemKind } from "../items/kinds";
import type { WrittenExample } from "../labeling/written-examples";
import { storedTrialToTranscript } from "../transcripts/from-trial";
import { recordAudit } from "./audit";
import { db, type Db, type Tx } from "./client";
import { retryOnConflict } from "./retry";
import { importTranscripts } from "./transcripts";
import { addWrittenExamples } from "./worked-examples";

/**
 * Creating label queues and putting transcripts in them (admins: queues:manage). Items get a stable
 * pseudo-random order (sha256(queueId + transcriptId)) and a dev/test split decided from a hash with
 * the queue's test fraction; adding a transcript that is already in the queue adds nothing.
 */
const CHUNK = 500;
export const IMPORT_AUDIT_ACTION = "transcripts.imported";

export interface QueueRef {
  id: string;
  testFraction: number;
}

/** Adds the transcripts the queue does not hold yet; answers how many were added. */
export async function addTranscriptsToQueue(tx: Tx | Db, queue: QueueRef, transcriptIds: string[]): Promise<number> {
  const wanted = [...new Set(transcriptIds)];
  const present = new Set<string>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await tx.queueItem.findMany({
      where: { queueId: queue.id, transcriptId: { in: wanted.slice(i, i + CHUNK) } },
      select: { transcriptId: true },
    });
    for (const row of rows) present.add(row.transcriptId);
  }
  const missing = wanted.filter((id) => !present.has(id));
  for (let i = 0; i < missing.length; i += CHUNK) {
    await tx.queueItem.createMany({
      data: missing.slice(i, i + CHUNK).map((transcriptId) => ({
        queueId: queue.id,
        transcriptId,
        orderKey: orderKey(queue.id, transcriptId),
        split: splitFor(queue.id, transcriptId, queue.testFraction),
      })),
    });
  }
  return missing.length;
}

/** Refuses transcripts of another kind than the queue's, saying how many and which kind. */
export async function checkKinds(tx: Tx | Db, queue: { name: string; kind: ItemKind }, transcriptIds: string[]) {
  const wrong = new Map<string, number>();
  for (let i = 0; i < transcriptIds.length; i += CHUNK) {
    const rows = await tx.transcript.groupBy({
      by: ["kind"],
      where: { id: { in: transcriptIds.slice(i, i + CHUNK) }, kind: { not: queue.kind } },
      _count: { _all: true },
    });
    for (const row of rows) wrong.set(row.kind, (wrong.get(row.kind) ?? 0) + row._count._all);
  }
  if (wrong.size) {
    const what = [...wrong].map(([kind, n]) => `${n} ${kind}`).join(" and ");
    throw new UserError(
      `The queue "${queue.name}" is ${queue.kind}, but ${what} transcript${[...wrong.values()].reduce((a, b) => a + b) === 1 ? " was" : "s were"} chosen: a queue holds one kind of item.`,
      422,
      "kind",
    );
  }
}

/**
 * A run's trials as transcripts: every finished trial that did not pass (fail, error, skipped)
 * plus a seeded sample of the passing ones. Trials already turned into transcripts keep theirs.
 */
export async function transcriptsFromRun(tx: Tx, runId: string, passSample: number, seed: number) {
  const run = await tx.run.findUnique({ where: { id: runId }, select: { id: true } });
  if (!run) throw new UserError("No such run.", 404, "runId");
  const trials = await tx.trial.findMany({
    where: { runId, status: "done" },
    orderBy: [{ taskId: "asc" }, { trialIndex: "asc" }],
    select: {
      id: true,
      verdict: true,
      output: true,
      trajectory: true,
      finalState: true,
      error: true,
      task: { select: { key: true, prompt: true, definition: true } },
      transcript: { select: { id: true } },
    },
  });
  const passing = trials.filter((t) => t.verdict === "pass").map((t) => t.id);
  const sampled = new Set(seededSample(passing, passSample, seed));
  const chosen = trials.filter((t) => t.verdict !== "pass" || sampled.has(t.id));
  const fresh = chosen.filter((t) => !t.transcript);
  const imported = await importTranscripts(fresh.map(storedTrialToTranscript), tx);
  const ids = new Map(fresh.map((t, i) => [t.id, imported.ids[i]!]));
  const transcriptIds = chosen.map((t) => t.transcript?.id ?? ids.get(t.id)!);
  return {
    transcriptIds,
    created: imported.created,
    trials: chosen.length,
    distinct: new Set(transcriptIds).size,
    notPassing: chosen.length - sampled.size,
    sampledPasses: sampled.size,
    passes: passing.length,
  };
}

/** The transcript ids an earlier import recorded in its audit event. */
async function transcriptsFromImport(tx: Tx, importId: string): Promise<string[]> {
  const event = await tx.auditEvent.findUnique({ where: { id: importId } });
  if (!event || event.action !== IMPORT_AUDIT_ACTION) throw new UserError("No such import.", 404, "importId");
  const ids = (event.details as { transcriptIds?: unknown } | null)?.transcriptIds;
  if (!Array.isArray(ids))
    throw new UserError("That import was too large to remember its transcripts: import it again with a target queue.", 422, "importId");
  return ids as string[];
}

async function transcriptsOfSource(tx: Tx, source: string, kind: ItemKind): Promise<string[]> {
  const rows = await tx.transcript.findMany({ where: { source, kind }, select: { id: true }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => r.id);
}

async function checkReviewers(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  const users = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, role: true, disabledAt: true } });
  const found = new Map(users.map((u) => [u.id, u]));
  for (const id of ids) {
    const user = found.get(id);
    if (!user || user.disabledAt) throw new UserError("One of the chosen reviewers does not exist or is disabled.", 422, "reviewerIds");
    if (!can({ role: user.role }, "labels:write"))
      throw new UserError(`${user.email} is a ${user.role} and cannot label: choose reviewers or admins.`, 422, "reviewerIds");
  }
}

export interface CreatedQueue {
  queue: { id: string; name: string };
  items: number;
  transcriptsCreated: number;
  /**
   * For a run: how many trials did not pass and how many passes were sampled; of the trials taken, how many
   * distinct transcripts (identical outputs hash to one transcript, so they share one item).
   */
  fromRun?: { notPassing: number; sampledPasses: number; passes: number; trials: number; distinct: number };
  /** Worked examples written on the form, stored with the queue. */
  examples: number;
}

/** Creates the queue and its items in one transaction, and records who did it. */
export async function createQueue(
  input: CreateQueueInput & { examples?: readonly WrittenExample[] },
  actorId: string | null,
): Promise<CreatedQueue> {
  return retryOnConflict(() =>
    db().$transaction(
      async (tx) => {
        if (await tx.labelQueue.findUnique({ where: { name: input.name }, select: { id: true } })) {
          throw new UserError(`A queue named "${input.name}" exists: choose another name.`, 409, "name");
        }
        await checkReviewers(tx, input.reviewerIds);
        let transcriptIds: string[];
        let transcriptsCreated = 0;
        let fromRun: CreatedQueue["fromRun"];
        if (input.source === "run") {
          const run = await transcriptsFromRun(tx, input.runId!, input.passSample, input.sampleSeed);
          transcriptIds = run.transcriptIds;
          transcriptsCreated = run.created;
          fromRun = {
            notPassing: run.notPassing,
            sampledPasses: run.sampledPasses,
            passes: run.passes,
            trials: run.trials,
            distinct: run.distinct,
          };
        } else if (input.source === "import") {
          transcriptIds = await transcriptsFromImport(tx, input.importId!);
        } else {
          transcriptIds = await transcriptsOfSource(tx, input.transcriptSource!, input.kind);
        }
        if (transcriptIds.length === 0) {
          const field = input.source === "run" ? "runId" : input.source === "import" ? "importId" : "transcriptSource";
          throw new UserError(
            input.source === "source"
              ? `No ${input.kind} transcripts come from "${input.transcriptSource}".`
              : "That choice holds no transcripts to label.",
            422,
            field,
          );
        }
        await checkKinds(tx, { name: input.name, kind: input.kind }, transcriptIds);
        const queue = await tx.labelQueue.create({
          data: {
            name: input.name,
            description: input.description ?? null,
            kind: input.kind,
            rubric: input.rubric,
            scaleMin: input.scaleMin ?? null,
            scaleMax: input.scaleMax ?? null,
            reviewersPerItem: input.reviewersPerItem,
            testFraction: input.testFraction,
            primaryDimension: input.primaryDimension,
            dimensions: input.dimensions.length ? input.dimensions : undefined,
            createdById: actorId,
          },
        });
        const items = await addTranscriptsToQueue(tx, queue, transcriptIds);
        const examples = await addWrittenExamples(tx, queue, input.examples ?? [], actorId);
        if (input.reviewerIds.length) {
          await tx.queueAssignment.createMany({ data: [...new Set(input.reviewerIds)].map((userId) => ({ queueId: queue.id, userId })) });
        }
        await recordAudit(tx, {
          actorId,
          action: "queue.created",
          targetType: "queue",
          targetId: queue.id,
          details: {
            name: queue.name,
            kind: queue.kind,
            items,
            source: input.source,
            ...(input.runId ? { runId: input.runId, passSample: input.passSample, sampleSeed: input.sampleSeed, ...fromRun } : {}),
            ...(input.importId ? { importId: input.importId } : {}),
            ...(input.transcriptSource ? { transcriptSource: input.transcriptSource } : {}),
            reviewersPerItem: queue.reviewersPerItem,
            testFraction: queue.testFraction,
            primaryDimension: input.primaryDimension,
            ...(input.dimensions.length ? { dimensions: input.dimensions } : {}),
            assignedReviewers: input.reviewerIds,
            ...(examples ? { writtenExamples: examples } : {}),
          },
        });
        return { queue: { id: queue.id, name: queue.name }, items, transcriptsCreated, fromRun, examples };
      },
      { timeout: 300_000, maxWait: 20_000 },
    ),
  );
}

/** What the new-queue form offers: recent runs, recent imports, transcript sources and people who can label. */
export async function queueFormChoices() {
  const [runs, imports, sources, reviewers] = await Promise.all([
    db().run.findMany({
      where: { status: "completed" },
      orderBy: { startedAt: "desc" },
      take: 50,
      select: {
        id: true,
        startedAt: true,
        agentSpec: true,
        scoredCount: true,
        passedCount: true,
        skippedCount: true,
        errorCount: true,
        suiteVersion: { select: { suite: { select: { name: true } } } },
      },
    }),
    db().auditEvent.findMany({
      where: { action: IMPORT_AUDIT_ACTION },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: { id: true, createdAt: true, details: true },
    }),
    db().transcript.groupBy({ by: ["source", "kind"], _count: { _all: true }, orderBy: { source: "asc" } }),
    db().user.findMany({
      where: { disabledAt: null, role: { in: ["admin", "reviewer"] } },
      orderBy: { email: "asc" },
      select: { id: true, email: true, name: true, role: true },
    }),
  ]);
  return {
    runs: runs.map((r) => ({
      id: r.id,
      suite: r.suiteVersion.suite.name,
      agent: r.agentSpec,
      startedAt: r.startedAt,
      scored: r.scoredCount,
      passed: r.passedCount,
      skipped: r.skippedCount,
      errors: r.errorCount,
    })),
    imports: imports.map((e) => {
      const d = (e.details ?? {}) as { fileName?: string; format?: string; items?: number; kind?: string };
      return {
        id: e.id,
        createdAt: e.createdAt,
        fileName: d.fileName ?? "(unnamed file)",
        format: d.format ?? "",
        items: d.items ?? 0,
        kind: d.kind ?? "",
      };
    }),
    sources: sources.map((s) => ({ source: s.source, kind: s.kind, count: s._count._all })),
    reviewers,
  };
}
