import pLimit from "p-limit";
import type { LoadedSuite } from "@/datasets/load";
import type { RunDeps } from "./deps";
import { buildRecord, type RunMeta, type RunRecord } from "./record";
import { reduceTask, summarizeRun, type TaskStats } from "./reducers";
import { runTrial } from "./run-trial";
import type { TrialResult } from "./types";

export interface RunOptions {
  /** k: trials per task. */
  trials: number;
  /** Trials in flight at once. */
  concurrency: number;
  /** Overrides the suite's threshold. */
  threshold?: number;
}

/**
 * Runs every task k times with at most `concurrency` trials in flight, each from a fresh sandbox,
 * then folds the trials into per-task stats, the run summary and the gate.
 */
export interface RunOutcome {
  record: RunRecord;
  /** Where the run record was written, when it was. */
  recordPath: string | null;
}

export async function runSuite(suite: LoadedSuite, options: RunOptions, deps: RunDeps): Promise<RunOutcome> {
  const meta: RunMeta = {
    runId: deps.newRunId(),
    startedAt: new Date(deps.now()).toISOString(),
    suite,
    agentSpec: deps.agent.spec,
    judge: deps.judge,
    trials: options.trials,
    concurrency: options.concurrency,
    threshold: options.threshold ?? suite.threshold,
  };
  await deps.beginRun(meta);
  try {
    const limit = pLimit(options.concurrency);
    const total = suite.tasks.length * options.trials;
    const byTask = new Map<string, TrialResult[]>(suite.tasks.map((t) => [t.id, []]));
    let done = 0;
    deps.onProgress?.(0, total);
    const context = { runId: meta.runId, agent: deps.agent, sandbox: suite.sandbox?.definition ?? null, judge: deps.judge, now: deps.now };
    const jobs: Promise<void>[] = [];
    // Trial-major order: every task gets its first trial before any gets its second.
    for (let trialIndex = 0; trialIndex < options.trials; trialIndex++) {
      for (const task of suite.tasks) {
        jobs.push(
          limit(async () => {
            const trial = await runTrial(task, trialIndex, context);
            byTask.get(task.id)!.push(trial);
            deps.saveTrial(trial);
            deps.onProgress?.(++done, total);
          }),
        );
      }
    }
    await Promise.all(jobs);

    const stats = new Map<string, TaskStats>();
    for (const task of suite.tasks) {
      const trials = byTask.get(task.id)!.sort((a, b) => a.trialIndex - b.trialIndex);
      stats.set(task.id, reduceTask(trials, options.trials));
    }
    const all = [...byTask.values()].flat();
    const judge = deps.judge ? { label: deps.judge.label, approved: deps.judge.approved, approvalReason: deps.judge.approvalReason } : null;
    const summary = summarizeRun(all, stats, meta.threshold, judge);
    const record = buildRecord(meta, byTask, stats, summary, new Date(deps.now()).toISOString());
    const recordPath = await deps.finishRun(record);
    return { record, recordPath };
  } catch (error) {
    await deps.abortRun?.(meta.runId, error as Error).catch(() => undefined);
    throw error;
  }
}
