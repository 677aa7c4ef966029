import type { Metadata } from "next";
import { Badge } from "@/app/_components/ui/badge";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { listRuns } from "@/lib/db/runs";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  await requireRole("read");
  const runs = await listRuns();
  return (
    <>
      <PageHeader title="Runs" description="Every run of a suite against an agent, newest first, with its pass rate and gate verdict." />
      {runs.length === 0 ? (
        <EmptyState title="No runs yet">
          Run a suite from the command line and it appears here: <code>npx gavel run datasets/smoke --agent module:datasets/smoke/agent.ts#stubAgent</code>
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <thead className="bg-stone-50">
              <tr>
                <Th>Started</Th>
                <Th>Suite</Th>
                <Th>Agent</Th>
                <Th>Pass rate</Th>
                <Th>Gate</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {runs.map((run) => (
                <tr key={run.id}>
                  <Td>{run.startedAt.toISOString()}</Td>
                  <Td>{run.suiteVersion.suite.name}</Td>
                  <Td className="font-mono text-xs">{run.agentSpec}</Td>
                  <Td>{run.passRate === null ? "undefined" : `${(run.passRate * 100).toFixed(1)}%`}</Td>
                  <Td>{run.gatePassed === null ? <Badge tone="muted">{run.status}</Badge> : run.gatePassed ? <Badge tone="good">pass</Badge> : <Badge tone="bad">fail</Badge>}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
    </>
  );
}
