import type { Metadata } from "next";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { LinkButton } from "@/app/_components/ui/button";
import { requireRole } from "@/lib/auth/session";
import { can } from "@/lib/roles";
import { listQueues } from "@/lib/db/queues";

export const metadata: Metadata = { title: "Label" };

export default async function LabelPage() {
  const user = await requireRole("read");
  const queues = await listQueues();
  return (
    <>
      <PageHeader
        title="Label"
        description="Label transcripts pass or fail, blind to the judge. Your labels are the ground truth every judge is measured against."
        actions={
          can(user, "queues:manage") ? (
            <>
              <LinkButton href="/label/import">Import transcripts</LinkButton>
              <LinkButton href="/label/new" tone="primary">
                New queue
              </LinkButton>
            </>
          ) : null
        }
      />
      {queues.length === 0 ? (
        <EmptyState title="No label queues yet">An admin creates a queue over transcripts from a run or an imported file; it then shows up here.</EmptyState>
      ) : (
        <Card>
          <Table>
            <thead className="bg-stone-50">
              <tr>
                <Th>Queue</Th>
                <Th>Kind</Th>
                <Th>Items</Th>
                <Th>Reviewers per item</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {queues.map((queue) => (
                <tr key={queue.id}>
                  <Td className="font-medium">{queue.name}</Td>
                  <Td>{queue.kind}</Td>
                  <Td>{queue._count.items}</Td>
                  <Td>{queue.reviewersPerItem}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
    </>
  );
}
