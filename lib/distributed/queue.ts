import PgBoss from "pg-boss";
import { z } from "zod";

/**
 * The job queue of distributed runs: pg-boss on the run's own PostgreSQL database (its tables live
 * in the `pgboss` schema, beside Gavel's). One job per (run, task, trial index); a job that fails
 * or whose worker vanished is retried, and after its last attempt pg-boss moves it to the
 * dead-letter queue, where a worker stores the trial as an error with the reason (docs/distributed.md).
 */
export const TRIALS_QUEUE = "gavel-trials";
/** Where pg-boss moves a trial job after its last failed attempt. */
export const FAILED_TRIALS_QUEUE = "gavel-trials-failed";

/** The settings a run's jobs get unless `gavel run` is told otherwise (documented in docs/distributed.md). */
export const JOB_DEFAULTS = {
  /** Retries after the first attempt: three attempts in all. */
  retryLimit: 2,
  /** Seconds before a failed job is offered again. */
  retryDelay: 1,
  /** Beyond a task's wall-clock budget: grading and storing the trial. */
  expiryMarginSeconds: 60,
} as const;

export const TrialJobSchema = z.object({
  runId: z.string().min(1),
  /** The suite as `gavel run` was given it, resolved against the worker's working directory. */
  suite: z.string().min(1),
  /** The version the run was started with: a worker whose copy differs refuses the job. */
  suiteHash: z.string().regex(/^[0-9a-f]{64}$/),
  agentSpec: z.string().min(1),
  taskId: z.string().min(1),
  trialIndex: z.number().int().min(0),
  /** The agent's shared rate limits (gavel run --rate-limit-rpm / --rate-limit-concurrent), held across all workers. */
  limits: z
    .object({
      key: z.string().min(1),
      requestsPerMinute: z.number().int().min(1).optional(),
      concurrentRequests: z.number().int().min(1).optional(),
    })
    .optional(),
});
export type TrialJob = z.output<typeof TrialJobSchema>;

export interface QueueOptions {
  /** Run pg-boss's maintenance (expiring jobs whose worker died) every this many seconds; off when absent. */
  maintenanceIntervalSeconds?: number;
  /** Connections in pg-boss's pool. */
  poolSize?: number;
}

/** Connects pg-boss to the database (installing or migrating its schema on first use) and makes sure both queues exist. */
export async function openQueue(url: string, options: QueueOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    application_name: "gavel",
    max: options.poolSize ?? 4,
    schedule: false,
    supervise: options.maintenanceIntervalSeconds !== undefined,
    ...(options.maintenanceIntervalSeconds !== undefined ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
  // pg-boss reports background errors (a lost connection) as events; unhandled, they would crash the process.
  boss.on("error", (error) => console.error(`queue: ${error.message}`));
  await boss.start();
  await boss.createQueue(FAILED_TRIALS_QUEUE, { name: FAILED_TRIALS_QUEUE, retryLimit: 5, retryDelay: 5 });
  await boss.createQueue(TRIALS_QUEUE, {
    name: TRIALS_QUEUE,
    retryLimit: JOB_DEFAULTS.retryLimit,
    retryDelay: JOB_DEFAULTS.retryDelay,
    deadLetter: FAILED_TRIALS_QUEUE,
  });
  return boss;
}

export interface EnqueueSettings {
  retryLimit: number;
  expireInSeconds: number;
}

/** One job per (task, trial index), trial-major like a local run: every task's first trial before any second. */
export async function enqueueTrials(
  boss: PgBoss,
  base: Omit<TrialJob, "taskId" | "trialIndex">,
  taskIds: string[],
  trials: number,
  settings: EnqueueSettings,
): Promise<number> {
  const jobs: PgBoss.JobInsert<TrialJob>[] = [];
  for (let trialIndex = 0; trialIndex < trials; trialIndex++) {
    for (const taskId of taskIds) {
      jobs.push({
        name: TRIALS_QUEUE,
        data: { ...base, taskId, trialIndex },
        retryLimit: settings.retryLimit,
        retryDelay: JOB_DEFAULTS.retryDelay,
        expireInSeconds: settings.expireInSeconds,
        deadLetter: FAILED_TRIALS_QUEUE,
      });
    }
  }
  for (let i = 0; i < jobs.length; i += 1000) await boss.insert(jobs.slice(i, i + 1000));
  return jobs.length;
}
