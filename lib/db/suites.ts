import "server-only";
import { db } from "./client";

export async function listSuites() {
  return db().suite.findMany({
    orderBy: { name: "asc" },
    include: { versions: { orderBy: { createdAt: "desc" }, take: 1, select: { hash: true, taskCount: true, createdAt: true } } },
  });
}
