import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { markStaleRuns } from "@/lib/db/run-resume";
import { listRuns, runFilterOptions } from "@/lib/db/runs";
import { pct } from "@/lib/format";
import { RunListFilters } from "./_components/run-list-filters";
import { GateBadge } from "./_components/verdict-badge";

export const metadata: Metadata = { title: "Runs" };

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireRole("read");
  const search = await searchParams;
  const current = { suite: one(search.suite), branch: one(search.branch), label: one(search.label) };
  // A run whose runner died shows as interrupted, not as running forever.
  await markStaleRuns();
  const [runs, options] = await Promise.all([listRuns(current), runFilterOptions()]);
  const filtered = Boolean(current.suite || current.branch || current.label);
  return (
    <>
      <PageHeader
        title="Runs"
        description="Every run of a suite against an agent, newest first: where it came from (branch, commit, agent label), its pass rate and gate verdict. Runs marked baseline are the history later runs are held against."
      />
      <RunListFilters options={options} current={current} />
      {runs.length === 0 && filtered ? (
        <EmptyState title="No run matches these filters">
          <Link href="/runs" className="text-indigo-700 underline">
            Clear the filters
          </Link>{" "}
          to see every run.
        </EmptyState>
      ) : runs.length === 0 ? (
        <EmptyState title="No runs yet">
          Run a suite from the command line and it appears here:{" "}
          <code>npx gavel run datasets/smoke --agent module:datasets/smoke/agent.ts#stubAgent</code>
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <TableHead columns={["Started", "Suite", "Branch · commit", "Agent label", "Trials", "Pass rate", "Gate"]} />
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
                  <Td className="text-sm" data-testid="run-source">
                    {run.gitBranch ? <span className="font-mono">{run.gitBranch}</span> : <span className="text-stone-500">no branch</span>}
                    {run.gitCommit ? <span className="font-mono text-xs text-stone-500"> @ {run.gitCommit.slice(0, 7)}</span> : null}
                    {run.onDefaultBranch && run.agentLabel && run.status === "completed" ? (
                      <span
                        className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-800"
                        data-testid="baseline-marker"
                        title="On the default branch with an agent label: later runs of this suite version and label are held against it"
                      >
                        baseline
                      </span>
                    ) : null}
                  </Td>
                  <Td>
                    {run.agentLabel ? (
                      <span className="text-sm">{run.agentLabel}</span>
                    ) : (
                      <span
                        className="text-xs text-amber-700"
                        title="Never compared and never a baseline: add agent: to the suite or pass --agent-label"
                      >
                        no label
                      </span>
                    )}
                    <div className="font-mono text-xs text-stone-500">{run.agentSpec}</div>
                  </Td>
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
