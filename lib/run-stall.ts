import { roughDuration } from "./run-progress";

/** A distributed run's jobs in the queue (pg-boss), as lib/db/distributed.ts reads them. */
export interface RunJobs {
  /** Jobs of this run due to be taken now (created, or retried past their delay), not yet claimed. */
  waiting: number;
  /** Jobs of this run a worker holds. */
  active: number;
  /** Seconds since a worker last claimed one of this run's jobs; null when none ever was. */
  sinceLastClaimSeconds: number | null;
  /** Seconds the oldest waiting job has waited. */
  oldestWaitingSeconds: number;
  /** Jobs of other runs workers hold right now (the queue is shared). */
  otherRunsActive: number;
}

/** Seconds without a claim, with jobs waiting, before a run is said to be stalled (`gavel wait --stalled-after`). */
export const STALLED_AFTER_SECONDS = 60;

const jobs = (n: number) => (n === 1 ? "1 job" : `${n.toLocaleString("en-US")} jobs`);

/**
 * Why nobody is taking a run's jobs, or null while someone is (or nothing waits). A run is stalled when
 * jobs are due, no worker holds one, and none was claimed for `afterSeconds` (or since they were
 * queued). The reason says what to do: start a worker; or, when workers are busy with other runs'
 * jobs, that this run waits behind them.
 */
export function stallReason(q: RunJobs, afterSeconds = STALLED_AFTER_SECONDS): string | null {
  if (q.waiting === 0 || q.active > 0) return null;
  const idle = q.sinceLastClaimSeconds ?? q.oldestWaitingSeconds;
  if (idle < afterSeconds) return null;
  const head = `${jobs(q.waiting)} waiting ${roughDuration(q.oldestWaitingSeconds)}`;
  if (q.otherRunsActive > 0)
    return `${head}, behind ${jobs(q.otherRunsActive)} of other runs the workers are taking: start more \`gavel worker\` processes to run it sooner`;
  if (q.sinceLastClaimSeconds === null)
    return `${head}, no worker has claimed any: start \`gavel worker\` on a machine that reaches this database`;
  return `${head}, no worker has claimed one for ${roughDuration(q.sinceLastClaimSeconds)}: the workers have stopped; start \`gavel worker\` again`;
}
