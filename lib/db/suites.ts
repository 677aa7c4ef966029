import "server-only";
import type { LoadedSuite } from "@/datasets/load";
import { randomUUID } from "node:crypto";
import { bulkTransaction, chunks, insertStatement, jsonText, placeholders, timestampParam, type BulkTx } from "./bulk";
import { db } from "./client";
import { isUniqueViolation } from "./retry";

export async function listSuites() {
  return db().suite.findMany({
    orderBy: { name: "asc" },
    include: { versions: { orderBy: { createdAt: "desc" }, take: 1, select: { hash: true, taskCount: true, createdAt: true } } },
  });
}

export interface SuiteVersionInput {
  name: string;
  description: string | null;
  hash: string;
  definition: unknown;
  tasks: {
    key: string;
    contractHash: string;
    prompt: string;
    category: string | null;
    difficulty: string | null;
    definition: unknown;
    tags?: Record<string, unknown>;
  }[];
}

async function findVersion(tx: BulkTx, suiteId: string, hash: string) {
  const [version] = await tx.query(
    `SELECT "id" FROM "suite_versions" WHERE "suite_id" = ${placeholders(tx.provider, 1)} AND "hash" = ${placeholders(tx.provider, 1, 1)}`,
    [suiteId, hash],
  );
  if (!version) return null;
  const tasks = await tx.query(`SELECT "id", "key" FROM "tasks" WHERE "suite_version_id" = ${placeholders(tx.provider, 1)}`, [version.id]);
  return { suiteVersionId: String(version.id), taskIds: new Map(tasks.map((t) => [String(t.key), String(t.id)])) };
}

/**
 * The suite and this version of it, created the first time the version is seen (append-only:
 * a version is found by its content hash and never changed). Returns the task ids by task key.
 * The version and its tasks are written in one transaction, as multi-row inserts (a 2,000-task
 * suite is a handful of statements).
 */
export async function saveSuiteVersion(input: SuiteVersionInput): Promise<{ suiteVersionId: string; taskIds: Map<string, string> }> {
  const suite = await db().suite.upsert({
    where: { name: input.name },
    create: { name: input.name, description: input.description },
    update: { description: input.description },
    select: { id: true },
  });
  const existing = await bulkTransaction((tx) => findVersion(tx, suite.id, input.hash));
  if (existing) return existing;
  try {
    return await bulkTransaction(async (tx) => {
      const pg = tx.provider === "postgres";
      const versionId = randomUUID();
      await tx.execute(
        ...insertStatement(
          tx.provider,
          "suite_versions",
          [
            { name: "id" },
            { name: "suite_id" },
            { name: "hash" },
            { name: "definition", cast: pg ? "::jsonb" : undefined },
            { name: "task_count" },
            { name: "created_at", cast: pg ? "::timestamp(3)" : undefined },
          ],
          [[versionId, suite.id, input.hash, jsonText(input.definition), input.tasks.length, timestampParam(tx.provider, new Date())]],
        ),
      );
      const columns = [
        "id",
        "suite_version_id",
        "key",
        "contract_hash",
        "prompt",
        "category",
        "difficulty",
        "definition",
        "position",
        "tags",
      ].map((name) => ({ name, cast: pg && (name === "definition" || name === "tags") ? "::jsonb" : undefined }));
      const taskIds = new Map<string, string>();
      let position = 0;
      for (const part of chunks(input.tasks, 400)) {
        const rows = part.map((t) => {
          const id = randomUUID();
          taskIds.set(t.key, id);
          return [
            id,
            versionId,
            t.key,
            t.contractHash,
            t.prompt,
            t.category,
            t.difficulty,
            jsonText(t.definition) ?? "{}",
            position++,
            jsonText(t.tags ?? {}),
          ];
        });
        await tx.execute(...insertStatement(tx.provider, "tasks", columns, rows));
      }
      return { suiteVersionId: versionId, taskIds };
    });
  } catch (error) {
    // Another run stored the same version a moment earlier: use theirs.
    if (!isUniqueViolation(error)) throw error;
    return (await bulkTransaction((tx) => findVersion(tx, suite.id, input.hash)))!;
  }
}

/** One suite with every run of any of its versions, oldest first (for the trend chart). */
export async function getSuiteHistory(name: string) {
  const suite = await db().suite.findUnique({
    where: { name },
    include: { versions: { orderBy: { createdAt: "desc" }, select: { id: true, hash: true, taskCount: true, createdAt: true } } },
  });
  if (!suite) return null;
  const runs = await db().run.findMany({
    where: { suiteVersion: { suiteId: suite.id } },
    orderBy: { startedAt: "asc" },
    select: {
      id: true,
      startedAt: true,
      status: true,
      agentSpec: true,
      trialsPerTask: true,
      threshold: true,
      passRate: true,
      gatePassed: true,
      costUsd: true,
      latencyP50Ms: true,
      latencyP95Ms: true,
      suiteVersion: { select: { hash: true } },
    },
  });
  return { suite, runs };
}

/** A loaded suite as saveSuiteVersion stores it. */
export function suiteVersionInput(suite: LoadedSuite): SuiteVersionInput {
  return {
    name: suite.name,
    description: suite.description,
    hash: suite.hash,
    definition: suite.definition,
    tasks: suite.tasks.map((t) => ({
      key: t.id,
      contractHash: t.contractHash,
      prompt: t.prompt,
      category: t.category,
      difficulty: t.difficulty,
      definition: t.definition,
      tags: t.tags,
    })),
  };
}
