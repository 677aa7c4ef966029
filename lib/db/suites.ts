import "server-only";
import { db } from "./client";

export async function listSuites() {
  return db().suite.findMany({
    orderBy: { name: "asc" },
    include: { versions: { orderBy: { createdAt: "desc" }, take: 1, select: { hash: true, taskCount: true, createdAt: true } } },
  });
}

// Storing a suite version is part of `gavel run`, which starts without the Prisma client: suite-versions.ts.
export { saveSuiteVersion, suiteVersionInput, type SuiteVersionInput } from "./suite-versions";

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
      agentLabel: true,
      gitBranch: true,
      onDefaultBranch: true,
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
