import "server-only";
import { db } from "./client";

export async function listJudges() {
  return db().judge.findMany({
    orderBy: { name: "asc" },
    include: { versions: { orderBy: { version: "desc" }, take: 1, select: { version: true, provider: true, model: true, hash: true } } },
  });
}
