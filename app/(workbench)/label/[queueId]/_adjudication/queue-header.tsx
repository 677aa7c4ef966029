import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { PageHeader } from "@/app/_components/ui/page-header";
import type { SessionUser } from "@/lib/auth/session";
import type { QueueSummary } from "@/lib/db/agreement";
import { can } from "@/lib/roles";
import { cx } from "@/app/_components/ui/cx";

/** What Next hands a queue page: the queue id from the path, and the query. */
export interface QueuePageProps {
  params: Promise<{ queueId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

type Tab = "agreement" | "items" | "adjudicate" | "gold" | "rubric";

/** The queue's name, kind and rubric version, and links between its agreement, adjudication and rubric pages. */
export function QueueHeader({
  queue,
  user,
  current,
  title,
  description,
}: {
  queue: QueueSummary;
  user: SessionUser;
  current: Tab;
  title: string;
  description?: React.ReactNode;
}) {
  const tabs: { tab: Tab; label: string; href: string; show: boolean }[] = [
    { tab: "agreement", label: "Agreement", href: `/label/${queue.id}/agreement`, show: true },
    { tab: "items", label: "Items", href: `/label/${queue.id}/items`, show: can(user, "labels:adjudicate") },
    { tab: "adjudicate", label: "Adjudicate", href: `/label/${queue.id}/adjudicate`, show: can(user, "labels:adjudicate") },
    { tab: "gold", label: "Gold labels", href: `/label/${queue.id}/gold`, show: can(user, "labels:adjudicate") },
    { tab: "rubric", label: "Rubric", href: `/label/${queue.id}/rubric`, show: can(user, "queues:manage") },
  ];
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
      <PageHeader title={title} description={description} />
      <nav aria-label="Queue pages" className="-mt-3 mb-6 flex gap-1 border-b border-stone-200">
        {tabs
          .filter((t) => t.show)
          .map((t) => (
            <Link
              key={t.tab}
              href={t.href}
              aria-current={t.tab === current ? "page" : undefined}
              className={cx(
                "-mb-px border-b-2 px-3 py-2 text-sm",
                t.tab === current
                  ? "border-indigo-600 font-medium text-indigo-700"
                  : "border-transparent text-stone-600 hover:text-stone-900",
              )}
            >
              {t.label}
            </Link>
          ))}
      </nav>
    </div>
  );
}
