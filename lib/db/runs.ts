import "server-only";
import { db } from "./client";

export async function listRuns(options: { limit?: number } = {}) {
  return db().run.findMany({
    orderBy: { startedAt: "desc" },
    take: options.limit ?? 50,
    include: { suiteVersion: { include: { suite: { select: { name: true } } } } },
  });
}
