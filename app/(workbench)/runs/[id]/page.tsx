import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/app/_components/ui/alert";
import { buttonClass } from "@/app/_components/ui/button";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { comparePath } from "@/lib/compare/links";
import { getRunProgress } from "@/lib/db/distributed";
import { markStaleRuns } from "@/lib/db/run-resume";
import { compareTarget, getRunPage, TASK_FILTERS, type TaskFilter } from "@/lib/db/run-page";
import { brokenTasksOf } from "@/lib/db/run-failures";
import { splitFailing } from "@/lib/compare/failing-split";
import { groupFailures } from "@/lib/compare/failure-groups";
import type { RunSummary } from "@/lib/engine/reducers";
import type { BaselineInfo, GateResult } from "@/lib/gates/result";
import { FailureSummary } from "../_components/failure-summary";
import { GatesCard } from "../_components/gates-card";
import { AutoRefresh } from "../_components/auto-refresh";
import { JudgeReading } from "../_components/judge-reading";
import { HumanEquivalent } from "./human-equivalent";
import { LIVE_REFRESH_MS, LiveProgress } from "../_components/live-progress";
import { RunSource } from "../_components/run-source";
import { RunSummaryCard } from "../_components/run-summary";
import { TaskFilters } from "../_components/task-filters";
import { TaskTable } from "../_components/task-table";
import { TaskTrials } from "../_components/task-trials";

export const metadata: Metadata = { title: "Run" };

type StoredSummary = Partial<RunSummary> & {
  error?: string;
  interrupted?: string;
  gates?: GateResult[];
  baseline?: BaselineInfo | null;
  distributed?: { problems?: string[] };
  taskOrder?: string[];
};

interface Search {
  task?: string;
  trial?: string;
  status?: string;
  tag?: string;
  grader?: string;
  page?: string;
}

export default async function RunPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const user = await requireRole("read");
  const { id } = await params;
  const search = await searchParams;
  const filter: TaskFilter = (TASK_FILTERS as readonly string[]).includes(search.status ?? "") ? (search.status as TaskFilter) : "all";
  const query = {
    filter,
    tag: search.tag || null,
    grader: search.grader || null,
    page: Number(search.page) || 1,
    task: search.task || null,
  };
  // A run whose runner died reads as interrupted here too, not as running forever.
  await markStaleRuns();
  const data = await getRunPage(id, query, user);
  if (!data) notFound();
  const { run } = data;
  const summary = (run.summary ?? {}) as StoredSummary;
  const target = await compareTarget(run);
  // While the run is in flight its counts come from the stored trials, re-read every couple of seconds.
  const progress = run.status === "running" ? await getRunProgress(run.id) : null;
  // Diff first: the tasks this run newly fails, grouped by where they broke. Only what the viewer may
  // see: data.stats has no task blind review hides, and hidden trials are never read.
  const split = splitFailing(summary.taskOrder ?? Object.keys(data.stats), data.stats, data.baseline?.stats ?? null);
  const groups = groupFailures(await brokenTasksOf(run.id, split.lead, { trials: data.blindTrials, taskKeys: data.blindTasks }));
  return (
    <>
      <PageHeader
        title={`Run ${run.id}`}
        description={<RunSource run={run} />}
        actions={
          target ? (
            <Link className={buttonClass("secondary", "sm")} href={comparePath(target, run.id)}>
              Compare with {target === run.baselineRunId ? "the baseline" : "the previous run"}
            </Link>
          ) : (
            <Link className={buttonClass("secondary", "sm")} href={`/runs/compare?head=${encodeURIComponent(run.id)}`}>
              Compare…
            </Link>
          )
        }
      />
      <div className="space-y-6">
        {progress ? (
          <>
            <AutoRefresh everyMs={LIVE_REFRESH_MS} />
            <LiveProgress progress={progress} now={new Date()} problems={summary.distributed?.problems} />
          </>
        ) : null}
        {data.blindTasks.size > 0 ? (
          <Alert tone="info" data-testid="run-blind-notice">
            {data.blindTasks.size === 1 ? "One task has" : `${data.blindTasks.size} tasks have`} trials in a label queue you review. Their
            verdicts, reasons and status stay hidden here until you have labeled them, so your label is your own.
          </Alert>
        ) : null}
        <FailureSummary
          run={run}
          gates={summary.gates}
          split={split}
          groups={groups}
          reasons={summary.gate?.reasons ?? []}
          gatesTable={summary.gates ? <GatesCard gates={summary.gates} baseline={summary.baseline ?? null} runId={run.id} /> : null}
        />
        <RunSummaryCard run={run} summary={summary} />
        {run.judgeVersion ? (
          <JudgeReading
            runId={run.id}
            judgeVersionId={run.judgeVersion.id}
            judgeLabel={`${run.judgeVersion.judge.name} v${run.judgeVersion.version}`}
            atRunTime={{ state: run.judgeState, hash: run.judgeVersionHash, calibrationId: run.judgeCalibrationId }}
          />
        ) : null}
        {run.judgeVersion ? (
          <HumanEquivalent
            runId={run.id}
            judgeVersionId={run.judgeVersion.id}
            atRunTime={{ state: run.judgeState, hash: run.judgeVersionHash, calibrationId: run.judgeCalibrationId }}
          />
        ) : null}
        <TaskFilters runId={run.id} query={query} data={data} />
        <TaskTable runId={run.id} query={query} data={data} />
        {data.open ? (
          <TaskTrials
            task={data.open.task}
            trials={data.open.trials}
            openTrial={Number(search.trial) || null}
            runId={run.id}
            hidden={data.blindTrials}
          />
        ) : (
          <p className="text-sm text-stone-600">
            Trials are collapsed: open a task above (or a trial's verdict) to see its trials, tool calls and grader verdicts.
          </p>
        )}
      </div>
    </>
  );
}
