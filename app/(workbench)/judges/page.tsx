import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { JudgeStateBadge } from "@/app/_components/judge-state-badge";
import { LinkButton } from "@/app/_components/ui/button";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { judgeOverview } from "@/lib/judging/overview";
import { getGatePolicy } from "@/lib/db/gate-policy";
import { loadRealData } from "@/lib/judging/real-data";
import { formatStat } from "@/lib/judges/format";
import { can } from "@/lib/roles";
import { HannaAsPublishedPending, HannaAsPublishedSection } from "./_components/hanna-as-published";
import { CalibrationInterval } from "./_components/calibration-interval";
import { RealDataSection } from "./_components/real-data";

export const metadata: Metadata = { title: "Judges" };

export default async function JudgesPage() {
  const user = await requireRole("read");
  const [judges, policy, realData] = await Promise.all([judgeOverview(), getGatePolicy(), loadRealData()]);
  const rows = judges.flatMap(({ judge, rows: versions }) => versions.map((row, i) => ({ judge, first: i === 0, ...row })));
  const bar = `κ ≥ ${policy.minKappa.toFixed(2)}${policy.useKappaLowerBound ? " (lower 95% bound)" : ""}, ≥ ${policy.minItems} gold items, ≥ ${policy.minPerClass} per class, on the current test split`;
  return (
    <>
      <PageHeader
        title="Judges"
        description={
          <>
            Every judge&apos;s newest version and every version that gates or was ever approved, with its state: shadow (never approved),
            gating, stale (its gold set changed), demoted (a recalibration or canary missed the bar) or revoked. An admin approves a version
            on a label set where it clears the bar: {bar}.
          </>
        }
        actions={
          <>
            {can(user, "settings:manage") ? <LinkButton href="/judges/policy">Gate policy</LinkButton> : null}
            {can(user, "judges:write") ? (
              <LinkButton href="/judges/new" tone="primary">
                New judge
              </LinkButton>
            ) : null}
          </>
        }
      />
      {rows.length === 0 ? (
        <EmptyState
          title="No judges yet"
          action={
            can(user, "judges:write") ? (
              <LinkButton href="/judges/new" tone="primary">
                Create a judge
              </LinkButton>
            ) : undefined
          }
        >
          A judge is a pinned provider, model, prompt and parser. Create one, run it over the dev split of a labeled set to tune it, then
          calibrate it on the held-out test split.
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <thead className="bg-stone-50">
              <tr>
                <Th>Judge</Th>
                <Th>Version</Th>
                <Th>Provider / model</Th>
                <Th>State</Th>
                <Th>Label set</Th>
                <Th>Test κ</Th>
                <Th>95% interval</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100" data-testid="judges-overview">
              {rows.map(({ judge, first, version, status, calibration, latest }) => (
                <tr key={version.id} data-testid={`judge-row-${judge.name}-v${version.version}`}>
                  <Td className="font-medium">
                    {first ? (
                      <Link className="text-indigo-700 hover:underline" href={`/judges/${judge.id}`}>
                        {judge.name}
                      </Link>
                    ) : null}
                  </Td>
                  <Td>
                    <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${version.id}`}>
                      v{version.version}
                    </Link>
                    {latest ? <span className="ml-1 text-xs text-stone-500">latest</span> : null}
                  </Td>
                  <Td className="font-mono text-xs">{`${version.provider} / ${version.model}`}</Td>
                  <Td>
                    <JudgeStateBadge state={status.state} gating={status.gating} title={status.reason} />
                  </Td>
                  <Td className="text-sm">
                    {status.labelSet && status.approval ? status.labelSet.name : <span className="text-stone-400">—</span>}
                  </Td>
                  <Td className="font-mono">{calibration ? formatStat(calibration.kappa) : "—"}</Td>
                  <Td className="font-mono">
                    <CalibrationInterval row={calibration ?? null} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      <div className="mt-8">
        <RealDataSection
          data={realData}
          asPublished={
            <Suspense fallback={<HannaAsPublishedPending />}>
              <HannaAsPublishedSection />
            </Suspense>
          }
        />
      </div>
    </>
  );
}
