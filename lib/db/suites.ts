import "server-only";
import { db, Prisma } from "./client";

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
  tasks: { key: string; contractHash: string; prompt: string; category: string | null; difficulty: string | null; definition: unknown }[];
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

async function findVersion(suiteId: string, hash: string) {
  return db().suiteVersion.findUnique({ where: { suiteId_hash: { suiteId, hash } }, select: { id: true, tasks: { select: { id: true, key: true } } } });
}

/**
 * The suite and this version of it, created the first time the version is seen (append-only:
 * a version is found by its content hash and never changed). Returns the task ids by task key.
 */
export async function saveSuiteVersion(input: SuiteVersionInput): Promise<{ suiteVersionId: string; taskIds: Map<string, string> }> {
  const suite = await db().suite.upsert({
    where: { name: input.name },
    create: { name: input.name, description: input.description },
    update: { description: input.description },
    select: { id: true },
  });
  const asResult = (version: NonNullable<Awaited<ReturnType<typeof findVersion>>>) => ({
    suiteVersionId: version.id,
    taskIds: new Map(version.tasks.map((t) => [t.key, t.id])),
  });
  const existing = await findVersion(suite.id, input.hash);
  if (existing) return asResult(existing);
  try {
    await db().$transaction(async (tx) => {
      const version = await tx.suiteVersion.create({
        data: { suiteId: suite.id, hash: input.hash, definition: input.definition as Prisma.InputJsonValue, taskCount: input.tasks.length },
        select: { id: true },
      });
      await tx.task.createMany({
        data: input.tasks.map((t) => ({ ...t, suiteVersionId: version.id, definition: t.definition as Prisma.InputJsonValue })),
      });
    });
  } catch (error) {
    // Another run stored the same version a moment earlier: use theirs.
    if (!isUniqueViolation(error)) throw error;
  }
  return asResult((await findVersion(suite.id, input.hash))!);
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
