import type { Metadata } from "next";
import Link from "next/link";
import { LinkButton } from "@/app/_components/ui/button";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { listQueuesWithProgress } from "@/lib/db/queues";
import { can } from "@/lib/roles";
import { ProgressBar } from "./_components/progress-bar";

export const metadata: Metadata = { title: "Label" };

export default async function LabelPage() {
  const user = await requireRole("read");
  const queues = await listQueuesWithProgress(user.id);
  const mayLabel = can(user, "labels:write");
  return (
    <>
      <PageHeader
        title="Label"
        description="Label transcripts pass or fail, blind to the judge. Your labels are the ground truth every judge is measured against."
        actions={
          can(user, "queues:manage") ? (
            <>
              <LinkButton href="/label/mine">My labels</LinkButton>
              <LinkButton href="/label/import">Import transcripts</LinkButton>
              <LinkButton href="/label/routing">Live traces</LinkButton>
              <LinkButton href="/label/new" tone="primary">
                New queue
              </LinkButton>
            </>
          ) : mayLabel ? (
            <LinkButton href="/label/mine">My labels</LinkButton>
          ) : null
        }
      />
      {queues.length === 0 ? (
        <EmptyState title="No label queues yet">
          An admin creates a queue over transcripts from a run or an imported file; it then shows up here.
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <TableHead
              columns={[
                "Queue",
                "Kind",
                "Items done",
                "Reviewers per item",
                "My labels",
                <span key="actions" className="sr-only">
                  Actions
                </span>,
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {queues.map((queue) => (
                <tr key={queue.id} data-testid={`queue-row-${queue.name}`}>
                  <Td className="font-medium">
                    <Link href={`/label/${queue.id}`} className="text-indigo-700 hover:underline">
                      {queue.name}
                    </Link>
                  </Td>
                  <Td>{queue.kind}</Td>
                  <Td>
                    <ProgressBar value={queue.done} total={queue.total} label={`Items done in ${queue.name}`} />
                  </Td>
                  <Td>{queue.reviewersPerItem}</Td>
                  <Td data-testid="my-labels">{queue.mine.toLocaleString("en")}</Td>
                  <Td className="text-right">
                    {mayLabel && queue.done < queue.total ? (
                      <LinkButton href={`/label/${queue.id}/item`} tone="primary" size="sm">
                        Start labeling
                      </LinkButton>
                    ) : null}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
    </>
  );
}
