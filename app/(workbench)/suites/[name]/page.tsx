import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { existsSync } from "node:fs";
import path from "node:path";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { getSuiteHistory } from "@/lib/db/suites";
import { ms, pct, usd } from "@/lib/format";
import { GateBadge } from "../../runs/_components/verdict-badge";
import { trendSeries } from "@/lib/runs/trend-series";
import { TrendCharts } from "./trend-charts";

export const metadata: Metadata = { title: "Suite" };

function suiteFolderExists(name: string): boolean {
  if (!/^[\w.-]+$/.test(name) || name.startsWith(".")) return false;
  const folder = path.join(/*turbopackIgnore: true*/ process.cwd(), "datasets", name);
  return existsSync(path.join(folder, "suite.yaml")) || existsSync(path.join(folder, "suite.json"));
}

export default async function SuitePage({ params }: { params: Promise<{ name: string }> }) {
  await requireRole("read");
  const { name } = await params;
  const history = await getSuiteHistory(name);
  if (!history) {
    // A suite folder that has not run yet gets a hint; a name that is neither is a 404.
    if (!suiteFolderExists(name)) notFound();
    return (
      <>
        <PageHeader title={`Suite ${name}`} />
        <EmptyState title="This suite has not run yet">
          A suite is recorded the first time it runs: <code>npx gavel run datasets/{name} --agent …</code>
        </EmptyState>
      </>
    );
  }
  const { suite, runs } = history;
  const points = trendSeries(runs);
  const latest = runs.at(-1);
  return (
    <>
      <PageHeader
        title={`Suite ${suite.name}`}
        description={
          <>
            {suite.description ?? "No description."} · {suite.versions.length} version{suite.versions.length === 1 ? "" : "s"}, latest{" "}
            <code className="font-mono text-xs">{suite.versions[0]?.hash.slice(0, 12)}</code> with {suite.versions[0]?.taskCount} tasks
          </>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader
            title="Over time"
            description="Pass rate against the latest threshold, cost and p95 latency of every run of this suite."
          />
          <CardBody>
            {runs.length === 0 ? (
              <p className="text-sm text-stone-600">No runs yet.</p>
            ) : (
              <TrendCharts trend={points} threshold={latest?.threshold ?? null} />
            )}
          </CardBody>
        </Card>
        <Card>
          <Table aria-label="Runs of this suite">
            <TableHead columns={["Started", "Version", "Agent", "Pass rate", "Cost", "p95", "Gate"]} />
            <tbody className="divide-y divide-stone-100">
              {[...runs].reverse().map((r) => (
                <tr key={r.id}>
                  <Td>
                    <Link href={`/runs/${encodeURIComponent(r.id)}`} className="text-indigo-700 hover:underline">
                      {r.startedAt.toISOString().replace("T", " ").slice(0, 19)}
                    </Link>
                  </Td>
                  <Td className="font-mono text-xs">{r.suiteVersion.hash.slice(0, 12)}</Td>
                  <Td className="font-mono text-xs">{r.agentSpec}</Td>
                  <Td>{pct(r.passRate)}</Td>
                  <Td>{usd(r.costUsd)}</Td>
                  <Td>{ms(r.latencyP95Ms)}</Td>
                  <Td>
                    <GateBadge passed={r.gatePassed} status={r.status} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      </div>
    </>
  );
}
