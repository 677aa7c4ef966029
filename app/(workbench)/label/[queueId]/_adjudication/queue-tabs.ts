import type { Scope } from "@/lib/roles";

/**
 * The queue's pages in tab order: each one's tab label, page title and the scope it takes. The page's
 * guard (requireQueueTab) and the header's tabs both read it, so a tab shows to exactly those its page lets in.
 */
export const QUEUE_TABS = {
  agreement: { label: "Agreement", title: "Human–human agreement", scope: "read" },
  items: { label: "Items", title: "Items", scope: "labels:adjudicate" },
  adjudicate: { label: "Adjudicate", title: "Adjudicate disagreements and flags", scope: "labels:adjudicate" },
  gold: { label: "Gold labels", title: "Gold labels", scope: "labels:adjudicate" },
  rubric: { label: "Rubric", title: "Rubric", scope: "queues:manage" },
} as const satisfies Record<string, { label: string; title: string; scope: Scope }>;

export type QueueTab = keyof typeof QUEUE_TABS;
