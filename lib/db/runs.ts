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

/**
 * Each scored trial's judge verdict (not shadow) and its human gold label where one is settled: the gold label of a
 * binary queue at that queue's current rubric version (the first such queue when several hold the trial).
 */
export async function judgeVerdictsWithGold(
  runId: string,
  judgeVersionId: string,
): Promise<{ trialId: string; judge: "pass" | "fail"; human: "pass" | "fail" | null }[]> {
  const verdicts = await db().graderResult.findMany({
    where: { trial: { runId }, kind: "judge", judgeVersionId, shadow: false, status: { in: ["pass", "fail"] } },
    select: { trialId: true, status: true },
    orderBy: { trialId: "asc" },
  });
  const transcripts = await db().transcript.findMany({
    where: { trialId: { in: verdicts.map((v) => v.trialId) } },
    select: {
      trialId: true,
      goldLabels: {
        where: { queue: { kind: "binary" } },
        select: { value: true, rubricVersion: true, queue: { select: { rubricVersion: true } } },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  const human = new Map<string, "pass" | "fail">();
  for (const t of transcripts) {
    const gold = t.goldLabels.find((g) => g.rubricVersion === g.queue.rubricVersion && (g.value === "pass" || g.value === "fail"));
    if (t.trialId && gold) human.set(t.trialId, gold.value as "pass" | "fail");
  }
  return verdicts.map((v) => ({ trialId: v.trialId, judge: v.status as "pass" | "fail", human: human.get(v.trialId) ?? null }));
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
