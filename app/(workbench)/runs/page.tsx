import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { markStaleRuns } from "@/lib/db/run-resume";
import { listRuns } from "@/lib/db/runs";
import { pct } from "@/lib/format";
import { GateBadge } from "./_components/verdict-badge";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  await requireRole("read");
  // A run whose runner died shows as interrupted, not as running forever.
  await markStaleRuns();
  const runs = await listRuns();
  return (
    <>
      <PageHeader title="Runs" description="Every run of a suite against an agent, newest first, with its pass rate and gate verdict." />
      {runs.length === 0 ? (
        <EmptyState title="No runs yet">
          Run a suite from the command line and it appears here:{" "}
          <code>npx gavel run datasets/smoke --agent module:datasets/smoke/agent.ts#stubAgent</code>
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <thead className="bg-stone-50">
              <tr>
                <Th>Started</Th>
                <Th>Suite</Th>
                <Th>Agent</Th>
                <Th>Trials</Th>
                <Th>Pass rate</Th>
                <Th>Gate</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {runs.map((run) => (
                <tr key={run.id} data-testid={`run-row-${run.id}`}>
                  <Td>
                    <Link href={`/runs/${encodeURIComponent(run.id)}`} className="text-indigo-700 hover:underline">
                      {run.startedAt.toISOString().replace("T", " ").slice(0, 19)}
                    </Link>
                  </Td>
                  <Td>
                    <Link href={`/suites/${encodeURIComponent(run.suiteVersion.suite.name)}`} className="hover:underline">
                      {run.suiteVersion.suite.name}
                    </Link>
                  </Td>
                  <Td className="font-mono text-xs">{run.agentSpec}</Td>
                  <Td>×{run.trialsPerTask}</Td>
                  <Td>
                    {pct(run.passRate)} <span className="text-xs text-stone-500">vs {pct(run.threshold)}</span>
                  </Td>
                  <Td>
                    <GateBadge passed={run.gatePassed} status={run.status} />
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
