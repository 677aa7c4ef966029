import type { Metadata } from "next";
import Link from "next/link";
import { LinkButton } from "@/app/_components/ui/button";
import { Card, CardBody, CardHeader, SectionCard } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { Alert } from "@/app/_components/ui/alert";
import { listAuditEvents } from "@/lib/db/audit";
import { createdFromAudit, createdQueueMessage } from "@/lib/queues/created-message";
import { queueProgress } from "@/lib/db/labeling/progress";
import { queueStanding } from "@/lib/db/labeling/stranded";
import { getQueue } from "@/lib/db/queues";
import { can } from "@/lib/roles";
import { formatDuration, formatMean } from "@/lib/labeling/time-spent";
import { ProgressBar } from "../_components/progress-bar";
import { PendingGoldPanel } from "./_pending-gold/pending-gold-panel";
import { StrandedWarning } from "./_stranded/stranded-warning";
import type { QueuePageProps } from "./_adjudication/queue-header";
import { requireFound } from "../../require-found";

export const metadata: Metadata = { title: "Label queue" };

export default async function QueuePage({ params, searchParams }: QueuePageProps) {
  const { user, found: queue } = await requireFound("read", params, ({ queueId }) => getQueue(queueId));
  // Straight from "Create queue": what was made, from the queue's own audit event (not from the URL).
  const justCreated = (await searchParams).created === "1";
  const [progress, standing, created] = await Promise.all([
    queueProgress(queue.id, queue.reviewersPerItem),
    queueStanding(queue),
    justCreated ? listAuditEvents({ action: "queue.created", targetId: queue.id, limit: 1 }).then(([e]) => e ?? null) : null,
  ]);
  const adjudicates = can(user, "labels:adjudicate");
  const needed = progress.total * queue.reviewersPerItem;
  return (
    <>
      <PageHeader
        title={queue.name}
        description={
          queue.description ??
          `A ${queue.kind} queue: ${queue.reviewersPerItem} reviewer${queue.reviewersPerItem === 1 ? "" : "s"} per item.`
        }
        actions={
          <>
            {can(user, "labels:write") ? (
              <Link href={`/label/mine?queue=${queue.id}`} className="text-sm text-indigo-700 hover:underline">
                My labels
              </Link>
            ) : null}
            <Link href={`/label/${queue.id}/agreement`} className="text-sm text-indigo-700 hover:underline">
              Agreement
            </Link>
            {adjudicates ? (
              <Link href={`/label/${queue.id}/items`} className="text-sm text-indigo-700 hover:underline">
                Items
              </Link>
            ) : null}
            {can(user, "labels:adjudicate") ? (
              <Link href={`/label/${queue.id}/adjudicate`} className="text-sm text-indigo-700 hover:underline">
                Adjudicate
              </Link>
            ) : null}
            {can(user, "labels:adjudicate") ? (
              <Link href={`/label/${queue.id}/gold`} className="text-sm text-indigo-700 hover:underline">
                Gold labels
              </Link>
            ) : null}
            {can(user, "queues:manage") ? (
              <Link href={`/label/${queue.id}/rubric`} className="text-sm text-indigo-700 hover:underline">
                Rubric versions
              </Link>
            ) : null}
            {can(user, "labels:write") && progress.done < progress.total ? (
              <LinkButton href={`/label/${queue.id}/item`} tone="primary">
                Start labeling
              </LinkButton>
            ) : null}
          </>
        }
      />
      {created ? (
        <Alert tone="success" data-testid="queue-created">
          {createdQueueMessage({ queue, ...createdFromAudit(created.details) })}
        </Alert>
      ) : null}
      {standing.stranded > 0 ? (
        <StrandedWarning
          queueId={queue.id}
          view={{
            count: standing.stranded,
            pool: standing.pool,
            reviewersPerItem: queue.reviewersPerItem,
            items: adjudicates ? standing.strandedItems : null,
          }}
        />
      ) : null}
      <PendingGoldPanel queueId={queue.id} viewer={user} className="mb-6" />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title={`Rubric (version ${queue.rubricVersion})`} description="What reviewers judge every item against." />
          <CardBody>
            <p className="whitespace-pre-wrap text-sm text-stone-800">{queue.rubric}</p>
          </CardBody>
        </Card>
        <SectionCard title="Progress" bodyClassName="space-y-4">
          <div>
            <p className="mb-1 text-sm font-medium text-stone-800">Items with all their labels</p>
            <ProgressBar value={progress.done} total={progress.total} label="Items done" />
          </div>
          <div>
            <p className="mb-1 text-sm font-medium text-stone-800">Labels given</p>
            <ProgressBar value={progress.labels} total={needed} label="Labels given" />
          </div>
          <dl className="grid grid-cols-4 gap-2 text-center text-sm" data-testid="queue-standing">
            {(
              [
                ["Done", standing.done],
                ["Left", standing.left],
                ["Skipped", standing.skipped],
                ["Stranded", standing.stranded],
              ] as const
            ).map(([name, value]) => (
              <div key={name} className="rounded bg-stone-50 p-2">
                <dt className="text-xs text-stone-500">{name}</dt>
                <dd className="font-semibold text-stone-900" data-testid={`standing-${name.toLowerCase()}`}>
                  {value.toLocaleString("en")}
                </dd>
              </div>
            ))}
          </dl>
          {queue.assignments.length > 0 ? (
            <p className="text-sm text-stone-600">Assigned to {queue.assignments.map((a) => a.user.name ?? a.user.email).join(", ")}.</p>
          ) : (
            <p className="text-sm text-stone-600">Open to every reviewer.</p>
          )}
        </SectionCard>
      </div>
      <Card className="mt-6">
        <CardHeader
          title="Reviewers"
          description="How many items each reviewer labeled, has left (open, neither labeled nor skipped by them) and skipped, how many of their skips left an item stranded, on how many they revealed the judge's verdict afterwards, and the time their labels took (as their browser measured it, from showing the item to the label)."
        />
        {progress.reviewers.length === 0 ? (
          <div className="p-5">
            <EmptyState title="Nobody has labeled yet">Start labeling: the first reviewer&apos;s progress shows up here.</EmptyState>
          </div>
        ) : (
          <Table data-testid="reviewer-progress">
            <TableHead columns={["Reviewer", "Labeled", "Left", "Skipped", "Stranded", "Judge revealed", "Time spent", "Mean per label"]} />
            <tbody className="divide-y divide-stone-100">
              {progress.reviewers.map((r) => (
                <tr key={r.reviewerId} data-testid={`reviewer-${r.email}`}>
                  <Td>
                    {r.name ? <span className="font-medium">{r.name} </span> : null}
                    <span className="text-stone-600">{r.email}</span>
                  </Td>
                  <Td>{r.labeled.toLocaleString("en")}</Td>
                  <Td>{(standing.reviewers.get(r.reviewerId)?.left ?? 0).toLocaleString("en")}</Td>
                  <Td>{r.skipped.toLocaleString("en")}</Td>
                  <Td>{(standing.reviewers.get(r.reviewerId)?.stranded ?? 0).toLocaleString("en")}</Td>
                  <Td>{r.judgeSeen.toLocaleString("en")}</Td>
                  <Td>{formatDuration(r.timeSpentMs)}</Td>
                  <Td>{formatMean(r.timeSpentMs, r.timed)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
