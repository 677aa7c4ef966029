import { writeFileSync } from "node:fs";
import { loadSuite } from "@/datasets/load";
import { findDistributedRun, getRunProgress, type DistributedRun, type RunProgress } from "@/lib/db/distributed";
import { loadStoredTrials } from "@/lib/db/run-resume";
import { defaultSource, foldRun, type RunOutcome } from "@/lib/engine/run-suite";
import { recordSummary, type RunMeta } from "@/lib/engine/record";
import { progressFigures, roughDuration } from "@/lib/run-progress";
import type { TrialResult } from "@/lib/trial/types";
import { ciSource } from "./ci-source";
import { localDeps } from "./deps-local";
import { EXIT, UsageError } from "./exit";
import type { Logger } from "./logger";
import type { Progress } from "./progress";
import { renderJunit } from "./report/junit";
import { renderSummaryMarkdown } from "./report/summary-md";
import { renderTable } from "./report/table";

export { requirePostgres } from "./distributed-db";

/** One line on who is working and how fast: printed beside the progress every so often. */
export function describeProgress(p: RunProgress): string {
  const { perSecond, etaSeconds } = progressFigures(p);
  const workers = p.activeWorkers.length
    ? `${p.activeWorkers.length} active (${p.activeWorkers.slice(0, 4).join(", ")}${p.activeWorkers.length > 4 ? ", …" : ""})`
    : "none active";
  return `workers: ${workers} · errors ${p.errors} · ${perSecond === null ? "rate unknown yet" : `${perSecond.toFixed(1)} trials/s`}${etaSeconds ? ` · about ${roughDuration(etaSeconds)} left` : ""}`;
}

export interface FollowOptions {
  progress: Progress | null;
  logger: Logger;
  pollMs?: number;
  /** Give up after this long (exit 3); wait forever when absent. */
  timeoutMs?: number;
  quiet?: boolean;
  /** Seconds without a claimed job before the run is said to be stalled (default STALLED_AFTER_SECONDS). */
  stalledAfterSeconds?: number;
}

/** How often a stalled run's reason is repeated while it stays stalled. */
const STALL_REPEAT_MS = 60_000;

/** Follows a run until every (task, trial) is stored or the run stopped running. Returns the last progress seen. */
export async function followRun(runId: string, options: FollowOptions): Promise<RunProgress> {
  const pollMs = options.pollMs ?? 1000;
  const started = Date.now();
  const seenProblems = new Set<string>();
  let lastWorkersLine = 0;
  let lastStallLine = 0;
  for (;;) {
    const progress = await getRunProgress(runId, { stalledAfterSeconds: options.stalledAfterSeconds });
    if (!progress) throw new UsageError(`no run ${runId} in this database`);
    options.progress?.update(progress.done, progress.total);
    const run = await findDistributedRun(runId);
    for (const problem of run?.problems ?? []) {
      if (!seenProblems.has(problem)) options.logger.warn(problem);
      seenProblems.add(problem);
    }
    if (progress.done >= progress.total || progress.status !== "running") return progress;
    // Said even with --quiet, like the workers' problems: nothing will happen until someone acts.
    if (!progress.stalled) lastStallLine = 0;
    else if (Date.now() - lastStallLine >= STALL_REPEAT_MS) {
      options.logger.warn(`run ${runId} is stalled: ${progress.stalled}`);
      lastStallLine = Date.now();
    }
    if (!options.quiet && Date.now() - lastWorkersLine >= 10_000) {
      options.logger.info(describeProgress(progress));
      lastWorkersLine = Date.now();
    }
    if (options.timeoutMs !== undefined && Date.now() - started > options.timeoutMs) {
      throw new FollowTimeout(
        `run ${runId}: ${progress.done}/${progress.total} trials stored after ${Math.round(options.timeoutMs / 1000)} s; it goes on in the workers (gavel wait ${runId})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export class FollowTimeout extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FollowTimeout";
  }
}

/**
 * Every trial is stored: fold them exactly as a local run folds its own (lib/engine foldRun), then
 * finish through the same deps as a local run (baseline gates from the history, the run record on
 * disk, the run row completed).
 */
export async function finishDistributedRun(run: DistributedRun, outDir: string): Promise<RunOutcome> {
  if (!run.plan) throw new UsageError(`run ${run.id} is not a distributed run`);
  const suite = await loadSuite(run.plan.suite);
  if (suite.hash !== run.suiteHash) {
    throw new UsageError(
      `run ${run.id} ran suite version ${run.suiteHash.slice(0, 12)}, but ${run.plan.suite} here is ${suite.hash.slice(0, 12)}: finish it where the suite is unchanged`,
    );
  }
  const byTask = new Map<string, TrialResult[]>(suite.tasks.map((t) => [t.id, []]));
  for (const trial of await loadStoredTrials(run.id)) {
    if (trial.trialIndex < run.trialsPerTask) byTask.get(trial.taskId)?.push(trial);
  }
  const found = ciSource(process.env, {});
  const meta: RunMeta = {
    runId: run.id,
    startedAt: run.startedAt.toISOString(),
    suite,
    agentSpec: run.agentSpec,
    judge: undefined,
    trials: run.trialsPerTask,
    concurrency: run.concurrency,
    threshold: run.threshold,
    source: defaultSource(run.agentSpec, {
      agentLabel: run.agentLabel,
      ...run.source,
      defaultBranch: found.defaultBranch,
    }),
    baseline: run.plan.baseline,
    resumed: false,
  };
  const deps = localDeps({
    agent: { spec: run.agentSpec, run: () => Promise.reject(new Error("a finishing run calls no agent")) },
    outDir,
  });
  return foldRun(suite, meta, byTask, deps);
}

export interface ReportFlags {
  json?: boolean;
  quiet?: boolean;
  junit?: string;
  summaryMd?: string;
}

/** The same report and exit code as a local run. */
export function reportRun(outcome: RunOutcome, flags: ReportFlags, logger: Logger): void {
  const { record, recordPath } = outcome;
  if (flags.junit) writeFileSync(flags.junit, renderJunit(record, outcome.links));
  if (flags.summaryMd) writeFileSync(flags.summaryMd, renderSummaryMarkdown(record, { links: outcome.links }));
  logger.out(
    flags.json
      ? JSON.stringify({ ...recordSummary(record, recordPath), links: null }, null, 2)
      : renderTable(record, recordPath, { quiet: flags.quiet }),
  );
  process.exitCode = record.summary.gate.passed ? EXIT.ok : EXIT.gateFailed;
}
