import "server-only";
import { db } from "./client";

export interface RunListFilter {
  suite?: string | null;
  branch?: string | null;
  label?: string | null;
}

export async function listRuns(options: { limit?: number } & RunListFilter = {}) {
  return db().run.findMany({
    where: {
      ...(options.suite ? { suiteVersion: { suite: { name: options.suite } } } : {}),
      ...(options.branch ? { gitBranch: options.branch } : {}),
      ...(options.label ? { agentLabel: options.label } : {}),
    },
    orderBy: { startedAt: "desc" },
    take: options.limit ?? 50,
    include: { suiteVersion: { include: { suite: { select: { name: true } } } } },
  });
}

/** The values the Runs list can be filtered by: suites, branches and agent labels that have runs. */
export async function runFilterOptions(): Promise<{ suites: string[]; branches: string[]; labels: string[] }> {
  const [suites, branches, labels] = await Promise.all([
    db().suite.findMany({ where: { versions: { some: { runs: { some: {} } } } }, select: { name: true }, orderBy: { name: "asc" } }),
    db().run.findMany({
      where: { gitBranch: { not: null } },
      distinct: ["gitBranch"],
      select: { gitBranch: true },
      orderBy: { gitBranch: "asc" },
    }),
    db().run.findMany({
      where: { agentLabel: { not: null } },
      distinct: ["agentLabel"],
      select: { agentLabel: true },
      orderBy: { agentLabel: "asc" },
    }),
  ]);
  return {
    suites: suites.map((s) => s.name),
    branches: branches.map((b) => b.gitBranch!),
    labels: labels.map((l) => l.agentLabel!),
  };
}

// The run row's writes during a run live in run-store.ts (plain SQL: `gavel run` starts without the Prisma client).
export { completeRun, createRun, failRun, heartbeat, interruptRun, type NewRun, type RunTotals } from "./run-store";

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
