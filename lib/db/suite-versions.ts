import "server-only";
import type { LoadedSuite } from "@/datasets/load";
import { randomUUID } from "node:crypto";
import { databaseProvider, databaseUrl } from "../database-url";
import {
  bulkQuery,
  bulkTransaction,
  chunks,
  isDriverUniqueViolation,
  insertStatement,
  jsonText,
  placeholders,
  timestampParam,
  type BulkTx,
} from "./bulk";

// In plain SQL on the bulk connection: `gavel run` stores its suite version without starting the
// Prisma client (see run-store.ts).

/** The suite by name, created the first time; its description follows the newest version seen. */
async function upsertSuite(name: string, description: string | null): Promise<{ id: string }> {
  const p = databaseProvider(databaseUrl());
  const [row] = await bulkQuery(
    `INSERT INTO "suites" ("id", "name", "description", "created_at") VALUES (${placeholders(p, 3)}, ${placeholders(p, 1, 3)}${p === "postgres" ? "::timestamp(3)" : ""})
     ON CONFLICT ("name") DO UPDATE SET "description" = excluded."description" RETURNING "id"`,
    [randomUUID(), name, description, timestampParam(p, new Date())],
  );
  return { id: String(row!.id) };
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
  const suite = await upsertSuite(input.name, input.description);
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
    if (!isDriverUniqueViolation(error)) throw error;
    return (await bulkTransaction((tx) => findVersion(tx, suite.id, input.hash)))!;
  }
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
