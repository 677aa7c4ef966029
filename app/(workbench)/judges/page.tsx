import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { Badge } from "@/app/_components/ui/badge";
import { LinkButton } from "@/app/_components/ui/button";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { activeApproval, judgeGate } from "@/lib/db/approvals";
import { latestCalibration } from "@/lib/db/calibrations";
import { getGatePolicy } from "@/lib/db/gate-policy";
import { listJudges } from "@/lib/db/judges";
import { loadRealData } from "@/lib/db/real-data";
import { formatInterval, formatStat } from "@/lib/judges/format";
import { can } from "@/lib/roles";
import { HannaAsPublishedPending, HannaAsPublishedSection } from "./_components/hanna-as-published";
import { RealDataSection } from "./_components/real-data";

export const metadata: Metadata = { title: "Judges" };

export default async function JudgesPage() {
  const user = await requireRole("read");
  const [judges, policy, realData] = await Promise.all([listJudges(), getGatePolicy(), loadRealData()]);
  const rows = await Promise.all(
    judges.map(async (judge) => {
      const latest = judge.versions[0];
      if (!latest) return { judge, latest, approved: false, calibration: null };
      const [approval, gate, calibration] = await Promise.all([activeApproval(latest.id), judgeGate(latest.id), latestCalibration(latest.id, "test")]);
      return { judge, latest, approved: Boolean(approval) && gate.passed, calibration };
    }),
  );
  const bar = `κ ≥ ${policy.minKappa.toFixed(2)}${policy.useKappaLowerBound ? " (lower 95% bound)" : ""}, ≥ ${policy.minItems} gold items, ≥ ${policy.minPerClass} per class, on the current test split`;
  return (
    <>
      <PageHeader
        title="Judges"
        description={<>Every pinned judge version, measured against human labels. Only an approved version that clears the bar may gate CI: {bar}.</>}
        actions={
          <>
            {can(user, "settings:manage") ? <LinkButton href="/judges/policy">Gate policy</LinkButton> : null}
            {can(user, "judges:write") ? <LinkButton href="/judges/new" tone="primary">New judge</LinkButton> : null}
          </>
        }
      />
      {rows.length === 0 ? (
        <EmptyState
          title="No judges yet"
          action={can(user, "judges:write") ? <LinkButton href="/judges/new" tone="primary">Create a judge</LinkButton> : undefined}
        >
          A judge is a pinned provider, model, prompt and parser. Create one, run it over the dev split of a labeled set to tune it, then calibrate it on the held-out test split.
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <thead className="bg-stone-50">
              <tr>
                <Th>Judge</Th>
                <Th>Latest version</Th>
                <Th>Provider / model</Th>
                <Th>Test κ</Th>
                <Th>Wald 95%</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map(({ judge, latest, approved, calibration }) => (
                <tr key={judge.id}>
                  <Td className="font-medium">
                    <Link className="text-indigo-700 hover:underline" href={`/judges/${judge.id}`}>{judge.name}</Link>
                  </Td>
                  <Td>{latest ? <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${latest.id}`}>v{latest.version}</Link> : "—"}</Td>
                  <Td className="font-mono text-xs">{latest ? `${latest.provider} / ${latest.model}` : "—"}</Td>
                  <Td className="font-mono">{calibration ? formatStat(calibration.kappa) : "—"}</Td>
                  <Td className="font-mono">{calibration ? formatInterval(calibration.kappaCiLow !== null && calibration.kappaCiHigh !== null ? [calibration.kappaCiLow, calibration.kappaCiHigh] : null) : "—"}</Td>
                  <Td>{approved ? <Badge tone="good">approved</Badge> : <Badge tone="muted">shadow</Badge>}</Td>
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
