import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireRole } from "@/lib/auth/session";
import { getRunReport } from "@/lib/db/runs";
import type { RunSummary, TaskStats } from "@/lib/engine/reducers";
import type { BaselineInfo, GateResult } from "@/lib/gates/result";
import { GatesCard } from "../_components/gates-card";
import { JudgeReading } from "../_components/judge-reading";
import { RunSummaryCard } from "../_components/run-summary";
import { TaskTable } from "../_components/task-table";
import { TaskTrials } from "../_components/task-trials";

export const metadata: Metadata = { title: "Run" };

type StoredSummary = Partial<RunSummary> & { error?: string; interrupted?: string; tasks?: Record<string, TaskStats>; gates?: GateResult[]; baseline?: BaselineInfo | null };

/** Tasks whose trials are shown in full: every task with a trial that did not pass, up to this many. */
const MAX_OPEN_TASKS = 50;

export default async function RunPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ task?: string }> }) {
  await requireRole("read");
  const { id } = await params;
  const { task: selected } = await searchParams;
  const report = await getRunReport(id);
  if (!report) notFound();
  const { run, tasks } = report;
  const summary = (run.summary ?? {}) as StoredSummary;
  const trialsByTask = new Map(tasks.map((t) => [t.id, run.trials.filter((trial) => trial.taskId === t.id)]));
  const troubled = tasks.filter((t) => trialsByTask.get(t.id)!.some((trial) => trial.verdict !== "pass")).slice(0, MAX_OPEN_TASKS);
  const shown = new Set([...troubled.map((t) => t.key), ...(selected ? [selected] : [])]);
  const suiteName = run.suiteVersion.suite.name;
  return (
    <>
      <PageHeader
        title={`Run ${run.id}`}
        description={
          <>
            Suite <Link className="font-medium text-indigo-700 underline" href={`/suites/${encodeURIComponent(suiteName)}`}>{suiteName}</Link> version{" "}
            <code className="font-mono text-xs">{run.suiteVersion.hash.slice(0, 12)}</code> · agent <code className="font-mono text-xs">{run.agentSpec}</code> · {run.trialsPerTask}{" "}
            trial{run.trialsPerTask === 1 ? "" : "s"} per task · judge {run.judgeVersion ? `${run.judgeVersion.judge.name} v${run.judgeVersion.version}` : "none"} · started {run.startedAt.toISOString()}
            {run.agentLabel && run.agentLabel !== run.agentSpec ? <> · label <code className="font-mono text-xs">{run.agentLabel}</code></> : null}
            {run.gitBranch ? <> · branch <code className="font-mono text-xs">{run.gitBranch}</code>{run.onDefaultBranch ? " (default)" : ""}</> : null}
            {run.gitCommit ? <> · commit <code className="font-mono text-xs">{run.gitCommit.slice(0, 12)}</code></> : null}
            {run.ciJob ? (
              <>
                {" "}· {/^https?:\/\//.test(run.ciJob) ? <a className="text-indigo-700 underline" href={run.ciJob} rel="noreferrer">CI job</a> : <>CI job {run.ciJob}</>}
              </>
            ) : null}
            {run.recordPath ? (
              <>
                {" "}· record <code className="font-mono text-xs">{run.recordPath}</code>
              </>
            ) : null}
          </>
        }
      />
      <div className="space-y-6">
        <RunSummaryCard run={run} summary={summary} />
        {summary.gates ? <GatesCard gates={summary.gates} baseline={summary.baseline ?? null} runId={run.id} /> : null}
        {run.judgeVersion ? (
          <JudgeReading
            runId={run.id}
            judgeVersionId={run.judgeVersion.id}
            judgeLabel={`${run.judgeVersion.judge.name} v${run.judgeVersion.version}`}
            atRunTime={{ state: run.judgeState, hash: run.judgeVersionHash, calibrationId: run.judgeCalibrationId }}
          />
        ) : null}
        <Card>
          <TaskTable tasks={tasks} trialsByTask={trialsByTask} stats={summary.tasks ?? {}} k={run.trialsPerTask} runId={run.id} />
        </Card>
        <section className="space-y-4" aria-label="Trials">
          <h2 className="text-lg font-semibold">Trials</h2>
          {shown.size === 0 ? <p className="text-sm text-stone-600">Every trial passed. Pick a task above to see its trials.</p> : null}
          {tasks
            .filter((t) => shown.has(t.key))
            .map((t) => (
              <TaskTrials key={t.id} task={t} trials={trialsByTask.get(t.id)!} />
            ))}
        </section>
      </div>
    </>
  );
}
