import "server-only";
import { db } from "./client";

export async function listQueues() {
  return db().labelQueue.findMany({
    where: { archivedAt: null },
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { items: true } } },
  });
}
