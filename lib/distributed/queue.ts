import PgBoss from "pg-boss";
import { z } from "zod";
import { withAdvisoryLock } from "../db/advisory-lock";

/**
 * The job queue of distributed runs: pg-boss on the run's own PostgreSQL database (its tables live
 * in the `pgboss` schema, beside Gavel's). One job per (run, task, trial index); a job that fails
 * or whose worker vanished is retried, and after its last attempt pg-boss moves it to the
 * dead-letter queue, where a worker stores the trial as an error with the reason (docs/distributed.md).
 */
export { FAILED_TRIALS_QUEUE, TRIALS_QUEUE } from "../trial-queues";
import { FAILED_TRIALS_QUEUE, TRIALS_QUEUE } from "../trial-queues";

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

export interface SetupRetry {
  /** Tries in all before giving up. */
  attempts: number;
  /** The wait before the second try; doubled before each further one. */
  firstDelayMs: number;
  /** Told of each failed try that will be retried. */
  onRetry?: (attempt: number, error: unknown, delayMs: number) => void;
}

const SETUP_RETRY: SetupRetry = { attempts: 5, firstDelayMs: 500 };

/** Any fixed 64-bit number: the advisory lock every Gavel process takes to set the queue up. */
const SETUP_LOCK = 4_712_640_203_551n;

/**
 * Connects pg-boss to the database (installing or migrating its schema on first use) and makes sure
 * both queues exist. Setting up is serialized across processes with a PostgreSQL advisory lock:
 * several workers started together on a fresh database otherwise race through pg-boss's schema and
 * queue creation and deadlock (4 processes at once deadlocked in every round tried). A try that
 * fails anyway is retried with backoff; past the last, the pool is stopped and the error thrown, so
 * a worker exits non-zero (a supervisor restarts it) instead of living on with no queue.
 */
export async function openQueue(url: string, options: QueueOptions = {}, retry: SetupRetry = SETUP_RETRY): Promise<PgBoss> {
  for (let attempt = 1; ; attempt++) {
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
    try {
      await withAdvisoryLock(url, SETUP_LOCK, async () => {
        await boss.start();
        await boss.createQueue(FAILED_TRIALS_QUEUE, { name: FAILED_TRIALS_QUEUE, retryLimit: 5, retryDelay: 5 });
        await boss.createQueue(TRIALS_QUEUE, {
          name: TRIALS_QUEUE,
          retryLimit: JOB_DEFAULTS.retryLimit,
          retryDelay: JOB_DEFAULTS.retryDelay,
          deadLetter: FAILED_TRIALS_QUEUE,
        });
      });
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= retry.attempts) throw new Error(`could not set up the job queue (${attempt} tries): ${message}`);
      const delayMs = retry.firstDelayMs * 2 ** (attempt - 1);
      retry.onRetry?.(attempt, error, delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
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
