import type { Metadata } from "next";
import Link from "next/link";
import { JudgeStateBadge } from "@/app/_components/judge-state-badge";
import { Badge } from "@/app/_components/ui/badge";
import { Button, LinkButton } from "@/app/_components/ui/button";
import { Card } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { inputClass } from "@/app/_components/ui/field";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { getGatePolicy } from "@/lib/db/gate-policy";
import { importedRealData } from "@/lib/db/real-data";
import { judgeOverview, type JudgeOrigin } from "@/lib/judging/overview";
import { formatStat } from "@/lib/judges/format";
import { can } from "@/lib/roles";
import { CalibrationInterval } from "./_components/calibration-interval";
import { RealDataLinks } from "./_components/real-data-links";

export const metadata: Metadata = { title: "Judges" };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function JudgesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requireRole("read");
  const search = await searchParams;
  const query = one(search.q)?.trim() ?? "";
  const originParam = one(search.origin);
  const origin: JudgeOrigin = originParam === "yours" || originParam === "datasets" ? originParam : "all";
  const requested = Number(one(search.page) ?? "1");
  const [overview, policy, imported] = await Promise.all([
    judgeOverview({ page: Number.isInteger(requested) && requested > 0 ? requested : 1, query, origin }),
    getGatePolicy(),
    importedRealData(),
  ]);
  const { judges, total, page, pageSize } = overview;
  // One row per judge: the version that gates, else the best calibrated, else the newest; the others fold under it.
  const rows = judges.flatMap(({ judge, rows: versions }) =>
    versions.length ? [{ judge, first: true, others: versions.slice(1), ...versions[0]! }] : [],
  );
  const bar = `κ ≥ ${policy.minKappa.toFixed(2)}${policy.useKappaLowerBound ? " (lower 95% bound)" : ""}, ≥ ${policy.minItems} gold items, ≥ ${policy.minPerClass} per class, on the current test split`;
  const href = (changes: { page?: number; q?: string }) => {
    const params = new URLSearchParams();
    const q = changes.q ?? query;
    const p = changes.page ?? page;
    if (q) params.set("q", q);
    if (origin !== "all") params.set("origin", origin);
    if (p > 1) params.set("page", String(p));
    const s = params.toString();
    return s ? `/judges?${s}` : "/judges";
  };
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <>
      <PageHeader
        title="Judges"
        description={
          <>
            Each judge by the version that gates (else its best on test, else its newest; the others fold under it), with its state: shadow
            (never approved), gating, stale (its gold set changed), demoted (a recalibration or canary missed the bar) or revoked, and the
            stored test calibration its gate reads. An admin approves a version on a label set where it clears the bar: {bar}.
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
      {total === 0 && !query ? (
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
          <form method="get" action="/judges" role="search" className="flex flex-wrap items-end gap-3 border-b border-stone-100 px-4 py-3">
            <label className="flex flex-col gap-1 text-sm text-stone-700">
              Judge name contains
              <input name="q" defaultValue={query} placeholder="e.g. llmbar" className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 text-sm text-stone-700">
              Show
              <select name="origin" defaultValue={origin} className={inputClass}>
                <option value="all">every judge</option>
                <option value="yours">your judges (not LLMBar, HANNA)</option>
                <option value="datasets">the published data sets&apos; judges (demo)</option>
              </select>
            </label>
            <Button type="submit" tone="secondary">
              Filter
            </Button>
            {query || origin !== "all" ? (
              <Link className="pb-2 text-sm text-indigo-700 hover:underline" href="/judges">
                Show every judge
              </Link>
            ) : null}
          </form>
          {rows.length === 0 ? (
            <p className="px-4 py-6 text-sm text-stone-600">
              No judge {query ? <>whose name contains &ldquo;{query}&rdquo; </> : null}
              {origin === "yours"
                ? "of your own yet: create one with New judge."
                : origin === "datasets"
                  ? "from the published data sets."
                  : "."}
            </p>
          ) : (
            <Table>
              <TableHead columns={["Judge", "Version", "Provider / model", "State", "Label set", "Test κ", "95% interval", "Gate"]} />
              <tbody className="divide-y divide-stone-100" data-testid="judges-overview">
                {rows.map(({ judge, first: firstRow, version, status, calibration, latest, others }) => (
                  <tr key={version.id} data-testid={`judge-row-${judge.name}-v${version.version}`}>
                    <Td className="font-medium">
                      {firstRow ? (
                        <>
                          <Link className="text-indigo-700 hover:underline" href={`/judges/${judge.id}`}>
                            {judge.name}
                          </Link>
                          {others.length > 0 ? (
                            <details className="mt-1 text-xs font-normal" data-testid={`other-versions-${judge.name}`}>
                              <summary className="cursor-pointer text-stone-500">
                                {others.length} other version{others.length === 1 ? "" : "s"}
                              </summary>
                              <ul className="mt-1 space-y-1">
                                {others.map((o) => (
                                  <li key={o.version.id} className="flex flex-wrap items-center gap-1">
                                    <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${o.version.id}`}>
                                      v{o.version.version}
                                    </Link>
                                    <span className="font-mono text-stone-500">{o.version.model}</span>
                                    <JudgeStateBadge state={o.status.state} gating={o.status.gating} title={o.status.reason} />
                                    <span className="font-mono text-stone-600">
                                      κ {o.calibration ? formatStat(o.calibration.kappa) : "—"}
                                    </span>
                                  </li>
                                ))}
                              </ul>
                            </details>
                          ) : null}
                        </>
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
                    <Td className="text-sm">{status.labelSet ? status.labelSet.name : <span className="text-stone-400">—</span>}</Td>
                    <Td className="font-mono" data-stat="kappa">
                      {calibration ? (
                        <Link className="text-indigo-700 hover:underline" href={`/judges/calibrations/${calibration.id}`}>
                          {formatStat(calibration.kappa)}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </Td>
                    <Td className="font-mono" data-stat="interval">
                      <CalibrationInterval row={calibration ?? null} />
                    </Td>
                    <Td data-stat="gate">
                      {calibration ? (
                        <Badge
                          tone={status.gate.passed ? "good" : "bad"}
                          title={
                            status.gate.rules
                              .filter((r) => !r.passed)
                              .map((r) => `${r.label}: ${r.actual}`)
                              .join("\n") || "every rule holds"
                          }
                        >
                          {status.gate.passed ? "clears the bar" : "fails the gate"}
                        </Badge>
                      ) : (
                        <span className="text-xs text-stone-500">not calibrated on test</span>
                      )}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <nav aria-label="Pages" className="flex items-center justify-between border-t border-stone-100 px-4 py-3 text-sm">
            <span className="text-stone-600" data-testid="judges-range">
              Judges {first}–{last} of {total}
            </span>
            <span className="flex gap-3">
              {page > 1 ? (
                <Link className="text-indigo-700 hover:underline" href={href({ page: page - 1 })}>
                  ← Previous
                </Link>
              ) : null}
              {last < total ? (
                <Link className="text-indigo-700 hover:underline" href={href({ page: page + 1 })}>
                  Next →
                </Link>
              ) : null}
            </span>
          </nav>
        </Card>
      )}
      <div className="mt-8">
        <RealDataLinks imported={imported} />
      </div>
    </>
  );
}
