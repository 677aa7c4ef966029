import "server-only";
import { FAILED_TRIALS_QUEUE, TRIALS_QUEUE } from "../trial-queues";
import { stallReason, STALLED_AFTER_SECONDS, type RunJobs } from "../run-stall";
import { bulkQuery, bulkTransaction, insertStatement, placeholders, timestampParam } from "./bulk";
import { db, type Prisma } from "./client";
import { DISTRIBUTED_RUNNER } from "./run-store";
import { GRADER_COLUMNS, TRIAL_COLUMNS, graderValues, trialId, trialValues, type TrialRow } from "./trial-writer";

/** A distributed run's runner field (defined beside runnerGone, which leaves such runs alone). */
export { DISTRIBUTED_RUNNER };

/** What a distributed run keeps in its summary while it runs (replaced by the real summary when it finishes). */
export interface DistributedPlan {
  /** The suite as the CLI was given it (a folder or file relative to the working directory, or a name). */
  suite: string;
  suiteHash: string;
  baseline: "auto" | "none" | { runId: string };
  jobs: number;
  retryLimit: number;
  expireInSeconds: number;
  /** The agent's shared rate limits, when the run set any. */
  limits?: { key: string; requestsPerMinute?: number; concurrentRequests?: number };
  problems?: string[];
}

export async function saveDistributedPlan(runId: string, plan: DistributedPlan): Promise<void> {
  await db().run.update({
    where: { id: runId },
    data: { runner: DISTRIBUTED_RUNNER, summary: { distributed: plan } as unknown as Prisma.InputJsonValue },
  });
}

export interface DistributedRun {
  id: string;
  status: string;
  suiteName: string;
  suiteHash: string;
  agentSpec: string;
  agentLabel: string | null;
  trialsPerTask: number;
  concurrency: number;
  threshold: number;
  startedAt: Date;
  source: { commit: string | null; branch: string | null; ciJob: string | null; onDefaultBranch: boolean };
  plan: DistributedPlan | null;
  /** Why workers refused jobs of this run (a suite that differs on their machine, an agent that will not load). */
  problems: string[];
  recordPath: string | null;
  gatePassed: boolean | null;
}

/** A run as `gavel wait` needs it; null when there is no such run. */
export async function findDistributedRun(id: string): Promise<DistributedRun | null> {
  const run = await db().run.findUnique({
    where: { id },
    include: { suiteVersion: { select: { hash: true, suite: { select: { name: true } } } } },
  });
  if (!run) return null;
  const summary = (run.summary ?? {}) as { distributed?: DistributedPlan };
  return {
    id: run.id,
    status: run.status,
    suiteName: run.suiteVersion.suite.name,
    suiteHash: run.suiteVersion.hash,
    agentSpec: run.agentSpec,
    agentLabel: run.agentLabel,
    trialsPerTask: run.trialsPerTask,
    concurrency: run.concurrency,
    threshold: run.threshold,
    startedAt: run.startedAt,
    source: { commit: run.gitCommit, branch: run.gitBranch, ciJob: run.ciJob, onDefaultBranch: run.onDefaultBranch },
    plan: summary.distributed ?? null,
    problems: summary.distributed?.problems ?? [],
    recordPath: run.recordPath,
    gatePassed: run.gatePassed,
  };
}

/** Has this (run, task, trial index) been stored? A retried job checks before running the trial again. */
export async function trialStored(runId: string, taskId: string, trialIndex: number): Promise<boolean> {
  return (await db().trial.count({ where: { id: trialId(runId, taskId, trialIndex) } })) > 0;
}

/**
 * Stores one trial unless its (run, task, trial index) is stored already: the first copy wins and
 * any later one (a job retried after its worker was presumed dead but was only slow) is dropped.
 * The trial's id is derived from that key, so the primary key itself enforces it. Returns whether
 * this call stored it.
 */
export async function storeTrialOnce(runId: string, row: TrialRow, worker: { id: string; attempts: number }): Promise<boolean> {
  return bulkTransaction(async (tx) => {
    const pg = tx.provider === "postgres";
    const id = trialId(runId, row.taskId, row.trialIndex);
    const columns = [...TRIAL_COLUMNS(pg), { name: "worker_id" }];
    const values = [...trialValues(tx.provider, id, runId, row, worker.attempts), worker.id];
    const [sql, params] = insertStatement(tx.provider, "trials", columns, [values]);
    const inserted = await tx.execute(`${sql} ON CONFLICT DO NOTHING`, params);
    if (inserted === 0) return false;
    if (row.graders.length)
      await tx.execute(...insertStatement(tx.provider, "grader_results", GRADER_COLUMNS(pg), graderValues(tx.provider, id, row)));
    await tx.execute(
      `UPDATE "runs" SET "heartbeat_at" = ${pg ? "$1::timestamp(3)" : "?"} WHERE "id" = ${placeholders(tx.provider, 1, 1)}`,
      [timestampParam(tx.provider, new Date()), runId],
    );
    return true;
  });
}

export interface WorkerSeen {
  /** "host:pid" of a worker, or of the process running a local run. */
  id: string;
  /** When it last stored a trial of this run (a local run: its runner's last heartbeat). */
  lastSeen: Date;
  /** Trials of this run it stored. */
  trials: number;
  /** Seen within `activeWithinMs`. */
  active: boolean;
}

export interface RunProgress {
  status: string;
  total: number;
  done: number;
  errors: number;
  /** When the first and the last stored trial finished (null before the first). */
  firstFinishedAt: Date | null;
  lastFinishedAt: Date | null;
  /** Workers that stored a trial of this run in the last `activeWithinMs`. */
  activeWorkers: string[];
  /** Every worker that stored a trial of this run, most recently seen first. */
  workers: WorkerSeen[];
  /** A distributed run's jobs in the queue; null for a local run (or a queue that cannot be read). */
  jobs: RunJobs | null;
  /** Why nobody is taking its jobs (lib/run-stall.ts), or null. */
  stalled: string | null;
}

/**
 * A distributed run's jobs in pg-boss's table: due and unclaimed, held, when one was last claimed, and
 * how many other runs' jobs workers hold. Read straight from pg-boss's own rows (a read-only query,
 * no pg-boss client), null when they cannot be read.
 */
async function runJobs(runId: string): Promise<RunJobs | null> {
  try {
    const [row] = await bulkQuery(
      `SELECT count(*) FILTER (WHERE mine AND state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
              count(*) FILTER (WHERE mine AND state = 'active')::int AS active,
              extract(epoch FROM now() - max(started_on) FILTER (WHERE mine))::float8 AS since_last_claim,
              COALESCE(extract(epoch FROM now() - min(created_on) FILTER (WHERE mine AND state IN ('created', 'retry'))), 0)::float8 AS oldest_waiting,
              count(*) FILTER (WHERE NOT mine AND state = 'active')::int AS other_active
         FROM (SELECT (data->>'runId') = $1 AS mine, state, start_after, started_on, created_on FROM pgboss.job WHERE name IN ($2, $3)) j`,
      [runId, TRIALS_QUEUE, FAILED_TRIALS_QUEUE],
    );
    if (!row) return null;
    return {
      waiting: Number(row.waiting),
      active: Number(row.active),
      sinceLastClaimSeconds: row.since_last_claim === null ? null : Number(row.since_last_claim),
      oldestWaitingSeconds: Number(row.oldest_waiting),
      otherRunsActive: Number(row.other_active),
    };
  } catch {
    return null; // no pg-boss schema yet, or a pg-boss whose tables differ: no stall is claimed
  }
}

/** done / total, errors and the workers at work: what `gavel wait` prints and the run page shows. */
export async function getRunProgress(
  runId: string,
  options: { now?: Date; activeWithinMs?: number; stalledAfterSeconds?: number } = {},
): Promise<RunProgress | null> {
  const run = await db().run.findUnique({
    where: { id: runId },
    select: { status: true, trialsPerTask: true, runner: true, heartbeatAt: true, suiteVersion: { select: { taskCount: true } } },
  });
  if (!run) return null;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - (options.activeWithinMs ?? 30_000));
  const [done, errors, span, byWorker] = await Promise.all([
    db().trial.count({ where: { runId, status: "done" } }),
    db().trial.count({ where: { runId, status: "done", verdict: "error" } }),
    db().trial.aggregate({ where: { runId, status: "done" }, _min: { finishedAt: true }, _max: { finishedAt: true } }),
    db().trial.groupBy({
      by: ["workerId"],
      where: { runId, status: "done", workerId: { not: null } },
      _max: { finishedAt: true },
      _count: { _all: true },
    }),
  ]);
  let workers: WorkerSeen[] = byWorker
    .filter((w) => w.workerId !== null && w._max.finishedAt !== null)
    .map((w) => ({ id: w.workerId!, lastSeen: w._max.finishedAt!, trials: w._count._all, active: w._max.finishedAt! >= since }));
  // A local run has one worker, its own process: seen at its heartbeat.
  if (!workers.length && run.runner && run.runner !== DISTRIBUTED_RUNNER) {
    const lastSeen = run.heartbeatAt ?? span._max.finishedAt;
    if (lastSeen) workers = [{ id: run.runner, lastSeen, trials: done, active: run.status === "running" && lastSeen >= since }];
  }
  workers.sort((a, b) => b.lastSeen.getTime() - a.lastSeen.getTime() || a.id.localeCompare(b.id));
  let jobs = run.runner === DISTRIBUTED_RUNNER && run.status === "running" && done < total(run) ? await runJobs(runId) : null;
  // pg-boss archives finished jobs after a while: a stored trial is a claim too.
  if (jobs && span._max.finishedAt) {
    const sinceStored = Math.max(0, (now.getTime() - span._max.finishedAt.getTime()) / 1000);
    jobs = { ...jobs, sinceLastClaimSeconds: Math.min(jobs.sinceLastClaimSeconds ?? sinceStored, sinceStored) };
  }
  return {
    status: run.status,
    total: total(run),
    done,
    errors,
    firstFinishedAt: span._min.finishedAt,
    lastFinishedAt: span._max.finishedAt,
    activeWorkers: workers
      .filter((w) => w.active)
      .map((w) => w.id)
      .sort(),
    workers,
    jobs,
    stalled: jobs ? stallReason(jobs, options.stalledAfterSeconds ?? STALLED_AFTER_SECONDS) : null,
  };
}

const total = (run: { trialsPerTask: number; suiteVersion: { taskCount: number } }) => run.suiteVersion.taskCount * run.trialsPerTask;

/** Notes on the run why a worker refused its jobs; shown by `gavel wait` and the run page. Keeps the first 10 distinct notes. */
export async function noteRunProblem(runId: string, message: string): Promise<void> {
  const run = await db().run.findUnique({ where: { id: runId }, select: { summary: true, status: true } });
  const plan = (run?.summary as { distributed?: DistributedPlan } | null)?.distributed;
  if (!run || run.status !== "running" || !plan) return;
  const problems = plan.problems ?? [];
  if (problems.includes(message) || problems.length >= 10) return;
  await db().run.update({
    where: { id: runId },
    data: { summary: { distributed: { ...plan, problems: [...problems, message] } } as unknown as Prisma.InputJsonValue },
  });
}

/** The task ids of a run's suite version, by task key (empty when there is no such run). */
export async function taskIdsForRun(runId: string): Promise<Map<string, string>> {
  const run = await db().run.findUnique({
    where: { id: runId },
    select: { suiteVersion: { select: { tasks: { select: { id: true, key: true } } } } },
  });
  return new Map((run?.suiteVersion.tasks ?? []).map((t) => [t.key, t.id]));
}
