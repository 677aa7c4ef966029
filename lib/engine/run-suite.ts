import type { LoadedSuite } from "@/datasets/load";
import { applyBaselineGates } from "@/lib/gates/evaluate";
import { evaluateHardGates } from "@/lib/gates/hard";
import type { RunDeps, RunLinks } from "./deps";
import { computeRunMetrics } from "./metrics";
import { buildRecord, type BaselineRequest, type RunMeta, type RunRecord, type RunSource } from "./record";
import { reduceTask, summarizeRun, type TaskStats } from "./reducers";
import { runTrial } from "./run-trial";
import type { TrialResult } from "../trial/types";

export interface RunOptions {
  /** k: trials per task. */
  trials: number;
  /** Trials in flight at once. */
  concurrency: number;
  /** Overrides the suite's threshold. */
  threshold?: number;
  /** Where the run comes from (agent label, git, CI job); default: the agent spec, no git. */
  source?: Partial<RunSource>;
  /** What the baseline gates compare with (default: auto). */
  baseline?: BaselineRequest;
  /** Continue an interrupted run: only the (task, trial) pairs not in `existing` run. */
  resume?: { runId: string; startedAt: string; existing: TrialResult[] };
}

/**
 * Runs every task k times with at most `concurrency` trials in flight, each from a fresh sandbox,
 * then folds the trials into per-task stats, the run summary and the gate.
 */
export interface RunOutcome {
  record: RunRecord;
  /** Where the run record was written, when it was. */
  recordPath: string | null;
  links?: RunLinks;
}

/** The run's source with nothing left undefined. The spec is not a label: an unnamed agent stays unnamed. */
export function defaultSource(_agentSpec: string, source: Partial<RunSource> = {}): RunSource {
  const defaultBranch = source.defaultBranch ?? "main";
  const branch = source.branch ?? null;
  return {
    agentLabel: source.agentLabel ?? null,
    commit: source.commit ?? null,
    branch,
    ciJob: source.ciJob ?? null,
    defaultBranch,
    onDefaultBranch: source.onDefaultBranch ?? (branch !== null && branch === defaultBranch),
  };
}

export async function runSuite(suite: LoadedSuite, options: RunOptions, deps: RunDeps): Promise<RunOutcome> {
  const meta: RunMeta = {
    runId: options.resume?.runId ?? deps.newRunId(),
    startedAt: options.resume?.startedAt ?? new Date(deps.now()).toISOString(),
    suite,
    agentSpec: deps.agent.spec,
    judge: deps.judge,
    trials: options.trials,
    concurrency: options.concurrency,
    threshold: options.threshold ?? suite.threshold,
    source: defaultSource(deps.agent.spec, options.source),
    baseline: options.baseline ?? "auto",
    resumed: options.resume !== undefined,
  };
  await deps.beginRun(meta);
  try {
    const total = suite.tasks.length * options.trials;
    const byTask = new Map<string, TrialResult[]>(suite.tasks.map((t) => [t.id, []]));
    const stored = new Set<string>();
    for (const trial of options.resume?.existing ?? []) {
      const list = byTask.get(trial.taskId);
      // A trial of a task the suite no longer has, or past k, is not this run's to count.
      if (!list || trial.trialIndex >= options.trials) continue;
      list.push(trial);
      stored.add(`${trial.taskId}\0${trial.trialIndex}`);
    }
    let done = stored.size;
    deps.onProgress?.(done, total);
    const context = { runId: meta.runId, agent: deps.agent, sandbox: suite.sandbox?.definition ?? null, judge: deps.judge, now: deps.now };
    // `concurrency` workers take the next (trial, task) pair in trial-major order — every task gets its
    // first trial before any gets its second — rather than a queued promise per trial made up front
    // (10,000 closures and their promises for a 2,000 × 5 run, all alive until the end).
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < total) {
        const at = next++;
        const task = suite.tasks[at % suite.tasks.length]!;
        const trialIndex = Math.floor(at / suite.tasks.length);
        if (stored.size && stored.has(`${task.id}\0${trialIndex}`)) continue;
        try {
          const trial = await runTrial(task, trialIndex, context);
          byTask.get(task.id)!.push(trial);
          deps.saveTrial(trial);
          deps.onProgress?.(++done, total);
        } catch (error) {
          failed = true; // the other workers start nothing new
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, total) }, worker));
    return await foldRun(suite, meta, byTask, deps);
  } catch (error) {
    await deps.abortRun?.(meta.runId, error as Error).catch(() => undefined);
    throw error;
  }
}

/**
 * Folds a run's trials (k per task, by task id) into per-task stats, the summary and the gate — the
 * baseline gates too, against the history deps.findBaseline reads — and hands the record to
 * deps.finishRun. runSuite ends here; so does a distributed run, whose trials were run by workers
 * (lib/distributed).
 */
export async function foldRun(
  suite: LoadedSuite,
  meta: RunMeta,
  byTask: Map<string, TrialResult[]>,
  deps: Pick<RunDeps, "judge" | "now" | "findBaseline" | "finishRun">,
): Promise<RunOutcome> {
  const stats = new Map<string, TaskStats>();
  const folded = suite.tasks.map((task) => {
    const trials = byTask.get(task.id)!.sort((a, b) => a.trialIndex - b.trialIndex);
    const s = reduceTask(trials, meta.trials);
    stats.set(task.id, s);
    return { id: task.id, tags: task.tags, graderKinds: task.graders.map((g) => g.kind), stats: s, trials };
  });
  const all = [...byTask.values()].flat();
  const judge = deps.judge ? { label: deps.judge.label, approved: deps.judge.approved, approvalReason: deps.judge.approvalReason } : null;
  const metrics = computeRunMetrics(folded, meta.trials);
  const summary = summarizeRun(all, stats, meta.threshold, judge, { metrics, gates: evaluateHardGates(suite.gates.hard, folded) });
  const record = buildRecord(meta, byTask, stats, summary, new Date(deps.now()).toISOString());
  const find = deps.findBaseline;
  if (!find) return deps.finishRun(record);
  const gated = await applyBaselineGates(record.summary, record.config.gates, (window) =>
    find({
      suiteName: record.suite.name,
      suiteHash: record.suite.hash,
      agentLabel: record.source.agentLabel,
      runId: record.runId,
      request: record.config.baseline,
      window,
    }),
  );
  return deps.finishRun({ ...record, summary: gated.summary });
}
