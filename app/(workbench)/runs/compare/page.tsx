import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/app/_components/ui/alert";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { compareRuns } from "@/lib/compare/compare";
import { runPath } from "@/lib/compare/links";
import { hiddenTrialsOf } from "@/lib/db/blind";
import { firstFailingTrials, loadCompareRun } from "@/lib/db/compare";
import { listRuns } from "@/lib/db/runs";
import { pct } from "@/lib/format";
import { points } from "@/lib/format";
import { ChangeTable, MetricTable } from "./change-table";
import { RunPicker } from "./run-picker";

export const metadata: Metadata = { title: "Compare runs" };

export default async function ComparePage({ searchParams }: { searchParams: Promise<{ base?: string; head?: string }> }) {
  const user = await requireRole("read");
  const { base: baseId, head: headId } = await searchParams;
  const runs = await listRuns({ limit: 200 });
  const picker = (
    <RunPicker
      runs={runs.map((r) => ({
        id: r.id,
        label: `${r.startedAt.toISOString().replace("T", " ").slice(0, 16)} · ${r.suiteVersion.suite.name} · ${r.agentLabel ?? r.agentSpec} · ${pct(r.passRate)}`,
      }))}
      base={baseId}
      head={headId}
    />
  );
  if (!baseId || !headId) {
    return (
      <>
        <PageHeader
          title="Compare runs"
          description="Two runs side by side: which tasks started failing, passing or flaking, how every metric moved, and the paired difference in pass rate."
        />
        <div className="space-y-6">
          {picker}
          <EmptyState title="Pick two runs">
            Choose a base (the earlier run, say the default branch) and a head (the change under test). Every run page links here with its
            baseline filled in.
          </EmptyState>
        </div>
      </>
    );
  }
  const [loadedBase, loadedHead] = await Promise.all([loadCompareRun(baseId), loadCompareRun(headId)]);
  if (!loadedBase || !loadedHead) {
    return (
      <>
        <PageHeader title="Compare runs" />
        <div className="space-y-6">
          {picker}
          <EmptyState title="Run not found">No run {!loadedBase ? baseId : headId}. Pick one from the lists above.</EmptyState>
        </div>
      </>
    );
  }
  // Blind review (lib/db/blind.ts): a task with a trial the viewer may still label is left out of both sides.
  const hidden = new Set((await Promise.all([hiddenTrialsOf(user, baseId), hiddenTrialsOf(user, headId)])).flatMap((h) => [...h.taskKeys]));
  const base = { ...loadedBase, tasks: loadedBase.tasks.filter((t) => !hidden.has(t.id)) };
  const head = { ...loadedHead, tasks: loadedHead.tasks.filter((t) => !hidden.has(t.id)) };
  const c = compareRuns(base, head);
  const changed = [...c.newlyFailing, ...c.newlyFlaky, ...c.otherChanges].map((t) => t.taskId);
  const failing = await firstFailingTrials(head.runId, changed);
  const d = c.passRateDifference;
  return (
    <>
      <PageHeader
        title="Compare runs"
        description={
          <>
            <Link className="text-indigo-700 underline" href={runPath(base.runId)}>
              {base.runId}
            </Link>{" "}
            (base, {base.agentLabel ?? base.agentSpec}
            {base.branch ? ` on ${base.branch}` : ""}) →{" "}
            <Link className="text-indigo-700 underline" href={runPath(head.runId)}>
              {head.runId}
            </Link>{" "}
            (head, {head.agentLabel ?? head.agentSpec}
            {head.branch ? ` on ${head.branch}` : ""}) · suite {head.suiteName}
            {c.sameSuiteVersion
              ? ""
              : ` (different versions: ${base.suiteHash.slice(0, 12)} → ${head.suiteHash.slice(0, 12)}; tasks whose contract changed are not paired)`}
          </>
        }
      />
      <div className="space-y-6">
        {picker}
        {hidden.size > 0 ? (
          <Alert tone="info" data-testid="compare-blind-notice">
            {hidden.size === 1 ? "One task is" : `${hidden.size} tasks are`} left out: they have trials in a label queue you review, and
            their status shows once you have labeled them.
          </Alert>
        ) : null}
        <Card aria-label="Summary">
          <CardBody>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
              <div>
                <dt className="text-xs uppercase tracking-wide text-stone-500">Pass rate</dt>
                <dd className="mt-0.5 text-lg font-semibold" data-testid="compare-pass-rate">
                  {pct(base.passRate)} → {pct(head.passRate)}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-xs uppercase tracking-wide text-stone-500">Paired difference (95% CI, {d.n} tasks)</dt>
                <dd className="mt-0.5 text-lg font-semibold" data-testid="compare-paired">
                  {points(d.mean)}{" "}
                  {d.low === null ? (
                    <span className="text-sm font-normal text-stone-500">(interval undefined below two tasks)</span>
                  ) : (
                    <span className="text-sm font-normal text-stone-600">
                      [{points(d.low)}, {points(d.high)}]
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-xs uppercase tracking-wide text-stone-500">Newly failing</dt>
                <dd className="mt-0.5 text-lg font-semibold text-red-800">{c.newlyFailing.length}</dd>
              </div>
              <div>
                <dt className="text-xs uppercase tracking-wide text-stone-500">Newly passing</dt>
                <dd className="mt-0.5 text-lg font-semibold text-emerald-800">{c.newlyPassing.length}</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-stone-500">
              Paired over tasks scored in both runs with the same contract: the mean of (head − base) per-task pass rates, with a Student-t
              interval (Miller 2024, “Adding Error Bars to Evals”).
            </p>
          </CardBody>
        </Card>
        <ChangeTable title="Newly failing" changes={c.newlyFailing} failing={failing} headRunId={head.runId} />
        <ChangeTable title="Newly flaky" changes={c.newlyFlaky} failing={failing} headRunId={head.runId} />
        <ChangeTable title="Newly passing" changes={c.newlyPassing} failing={failing} headRunId={head.runId} />
        <ChangeTable title="Other status changes" changes={c.otherChanges} failing={failing} headRunId={head.runId} />
        <Card aria-label="Unchanged">
          <CardHeader
            title={`Unchanged (${c.unchanged.length})`}
            description={
              [
                c.added.length ? `only in head: ${c.added.join(", ")}` : null,
                c.removed.length ? `only in base: ${c.removed.join(", ")}` : null,
              ]
                .filter(Boolean)
                .join(" · ") || undefined
            }
          />
          {c.unchanged.length ? (
            <CardBody>
              <details>
                <summary className="cursor-pointer text-sm text-stone-600">
                  Show the {c.unchanged.length} tasks whose status did not change
                </summary>
                <p className="mt-2 font-mono text-xs text-stone-700">{c.unchanged.join(", ")}</p>
              </details>
            </CardBody>
          ) : null}
        </Card>
        <MetricTable metrics={c.metrics} />
      </div>
    </>
  );
}
