import "server-only";
import { db } from "./client";

export async function listQueues() {
  return db().labelQueue.findMany({
    where: { archivedAt: null },
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { items: true } } },
  });
}

/** The queues with how far along each is, overall and for this reviewer. */
export async function listQueuesWithProgress(userId: string) {
  const queues = await listQueues();
  const client = db();
  return Promise.all(
    queues.map(async (queue) => {
      const [done, mine] = await Promise.all([
        client.queueItem.count({ where: { queueId: queue.id, labelCount: { gte: queue.reviewersPerItem } } }),
        client.label.count({ where: { queueId: queue.id, reviewerId: userId } }),
      ]);
      return { ...queue, total: queue._count.items, done, mine };
    }),
  );
}

/** One queue with what its overview shows; null when there is none. */
export async function getQueue(queueId: string) {
  return db().labelQueue.findUnique({
    where: { id: queueId },
    include: { assignments: { select: { user: { select: { id: true, email: true, name: true } } } }, _count: { select: { items: true } } },
  });
}
