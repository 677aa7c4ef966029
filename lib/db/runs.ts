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
 * A run's scored (pass/fail, counted) judge verdicts, each with its trial's human gold label when one is settled at its
 * queue's current rubric. The human-equivalent pass rate needs the labeled trials to be a random sample of the run, so a
 * label whose queue did not take its trials at random is marked with why (`notRandom`): a queue made from this run with
 * a pass sample below 1 (every trial that did not pass, only some passes), or an item a stratified draw put in a queue
 * with its own inclusion probability.
 */
export async function judgeVerdictsWithGold(
  runId: string,
  judgeVersionId: string,
): Promise<{ trialId: string; judge: "pass" | "fail"; human: "pass" | "fail" | null; notRandom: string | null }[]> {
  const verdicts = await db().graderResult.findMany({
    where: { trial: { runId }, kind: "judge", judgeVersionId, shadow: false, status: { in: ["pass", "fail"] } },
    select: { trialId: true, status: true },
    orderBy: { trialId: "asc" },
  });
  const transcripts = await db().transcript.findMany({
    where: { trialId: { in: verdicts.map((v) => v.trialId) } },
    select: {
      id: true,
      trialId: true,
      goldLabels: {
        where: { queue: { kind: "binary" } },
        select: { value: true, rubricVersion: true, queueId: true, queue: { select: { rubricVersion: true, name: true } } },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  const human = new Map<string, { value: "pass" | "fail"; queueId: string; queueName: string; transcriptId: string }>();
  for (const t of transcripts) {
    const gold = t.goldLabels.find((g) => g.rubricVersion === g.queue.rubricVersion && (g.value === "pass" || g.value === "fail"));
    if (t.trialId && gold)
      human.set(t.trialId, { value: gold.value as "pass" | "fail", queueId: gold.queueId, queueName: gold.queue.name, transcriptId: t.id });
  }
  const why = await notRandomReasons(runId, [...human.values()]);
  return verdicts.map((v) => {
    const gold = human.get(v.trialId);
    return {
      trialId: v.trialId,
      judge: v.status as "pass" | "fail",
      human: gold?.value ?? null,
      notRandom: gold ? (why.get(`${gold.queueId}/${gold.transcriptId}`) ?? null) : null,
    };
  });
}

/** For each (queue, transcript) of these gold labels whose queue did not take it at random, why. */
async function notRandomReasons(runId: string, golds: readonly { queueId: string; queueName: string; transcriptId: string }[]) {
  const out = new Map<string, string>();
  if (golds.length === 0) return out;
  const queueIds = [...new Set(golds.map((g) => g.queueId))];
  const names = new Map(golds.map((g) => [g.queueId, g.queueName]));
  const [created, drawn] = await Promise.all([
    db().auditEvent.findMany({ where: { action: "queue.created", targetId: { in: queueIds } }, select: { targetId: true, details: true } }),
    db().queueItem.findMany({
      where: { queueId: { in: queueIds }, transcriptId: { in: golds.map((g) => g.transcriptId) }, inclusionProbability: { not: null } },
      select: { queueId: true, transcriptId: true, inclusionProbability: true },
    }),
  ]);
  const partial = new Map<string, number>();
  for (const event of created) {
    const details = (event.details ?? {}) as { runId?: unknown; passSample?: unknown };
    if (event.targetId && details.runId === runId && typeof details.passSample === "number" && details.passSample < 1)
      partial.set(event.targetId, details.passSample);
  }
  for (const g of golds) {
    const sample = partial.get(g.queueId);
    if (sample !== undefined)
      out.set(
        `${g.queueId}/${g.transcriptId}`,
        `queue "${names.get(g.queueId)}" took every trial of this run that did not pass but only ${Math.round(sample * 100)}% of its passes`,
      );
  }
  for (const item of drawn)
    out.set(
      `${item.queueId}/${item.transcriptId}`,
      `queue "${names.get(item.queueId)}" got it from a stratified draw (inclusion probability ${item.inclusionProbability!.toFixed(2)})`,
    );
  return out;
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
