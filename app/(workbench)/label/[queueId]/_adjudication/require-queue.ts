import type { SessionUser } from "@/lib/auth/session";
import { findQueue, type QueueSummary } from "@/lib/db/agreement";
import type { Scope } from "@/lib/roles";
import { requireFound } from "../../../require-found";
import { QUEUE_TABS, type QueueTab } from "./queue-tabs";

/**
 * The queue pages' guard: requireRole(scope) first (signed out: to the login page; without the scope:
 * 403, before the queue is looked up, so an unauthorized visitor learns nothing, not even whether the
 * queue exists), then the queue, or a 404.
 */
export async function requireQueue(
  scope: Scope,
  params: Promise<{ queueId: string }>,
): Promise<{ user: SessionUser; queue: QueueSummary }> {
  const { user, found: queue } = await requireFound(scope, params, ({ queueId }) => findQueue(queueId));
  return { user, queue };
}

/** A queue tab page's guard: the scope its tab names, then the queue; the header reads all three. */
export async function requireQueueTab(tab: QueueTab, params: Promise<{ queueId: string }>) {
  const { user, queue } = await requireQueue(QUEUE_TABS[tab].scope, params);
  return { user, queue, tab };
}

export type QueueTabPage = Awaited<ReturnType<typeof requireQueueTab>>;
