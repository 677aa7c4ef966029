import { hostname } from "node:os";
import type PgBoss from "pg-boss";
import type { SharedLimits } from "@/lib/db/rate-limits";
import { FAILED_TRIALS_QUEUE, TRIALS_QUEUE } from "./queue";
import { createJobCache, runTrialJob, storeFailedTrialJob, type JobOutcome } from "./trial-job";

export interface WorkerOptions {
  /** Trials in flight at once in this process. */
  concurrency: number;
  /** How long to wait before asking the queue again when it had nothing. */
  pollMs?: number;
  /** Stop after this many jobs (tests and benchmarks); forever when absent. */
  maxJobs?: number;
  log?: (line: string) => void;
  /** The shared rate limits (PostgreSQL) that runs with --rate-limit-* flags need; closed when the worker stops. */
  limits?: SharedLimits;
}

export interface RunningWorker {
  id: string;
  /** Resolves when the worker has stopped and every job it took has been completed or failed. */
  done: Promise<void>;
  /** Takes no new jobs; the ones in flight finish (a second stop() does not wait for them). */
  stop(): void;
  readonly handled: number;
}

export const workerId = () => `${hostname()}:${process.pid}`;

/**
 * A worker: takes trial jobs from pg-boss as slots free up (fetch, then complete or fail each job
 * itself, so one slow trial never holds up the others), and turns jobs pg-boss gave up on into
 * error trials. It asks the queue again as soon as a slot frees, and waits `pollMs` only when the
 * queue had nothing: pg-boss's own work() loop waits its polling interval after every batch, which
 * at 200 ms per trial would leave most slots idle.
 */
export function startWorker(boss: PgBoss, options: WorkerOptions): RunningWorker {
  const id = workerId();
  const cache = createJobCache(options.limits);
  const log = options.log ?? (() => undefined);
  const pollMs = options.pollMs ?? 500;
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let handled = 0;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));

  const track = (work: Promise<void>) => {
    const p = work.finally(() => {
      inFlight.delete(p);
      handled++;
      if (options.maxJobs !== undefined && handled >= options.maxJobs) stopping = true;
      wake?.();
    });
    inFlight.add(p);
  };

  const handle = async (queue: string, job: PgBoss.JobWithMetadata<unknown>, work: () => Promise<JobOutcome>) => {
    try {
      const outcome = await work();
      await boss.complete(queue, job.id, outcome);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`job ${job.id} (${queue}) failed on attempt ${job.retryCount + 1} of ${job.retryLimit + 1}: ${message}`);
      await boss.fail(queue, job.id, { message }).catch((e: Error) => log(`could not report the failure to the queue: ${e.message}`));
    }
  };

  const loop = async () => {
    while (!stopping) {
      const free = options.concurrency - inFlight.size;
      if (free <= 0) {
        await Promise.race(inFlight);
        continue;
      }
      // Jobs pg-boss gave up on first: each one completes a run that is otherwise waiting for it.
      const failed = await boss.fetch<unknown>(FAILED_TRIALS_QUEUE, { batchSize: free, includeMetadata: true });
      for (const job of failed) {
        track(
          handle(FAILED_TRIALS_QUEUE, job, () => storeFailedTrialJob(job.data, job.output, { workerId: id, attempts: job.retryLimit + 1 })),
        );
      }
      const room = free - failed.length;
      const jobs = room > 0 ? await boss.fetch<unknown>(TRIALS_QUEUE, { batchSize: room, includeMetadata: true }) : [];
      for (const job of jobs) {
        track(handle(TRIALS_QUEUE, job, () => runTrialJob(job.data, { cache, workerId: id, attempt: job.retryCount + 1 })));
      }
      if (failed.length + jobs.length === 0) await sleep(pollMs);
    }
  };

  let force = false;
  const done = (async () => {
    try {
      await loop();
    } finally {
      while (inFlight.size && !force) await Promise.race(inFlight);
      await cache.close();
    }
  })();

  return {
    id,
    done,
    get handled() {
      return handled;
    },
    stop() {
      if (stopping) force = true;
      stopping = true;
      wake?.();
    },
  };
}
