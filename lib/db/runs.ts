import "server-only";
import { db, type Prisma } from "./client";

export async function listRuns(options: { limit?: number } = {}) {
  return db().run.findMany({
    orderBy: { startedAt: "desc" },
    take: options.limit ?? 50,
    include: { suiteVersion: { include: { suite: { select: { name: true } } } } },
  });
}

export interface NewRun {
  id: string;
  suiteVersionId: string;
  agentSpec: string;
  judgeVersionId: string | null;
  judgeState?: string | null;
  judgeVersionHash?: string | null;
  judgeCalibrationId?: string | null;
  trialsPerTask: number;
  concurrency: number;
  threshold: number;
  startedAt: Date;
  createdById?: string | null;
  agentLabel: string;
  gitCommit: string | null;
  gitBranch: string | null;
  ciJob: string | null;
  onDefaultBranch: boolean;
  /** "host:pid" of the process running it. */
  runner: string | null;
}

export async function createRun(input: NewRun): Promise<void> {
  await db().run.create({ data: { ...input, status: "running", heartbeatAt: new Date() } });
}

/** The runner is alive: a run whose heartbeat stops is found interrupted (markStaleRuns). */
export async function heartbeat(id: string): Promise<void> {
  await db().run.updateMany({ where: { id, status: "running" }, data: { heartbeatAt: new Date() } });
}

/** Stopped before it finished (Ctrl-C, SIGTERM): its stored trials stay; `gavel run --resume` continues it. */
export async function interruptRun(id: string, reason: string): Promise<void> {
  await db().run.updateMany({ where: { id, status: "running" }, data: { status: "interrupted", summary: { interrupted: reason } } });
}

export interface RunTotals {
  gatePassed: boolean;
  passRate: number | null;
  scoredCount: number;
  passedCount: number;
  skippedCount: number;
  errorCount: number;
  flakyCount: number;
  costUsd: number | null;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  summary: unknown;
  recordPath: string | null;
  finishedAt: Date;
  baselineRunId: string | null;
}

export async function completeRun(id: string, totals: RunTotals): Promise<void> {
  await db().run.update({ where: { id }, data: { ...totals, status: "completed", summary: totals.summary as Prisma.InputJsonValue } });
}

/** A run that could not finish: no gate verdict (neither pass nor fail), the error kept in its summary. */
export async function failRun(id: string, message: string, finishedAt: Date): Promise<void> {
  await db().run.updateMany({ where: { id }, data: { status: "error", gatePassed: null, finishedAt, summary: { error: message } } });
}

/** A run's counted (not shadow) verdicts from one judge version: what its raw judge pass rate is made of. */
export async function countJudgeVerdicts(
  runId: string,
  judgeVersionId: string,
): Promise<{ passed: number; scored: number; shadow: number }> {
  const rows = await db().graderResult.groupBy({
    by: ["status", "shadow"],
    where: { trial: { runId }, kind: "judge", judgeVersionId },
    _count: { _all: true },
  });
  const count = (status: string, shadow: boolean) =>
    rows.filter((r) => r.status === status && r.shadow === shadow).reduce((s, r) => s + r._count._all, 0);
  const passed = count("pass", false);
  return { passed, scored: passed + count("fail", false), shadow: rows.filter((r) => r.shadow).reduce((s, r) => s + r._count._all, 0) };
}

/** A run's status, verdict and counts, for GET /api/runs/<id>. */
export async function getRunStatus(id: string) {
  const run = await db().run.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      gatePassed: true,
      passRate: true,
      scoredCount: true,
      passedCount: true,
      agentLabel: true,
      gitBranch: true,
      baselineRunId: true,
      _count: { select: { trials: true } },
    },
  });
  if (!run) return null;
  const { _count, ...rest } = run;
  return { ...rest, trials: _count.trials };
}
