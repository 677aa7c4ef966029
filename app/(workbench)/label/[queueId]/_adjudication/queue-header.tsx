import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { TabBar } from "@/app/_components/ui/tabs";
import { PageHeader } from "@/app/_components/ui/page-header";
import { can } from "@/lib/roles";
import { QUEUE_TABS, type QueueTab } from "./queue-tabs";
import type { QueueTabPage } from "./require-queue";

/** What Next hands a queue page: the queue id from the path, and the query. */
export interface QueuePageProps {
  params: Promise<{ queueId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The queue's name, kind and rubric version, the page's title, and links between the queue's pages. */
export function QueueHeader({ page: { queue, user, tab: current }, description }: { page: QueueTabPage; description?: React.ReactNode }) {
  const tabs = (Object.keys(QUEUE_TABS) as QueueTab[]).filter((tab) => can(user, QUEUE_TABS[tab].scope));
  return (
    <div>
      <p className="mb-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <Link className="text-indigo-700 hover:underline" href="/label">
          Label
        </Link>
        <span aria-hidden>/</span>
        <span className="font-medium text-stone-800" data-testid="queue-name">
          {queue.name}
        </span>
        <Badge tone="neutral">{queue.kind}</Badge>
        <Badge tone="info" data-testid="rubric-version">
          rubric v{queue.rubricVersion}
        </Badge>
        <span>
          {queue.reviewersPerItem} reviewer{queue.reviewersPerItem === 1 ? "" : "s"} per item
        </span>
      </p>
      <PageHeader title={QUEUE_TABS[current].title} description={description} />
      <TabBar
        label="Queue pages"
        className="-mt-3 mb-6"
        tabs={tabs.map((tab) => ({ href: `/label/${queue.id}/${tab}`, label: QUEUE_TABS[tab].label, current: tab === current }))}
      />
    </div>
  );
}
